/**
 * The data the client core needs about one operation (`OperationSpec` in templates/client/core/operation.ts): method,
 * path, where the params go, body kind and multipart encoding, the responses with their `x-when` conditions.
 */
import { GeneratorError } from '../../diagnostics.ts';
import { credentialOf, successResponse } from '../../ir/queries.ts';
import type { Api, Operation, Parameter, ResponseContent, ResponseSelector } from '../../ir/types.ts';


/** `x-when` as field → allowed values; each field must be present (decided by the selectors pass). */
export type When = ResponseSelector;

/** Path parameters in the order they appear in the path. */
export function pathParams(op: Operation): Parameter[] {
  // A name repeated in the path (`/a/{id}/b/{id}`) is one parameter.
  return [...new Set([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!))].map((name) => {
    const m = [name, name] as const;
    const p = op.parameters.find((x) => x.in === 'path' && x.name === m[1]);
    if (!p) throw new GeneratorError('internal', `${op.operationId}: path parameter ${m[1]} is not declared`, { pointer: op.pointer });
    return p;
  });
}

export function queryParams(op: Operation): Parameter[] {
  return op.parameters.filter((p) => p.in === 'query');
}

/**
 * How the client sends the body: JSON and multipart as today (either, when both are offered); otherwise the
 * first of form, text and binary the operation offers (the others are not sent by the client).
 */
export function bodyMode(op: Operation): 'json' | 'multipart' | 'json|multipart' | 'form' | 'text' | 'binary' | undefined {
  const kinds = new Set(op.requestBody?.contents.map((c) => c.kind) ?? []);
  if (kinds.size === 0) return undefined;
  if (kinds.has('json') || kinds.has('multipart')) return kinds.has('json') && kinds.has('multipart') ? 'json|multipart' : kinds.has('multipart') ? 'multipart' : 'json';
  return kinds.has('form') ? 'form' : kinds.has('text') ? 'text' : 'binary';
}

/** The media type a text or binary body is sent with. */
export function rawContentType(op: Operation): string | undefined {
  const mode = bodyMode(op);
  if (mode !== 'text' && mode !== 'binary') return undefined;
  return op.requestBody?.contents.find((c) => c.kind === mode)?.mediaType;
}

/** The success contents the client distinguishes (one per kind and condition). */
export function responseContents(op: Operation): ResponseContent[] {
  const contents = successResponse(op)?.contents ?? [];
  const seen = new Set<string>();
  return contents.filter((c) => {
    const key = `${c.kind} ${c.when ? c.when.pointer : ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The plain-data spec of one operation, as printed into `client/operations.ts`. */
export function operationSpec(api: Api, op: Operation): Record<string, unknown> {
  const spec: Record<string, unknown> = { id: op.operationId, method: op.method.toUpperCase(), path: op.path };
  const body = bodyMode(op);
  const query = queryParams(op);
  if (body && query.length) {
    spec.params = 'both';
    spec.queryKeys = query.map((p) => p.name);
  } else if (body) spec.params = 'body';
  else if (query.length) spec.params = 'query';
  if (body) spec.body = body;
  const contentType = rawContentType(op);
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
  const credential = credentialOf(api, op);
  if (credential) spec.credential = credential;
  if (op.servers.length) spec.servers = op.servers.map((s) => ({ url: s.url, variables: Object.fromEntries(s.variables.map((v) => [v.name, v.default])) }));
  return spec;
}

