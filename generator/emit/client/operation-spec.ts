/**
 * The data the client core needs about one operation (`OperationSpec` in templates/client/core/operation.ts): method,
 * path, where the params go, body kind and multipart encoding, the responses with their `x-when` conditions.
 */
import type { Operation, Parameter, ResponseContent, ResponseSelector } from '../../ir/types.ts';


/** `x-when` as field → allowed values; each field must be present (decided by the selectors pass). */
export type When = ResponseSelector;

export function queryParams(op: Operation): Parameter[] {
  return op.parameters.filter((p) => p.in === 'query');
}

/** The success contents the client distinguishes (one per kind and condition). */
export function responseContents(op: Operation): ResponseContent[] {
  const contents = op.success?.contents ?? [];
  const seen = new Set<string>();
  return contents.filter((c) => {
    const key = `${c.kind} ${c.when ? c.when.pointer : ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The plain-data spec of one operation, as printed into `client/operations.ts`. */
export function operationSpec(op: Operation): Record<string, unknown> {
  const spec: Record<string, unknown> = { id: op.operationId, method: op.method.toUpperCase(), path: op.path };
  const body = op.bodyMode;
  const query = queryParams(op);
  if (body && query.length) {
    spec.params = 'both';
    spec.queryKeys = query.map((p) => p.name);
  } else if (body) spec.params = 'body';
  else if (query.length) spec.params = 'query';
  if (body) spec.body = body;
  const contentType = op.rawContentType;
  if (contentType && contentType !== '*/*' && !contentType.includes('*')) spec.contentType = contentType;
  const encoding: Record<string, Record<string, unknown>> = {};
  for (const c of op.requestBody?.contents ?? []) {
    for (const [field, e] of Object.entries(c.encoding ?? {})) {
      encoding[field] = { ...(e.contentType ? { contentType: e.contentType } : {}), ...(e.explode !== undefined ? { explode: e.explode } : {}) };
    }
  }
  if (Object.keys(encoding).length) spec.encoding = encoding;
  const contents = responseContents(op);
  spec.responses = contents.length
    ? contents.map((c) => {
        const when = c.selector;
        return {
          kind: c.kind,
          ...(when ? { when: Object.fromEntries(when.map((w) => [w.field, w.values])) } : {}),
          ...(c.sse?.terminator !== undefined ? { terminator: c.sse.terminator } : {}),
          ...(c.sse?.framing === 'named' && c.sse.events.length ? { events: c.sse.events.map((e) => e.name) } : {}),
        };
      })
    : [{ kind: 'empty' }];
  if (op.paging) spec.paging = op.paging;
  if (op.security.length === 0) spec.auth = false;
  const credential = op.credential;
  if (credential) spec.credential = credential;
  if (op.servers.length) spec.servers = op.servers.map((s) => ({ url: s.url, variables: Object.fromEntries(s.variables.map((v) => [v.name, v.default])) }));
  return spec;
}

