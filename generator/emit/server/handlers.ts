/**
 * `server/handlers.ts`: the typed handler of every operation. Input: validated path, query, headers and body
 * plus the principal; output: the success body, an async iterable of events for SSE, bytes or a stream for
 * binary responses, or `reply(status, body)` for anything else.
 */
import { CodeBlockWriter, StructureKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import { printFile, printStatements } from '../ts/project.ts';
import { quote, typeKey } from '../ts/literal.ts';
import { importRegistry, type Imports } from '../ts/imports.ts';
import { typeOf, type TypeWriter } from '../ts/type-expr.ts';

const print = (t: TypeWriter): string => {
  const w = new CodeBlockWriter();
  t(w);
  return w.toString();
};

function outputType(op: Operation, use: Imports): string {
  const ok = op.success;
  const parts: string[] = [];
  for (const c of ok?.contents ?? []) {
    if (c.kind === 'json' && c.type && !parts.includes(op.names.response)) {
      parts.push(use.opType(op, op.names.response));
    } else if (c.kind === 'sse' && c.sse) {
      const named = (e: { name: string }) =>
        `${use.from('server/sse.ts', 'NamedEvent', true)}<${quote(e.name)}, `;
      const events = c.sse.events.map((e) =>
        c.sse!.framing === 'named' ? `${named(e)}${print(typeOf(e.type, use))}>` : print(typeOf(e.type, use)),
      );
      parts.push(`AsyncIterable<${events.length ? events.join(' | ') : 'unknown'}>`);
    } else if (c.kind === 'binary') parts.push(use.from('server/core.ts', 'BinaryBody', true));
    else if (c.kind === 'text') parts.push('string');
  }
  if (!ok?.contents.length) parts.push('void');
  parts.push(use.from('server/core.ts', 'Reply', true));
  return [...new Set(parts)].join(' | ');
}

export function handlersFile(api: Api): { path: string; contents: string } {
  const path = 'server/handlers.ts';
  // Every type from the types index (one import, no duplicate names), enums from the tables.
  const use = importRegistry(api, path, { types: 'index' });
  const members = [...api.operations]
    .sort((a, b) => (a.operationId < b.operationId ? -1 : 1))
    .map((op) => {
      const loc = (where: Operation['parameters'][number]['in'], name: string) =>
        op.parameters.some((p) => p.in === where) ? use.opType(op, name) : 'None';
      const body = op.requestBody?.contents.length
        ? op.requestBody.required
          ? use.opType(op, op.names.body)
          : `${use.opType(op, op.names.body)} | undefined`
        : 'undefined';
      const input = `HandlerInput<${loc('path', op.names.pathParams)}, ${loc('query', op.names.query)}, ${loc('header', op.names.headers)}, ${body}>`;
      return {
        name: typeKey(op.operationId),
        hasQuestionToken: true,
        docs: [`${op.method.toUpperCase()} ${op.path}${op.summary ? `: ${op.summary}` : ''}`],
        type: `(input: ${input}) => Awaitable<${outputType(op, use)}>`,
      };
    });
  const interfaceStatement: StatementStructures = {
    kind: StructureKind.Interface,
    isExported: true,
    name: 'Handlers',
    docs: ['One handler per operationId; a missing handler answers 501.'],
    properties: members,
  };
  const rest: (string | StatementStructures)[] = [
    '/** Parameters of a kind the operation does not have. */\nexport type None = Record<string, never>;',
    'export type Awaitable<T> = T | Promise<T>;',
    `/** What a handler receives: the validated, coerced request and who is calling. */\nexport type HandlerInput<P, Q, H, B> = ${use.from('validators/index.ts', 'ValidatedRequest', true)}<P, Q, H, B> & ${use.from('server/core.ts', 'HandlerExtras', true)};`,
    interfaceStatement,
  ];
  // The types are known only after the writers ran: print the body first, then take the imports.
  const body = printStatements(path, rest);
  return { path, contents: printFile(path, [...use.declarations(), body]) };
}
