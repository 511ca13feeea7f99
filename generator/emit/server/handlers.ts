/**
 * `server/handlers.ts`: the typed handler of every operation. Input: validated path, query, headers and body
 * plus the principal; output: the success body, an async iterable of events for SSE, bytes or a stream for
 * binary responses, or `reply(status, body)` for anything else.
 */
import { CodeBlockWriter, StructureKind, type StatementStructures } from 'ts-morph';
import { successResponse } from '../../ir/queries.ts';
import type { Api, Operation } from '../../ir/types.ts';
import { printFile, printStatements } from '../ts/project.ts';
import { quote, typeKey } from '../ts/literal.ts';
import { typeOf, type TypeUse, type TypeWriter } from '../ts/type-expr.ts';

const print = (t: TypeWriter): string => {
  const w = new CodeBlockWriter();
  t(w);
  return w.toString();
};

function outputType(op: Operation, use: TypeUse, names: Set<string>): string {
  const ok = successResponse(op);
  const parts: string[] = [];
  for (const c of ok?.contents ?? []) {
    if (c.kind === 'json' && c.type && !parts.includes(op.names.response)) {
      names.add(op.names.response);
      parts.push(op.names.response);
    } else if (c.kind === 'sse' && c.sse) {
      const events = c.sse.events.map((e) => (c.sse!.framing === 'named' ? `NamedEvent<${quote(e.name)}, ${print(typeOf(e.type, use))}>` : print(typeOf(e.type, use))));
      parts.push(`AsyncIterable<${events.length ? events.join(' | ') : 'unknown'}>`);
    } else if (c.kind === 'binary') parts.push('BinaryBody');
    else if (c.kind === 'text') parts.push('string');
  }
  if (!ok || !ok.contents.length) parts.push('void');
  parts.push('Reply');
  return [...new Set(parts)].join(' | ');
}

export function handlersFile(api: Api): { path: string; contents: string } {
  const path = 'server/handlers.ts';
  const names = new Set<string>();
  const enums = new Set<string>();
  const byName = new Map(api.schemas.map((s) => [s.name, s.typeName]));
  // Everything from the types index (one import, no duplicate names), enums from the tables.
  const use: TypeUse = {
    schema: (n) => {
      const t = byName.get(n) ?? 'unknown';
      if (t !== 'unknown') names.add(t);
      return t;
    },
    enumType: (n) => (enums.add(n), n),
  };
  const members = [...api.operations]
    .sort((a, b) => (a.operationId < b.operationId ? -1 : 1))
    .map((op) => {
      const loc = (where: Operation['parameters'][number]['in'], name: string) => {
        if (!op.parameters.some((p) => p.in === where)) return 'None';
        names.add(name);
        return name;
      };
      const body = op.requestBody?.contents.length ? (names.add(op.names.body), op.requestBody.required ? op.names.body : `${op.names.body} | undefined`) : 'undefined';
      const input = `HandlerInput<${loc('path', op.names.pathParams)}, ${loc('query', op.names.query)}, ${loc('header', op.names.headers)}, ${body}>`;
      return {
        name: typeKey(op.operationId),
        hasQuestionToken: true,
        docs: [`${op.method.toUpperCase()} ${op.path}${op.summary ? `: ${op.summary}` : ''}`],
        type: `(input: ${input}) => Awaitable<${outputType(op, use, names)}>`,
      };
    });
  const statements: (string | StatementStructures)[] = [
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './core.js', namedImports: ['BinaryBody', 'HandlerExtras', 'Reply'] },
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './sse.js', namedImports: ['NamedEvent'] },
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../validators/index.js', namedImports: ['ValidatedRequest'] },
  ];
  const interfaceStatement: StatementStructures = { kind: StructureKind.Interface, isExported: true, name: 'Handlers', docs: ['One handler per operationId; a missing handler answers 501.'], properties: members };
  const rest: (string | StatementStructures)[] = [
    '/** Parameters of a kind the operation does not have. */\nexport type None = Record<string, never>;',
    'export type Awaitable<T> = T | Promise<T>;',
    '/** What a handler receives: the validated, coerced request and who is calling. */\nexport type HandlerInput<P, Q, H, B> = ValidatedRequest<P, Q, H, B> & HandlerExtras;',
    interfaceStatement,
  ];
  // The types are known only after the writers ran: print the body first, then add the imports.
  const body = printStatements(path, rest);
  if (names.size) statements.push({ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../types/index.js', namedImports: [...names].sort() });
  if (enums.size) statements.push({ kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: '../tables/enums.js', namedImports: [...enums].sort() });
  return { path, contents: printFile(path, [...statements, body]) };
}
