import type { RequestBodyContent } from '../../../generator/ir/body.ts';
import type { Operation } from '../../../generator/ir/operation.ts';
import type { ResponseContent } from '../../../generator/ir/response.ts';
import { pathValue, successContent, values } from './shared.ts';

export interface ValidRequest {
  path: Record<string, string>;
  query: Record<string, unknown>;
  /** What the handler must see in `input.query`: the sent values coerced, plus defaults. */
  expectedQuery: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
  content?: RequestBodyContent;
}

/** Numbers inside the bounds but away from the default, so coercion and defaults are both visible. */
function queryValue(op: Operation, name: string): unknown {
  const p = op.parameters.find((x) => x.name === name)!;
  const t = values.resolve(p.type);
  if (t.kind === 'number') return Math.min(t.maximum ?? 5, Math.max(t.minimum ?? 0, 5));
  if (t.kind === 'enum') return t.values[t.values.length - 1];
  return values.gen(p.type, 1);
}

export function validRequest(op: Operation, content = op.requestBody?.contents[0]): ValidRequest {
  const path: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  const expectedQuery: Record<string, unknown> = {};
  for (const p of op.parameters) {
    // Handlers see path parameters under their identifiers (camelCase), decoded.
    if (p.in === 'path') path[p.identifier] = pathValue(p.name);
    if (p.in !== 'query') continue;
    if (p.type.default !== undefined && !p.required) {
      // Left out: the handler must see the default.
      expectedQuery[p.name] = p.type.default;
      continue;
    }
    const v = queryValue(op, p.name);
    query[p.name] = v;
    expectedQuery[p.name] = v;
  }
  const headers: Record<string, string> = {};
  if (op.parameters.some((p) => p.in === 'header' && p.name === 'Service-Project'))
    headers['Service-Project'] = 'proj_1';
  const body = content ? values.gen(content.type, 0, 0, content.kind === 'multipart') : undefined;
  return { path, query, expectedQuery, headers, body, content };
}

/** The success content the request selects (`x-when`), else the default one. */
export function selectedContent(op: Operation, body: unknown): ResponseContent | undefined {
  const { contents } = successContent(op);
  return contents.find((c) => c.when && values.matches(c.when, body)) ?? contents.find((c) => !c.when);
}

export const BYTES = new Uint8Array([0, 1, 2, 250, 255]);

/** What a handler returns for `op`: JSON built from the response schema, an async iterable for SSE, bytes, text. */
export function validResponse(op: Operation, body: unknown): unknown {
  const c = selectedContent(op, body);
  if (!c) return undefined;
  switch (c.kind) {
    case 'sse': {
      const events = c.sse?.events ?? [];
      const items =
        c.sse?.framing === 'named'
          ? events.map((e) => ({ event: e.name, data: values.gen(e.type) }))
          : events.length
            ? events.map((e) => values.gen(e.type))
            : [{ type: 'speech.audio.delta', audio: 'AAAA' }, { type: 'speech.audio.done' }];
      return (async function* () {
        yield* items;
      })();
    }
    case 'binary':
      return BYTES;
    case 'text':
      return 'hello transcript\n';
    case 'empty':
      return undefined;
    default:
      return c.type ? values.gen(c.type) : {};
  }
}
