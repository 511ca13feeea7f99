/**
 * What only the client knows about an operation, beside its shared facts (`protocol/operations.ts`): how it sends
 * the body (`op.bodyMode`, one of the media types offered) and the operation's own servers.
 */
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { ResponseSelector } from '../../ir/response.ts';
import type { Server } from '../../ir/server.ts';

export { queryParams, responseContents } from '../operation-facts.ts';

/** `x-when` as field → allowed values; each field must be present (decided by the selectors pass). */
export type When = ResponseSelector;

/** The client's own fields of one operation, as printed into `client/operations.ts` (empty: none). */
export function clientOwn(op: Operation, api: Api): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  if (op.bodyMode) own.body = op.bodyMode;
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
