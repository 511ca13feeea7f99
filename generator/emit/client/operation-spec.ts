import type { Operation } from '../../ir/operation.ts';
import type { ResponseSelector } from '../../ir/response.ts';

export { queryParams, responseContents } from '../operation-facts.ts';

/** `x-when` as field → allowed values; each field must be present (decided by the selectors pass). */
export type When = ResponseSelector;

/** The client's own fields of one operation, as printed into `client/operations.ts` (empty: none). */
export function clientOwn(op: Operation): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  if (op.bodyMode) own.body = op.bodyMode;
  if (op.servers.length)
    own.servers = op.servers.map((s) => ({
      url: s.url,
      variables: Object.fromEntries(s.variables.map((v) => [v.name, v.default])),
    }));
  return own;
}
