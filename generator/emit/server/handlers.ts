/**
 * `server/handlers.ts`: the typed handler of every operation, its types named as Fastify names a route's generics:
 * `params`, `query`, `headers` and `body` for the parts of the request the operation has (a part it does not have is
 * left out), `result` for what it returns on success (the JSON value, an async iterable of events for SSE, bytes or
 * a stream for binary responses, text), and `responses`, every declared response's body by status, which types the
 * `reply(status, body)` it receives.
 */
import { CodeBlockWriter, StructureKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { Response } from '../../ir/response.ts';
import { printFile, printStatements } from '../ts/project.ts';
import { quote, typeKey } from '../ts/literal.ts';
import { importRegistry, type Imports } from '../ts/imports.ts';
import { typeOf, type TypeWriter } from '../ts/type-expr.ts';
import { requestBodyType } from '../operation-facts.ts';

const print = (t: TypeWriter): string => {
  const w = new CodeBlockWriter();
  t(w);
  return w.toString();
};

/** The body type of one response: each content's type, once; `undefined` for a response without content. */
function bodyType(op: Operation, response: Response, use: Imports): string {
  const parts: string[] = [];
  for (const c of response.contents) {
    if (c.kind === 'json')
      parts.push(
        c.type
          ? response === op.success
            ? use.opType(op, op.names.response)
            : print(typeOf(c.type, use))
          : 'unknown',
      );
    else if (c.kind === 'sse' && c.sse) {
      const named = (e: { name: string }) =>
        `${use.from('server/pipeline/sse.ts', 'NamedEvent', true)}<${quote(e.name)}, `;
      const events = c.sse.events.map((e) =>
        c.sse!.framing === 'named' ? `${named(e)}${print(typeOf(e.type, use))}>` : print(typeOf(e.type, use)),
      );
      parts.push(`AsyncIterable<${events.length ? events.join(' | ') : 'unknown'}>`);
    } else if (c.kind === 'binary') parts.push(use.from('server/core/types.ts', 'BinaryBody', true));
    else if (c.kind === 'text') parts.push('string');
    else parts.push('undefined');
  }
  return parts.length ? [...new Set(parts)].join(' | ') : 'undefined';
}

/** A declared status as a key of `responses`: `200` (a number), `'4XX'`, `default`. */
function statusKey(status: string): string {
  if (/^\d{3}$/.test(status)) return String(Number(status));
  if (/^[1-5]xx$/i.test(status)) return quote(status.toUpperCase());
  return typeKey(status);
}

function routeType(op: Operation, use: Imports): string {
  const members: string[] = [];
  const has = (where: Operation['parameters'][number]['in']) => op.parameters.some((p) => p.in === where);
  if (has('path')) members.push(`params: ${use.opType(op, op.names.pathParams)};`);
  if (has('query')) members.push(`query: ${use.opType(op, op.names.query)};`);
  if (has('header')) members.push(`headers: ${use.opType(op, op.names.headers)};`);
  if (op.requestBody?.contents.length)
    members.push(
      `body: ${requestBodyType(op, use.opType(op, op.names.body))}${op.requestBody.required ? '' : ' | undefined'};`,
    );
  // Returning nothing answers a success the spec gives no content (`void`).
  const success = op.success?.contents.length ? bodyType(op, op.success, use) : 'void';
  members.push(`result: ${success};`);
  const responses = op.responses.map((r) => `${statusKey(r.status)}: ${bodyType(op, r, use)};`);
  members.push(responses.length ? `responses: { ${responses.join(' ')} };` : 'responses: {};');
  return `{ ${members.join(' ')} }`;
}

export function handlersFile(api: Api): { path: string; contents: string } {
  const path = 'server/handlers.ts';
  // Every type from the types index (one import, no duplicate names), enums from the tables.
  const use = importRegistry(api, path, { types: 'index' });
  const handler = use.from('server/core/handler.ts', 'Handler', true);
  const members = [...api.operations]
    .sort((a, b) => (a.operationId < b.operationId ? -1 : 1))
    .map((op) => ({
      name: typeKey(op.operationId),
      hasQuestionToken: true,
      docs: [`\`${op.method.toUpperCase()} ${op.path}\`${op.summary ? `: ${op.summary}` : ''}`],
      type: `${handler}<${routeType(op, use)}>`,
    }));
  const interfaceStatement: StatementStructures = {
    kind: StructureKind.Interface,
    isExported: true,
    name: 'Handlers',
    docs: ['One handler per operationId; a missing handler answers 501.'],
    properties: members,
  };
  // The types are known only after the writers ran: print the body first, then take the imports.
  const body = printStatements(path, [interfaceStatement]);
  return { path, contents: printFile(path, [...use.declarations(), body]) };
}
