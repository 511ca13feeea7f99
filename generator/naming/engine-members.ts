/**
 * The members of the client engine's classes, read from the engine's own source: a generated client extends
 * `ClientBase` and every resource extends `APIResource`, so a top-level resource (or a method) named like one of
 * their members (private ones too) would not compile. The classes are found by name anywhere under the client
 * runtime's folder of templates/, so the list follows the source wherever its files move and can never drift
 * from it (test/passes/engine-members.test.ts generates a client with a resource named after every member).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ts } from 'ts-morph';

/** Where the client engine lives (under templates/), and its classes that generated classes extend. */
export const ENGINE = {
  folder: 'client',
  /** The base class of the generated client class. */
  client: 'ClientBase',
  /** The base class of every generated resource class. */
  resource: 'APIResource',
} as const;

/** Members of the generated client class itself (emit/client/client-class.ts), beside the resources. */
const GENERATED_CLIENT_MEMBERS = ['webhooks'];

/** Names every object has: a member named so would shadow `Object.prototype`'s. */
const OBJECT_MEMBERS = Object.getOwnPropertyNames(Object.prototype);

const templates = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../templates');

let cached: { client: ReadonlySet<string>; resource: ReadonlySet<string> } | undefined;

/** The names a top-level resource (`client`) and a resource's member (`resource`) may not take. */
export function engineMembers(): { client: ReadonlySet<string>; resource: ReadonlySet<string> } {
  if (cached) return cached;
  const classes = engineClasses();
  cached = {
    client: new Set([...membersOf(ENGINE.client, classes), ...GENERATED_CLIENT_MEMBERS, ...OBJECT_MEMBERS]),
    resource: new Set([...membersOf(ENGINE.resource, classes), ...OBJECT_MEMBERS]),
  };
  return cached;
}

/** Every class declared in the engine's folder, by name. */
function engineClasses(): Map<string, ts.ClassDeclaration> {
  const found = new Map<string, ts.ClassDeclaration>();
  const folder = path.join(templates, ENGINE.folder);
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const file of files.sort()) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    if (!text.includes('class ')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const s of source.statements)
      if (ts.isClassDeclaration(s) && s.name && !found.has(s.name.text)) found.set(s.name.text, s);
  }
  return found;
}

/** The member names of a class and of the engine classes it extends. */
function membersOf(name: string, classes: Map<string, ts.ClassDeclaration>): string[] {
  const declaration = classes.get(name);
  if (!declaration)
    throw new Error(`the client engine declares no class ${name} under templates/${ENGINE.folder}/`);
  const own = declaration.members.flatMap((m) => {
    if (ts.isConstructorDeclaration(m)) return ['constructor'];
    const n = m.name;
    return n && (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteral(n)) ? [n.text] : [];
  });
  const bases = (declaration.heritageClauses ?? [])
    .filter((h) => h.token === ts.SyntaxKind.ExtendsKeyword)
    .flatMap((h) => h.types.map((t) => t.expression.getText(declaration.getSourceFile())))
    .filter((base) => classes.has(base));
  return [...own, ...bases.flatMap((base) => membersOf(base, classes))];
}
