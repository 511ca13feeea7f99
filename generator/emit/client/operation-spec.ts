/**
 * What only the client knows about an operation, beside its shared facts (`protocol/operations.ts`): how it sends
 * the body (`op.bodyMode`, one of the media types offered) and the operation's own servers.
 */
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { Parameter } from '../../ir/parameter.ts';
import type { ResponseSelector } from '../../ir/response.ts';
import type { Server } from '../../ir/server.ts';

export { queryParams, responseContents } from '../operation-facts.ts';

/** `x-when` as field → allowed values; each field must be present (decided by the selectors pass). */
export type When = ResponseSelector;

/** The header parameters a method takes in its params object (decided by the call-headers pass). */
export function callHeaders(op: Operation): Parameter[] {
  return op.parameters.filter((p) => p.in === 'header' && op.callHeaders.includes(p.name));
}

/** The header parameters the operation declares but its method does not take (the client sets them). */
export function headersNotOnCall(op: Operation): Parameter[] {
  return op.parameters.filter((p) => p.in === 'header' && !op.callHeaders.includes(p.name));
}

/** The operation's declared idempotency header, which the client fills with a key when the caller gives none. */
export function idempotencyParameter(op: Operation): Parameter | undefined {
  return op.parameters.find((p) => p.in === 'header' && p.name === op.idempotencyHeader);
}

/** The client's own fields of one operation, as printed into `client/operations.ts` (empty: none). */
export function clientOwn(op: Operation, api: Api): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  if (op.bodyMode) own.body = op.bodyMode;
  if (op.callHeaders.length) own.headerKeys = op.callHeaders;
  if (op.idempotencyHeader !== undefined) own.idempotencyHeader = op.idempotencyHeader;
  if (op.bodyKey !== undefined) own.bodyKey = op.bodyKey;
  if (op.servers.length && !sameServers(op.servers, api.servers))
    own.servers = op.servers.map((s) => ({
      url: s.url,
      variables: Object.fromEntries(s.variables.map((v) => [v.name, v.default])),
    }));
  return own;
}

/**
 * A path's or operation's servers that repeat the document's (Twilio states its one server on every path item) are
 * not servers of its own: the operation goes to the client's `baseURL` like every other.
 */
function sameServers(a: readonly Server[], b: readonly Server[]): boolean {
  return (
    a.length === b.length && a.every((s, i) => s.url.replace(/\/+$/, '') === b[i]!.url.replace(/\/+$/, ''))
  );
}
