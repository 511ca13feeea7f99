/**
 * Type-checks the ```ts snippets of generated Markdown against a generated tree. A snippet is a fragment, so the
 * names it uses without declaring (`client`, `fs`, a raw body...) are declared by a prelude of fixed types; imports
 * of the tree's packages (by their package.json names) resolve into the tree.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { strictProgram } from '../../helpers/strict-program.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? markdownFiles(path.join(dir, e.name))
      : e.name.endsWith('.md')
        ? [path.join(dir, e.name)]
        : [],
  );
}

export function tsSnippets(markdown: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ts\s*$/.test(lines[i]!)) continue;
    const start = i + 1;
    while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1]!)) i++;
    out.push({ line: start + 1, code: lines.slice(start, i + 1).join('\n') });
    i++;
  }
  return out;
}

/** Declarations for the free names the snippets use, unless the snippet declares or imports them itself. */
function prelude(code: string, clientIndex: string, clientName: string): string {
  const has = (name: string) =>
    new RegExp(`\\b(const|let|var)\\s+${name}\\b|import\\s*\\{[^}]*\\b${name}\\b`).test(code);
  const lines = [`import * as fs from 'node:fs';`];
  if (!new RegExp(`import\\s*\\{[^}]*\\b${clientName}\\b`).test(code))
    lines.push(`import { ${clientName} } from '${clientIndex}';`);
  if (!has('client')) lines.push(`declare const client: ${clientName};`);
  lines.push(
    'declare function readJwt(): string;',
    'declare const cert: string, key: string, ca: string;',
    'declare const rawBody: string;',
    'declare const request: { headers: Record<string, string> };',
  );
  return lines.join('\n');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Problems (`file:line: message`) of every ts snippet in the Markdown files of `tree` (a generated output folder
 * with `client/` and, optionally, `server/`); `scratch` is a folder of the repository the checks may use.
 */
export function snippetProblems(
  tree: string,
  clientName: string,
  scratch: string,
): { count: number; problems: string[] } {
  const packages: Record<string, string> = Object.fromEntries(
    ['client', 'server']
      .filter((dir) => existsSync(path.join(tree, dir, 'package.json')))
      .map((dir) => [
        (JSON.parse(readFileSync(path.join(tree, dir, 'package.json'), 'utf8')) as { name: string }).name,
        dir,
      ]),
  );
  const packageImport = new RegExp(
    `from '(${Object.keys(packages).map(escape).join('|')})(?:/([\\w/-]+))?'`,
    'g',
  );
  const snippets = markdownFiles(tree).flatMap((file) =>
    tsSnippets(readFileSync(file, 'utf8')).map((s) => ({ ...s, file: path.relative(root, file) })),
  );
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const clientIndex = path.join(tree, 'client', 'index.js');
  const where = new Map<string, string>();
  const names = snippets.map((s, i) => {
    const name = path.join(scratch, `snippet-${i}.ts`);
    const code = s.code
      .replace(/from '\.\/client\/index\.js'/g, `from '${clientIndex}'`)
      .replace(/from '\.\/emulator\/index\.js'/g, `from '${path.join(tree, 'emulator', 'index.js')}'`)
      .replace(
        packageImport,
        (_, pkg: string, sub: string | undefined) =>
          `from '${path.join(tree, packages[pkg]!, sub ?? 'index')}.js'`,
      );
    // The prelude is one line per declaration; the snippet follows, and `export {}` makes each file a module.
    writeFileSync(name, `${prelude(code, clientIndex, clientName)}\n${code}\nexport {};\n`);
    where.set(name, `${s.file}:${s.line}`);
    return name;
  });
  const program = strictProgram(names, {
    // `undici` (the package behind Node's fetch) is typed by the `undici-types` that @types/node brings.
    paths: { undici: [path.join(root, 'node_modules/undici-types/index.d.ts')] },
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && where.has(path.resolve(d.file.fileName)))
    .map(
      (d) =>
        `${where.get(path.resolve(d.file!.fileName))}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n  ${d.file!.text.split('\n')[d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line]}`,
    );
  rmSync(scratch, { recursive: true, force: true });
  return { count: snippets.length, problems };
}
