/**
 * What only the client knows about an operation, beside its shared facts (`protocol/operations.ts`): how it sends
 * the body (`op.bodyMode`, one of the media types offered) and the operation's own servers.
 */
import type { CodegenConfig } from '../../config/types.ts';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import { IDEMPOTENCY_HEADER, type Parameter } from '../../ir/parameter.ts';
import type { ResponseSelector } from '../../ir/response.ts';
import type { Server } from '../../ir/server.ts';

import { isIgnoredHeader } from '../operation-facts.ts';

export { queryParams, responseContents } from '../operation-facts.ts';

/** `x-when` as field → allowed values; each field must be present (decided by the selectors pass). */
export type When = ResponseSelector;

/**
 * The header parameters a method takes in its params object: every declared one but those the client sets from its
 * own options (the organization and project headers, `X-Client-Request-Id` as `clientRequestId`, the protocol's
 * name for it) and those OpenAPI ignores.
 */
export function callHeaders(op: Operation, config: CodegenConfig): Parameter[] {
  const own = new Set(
    [config.organizationHeader, config.projectHeader, 'X-Client-Request-Id']
      .filter((h): h is string => typeof h === 'string')
      .map((h) => h.toLowerCase()),
  );
  return op.parameters.filter(
    (p) => p.in === 'header' && !isIgnoredHeader(p) && !own.has(p.name.toLowerCase()),
  );
}

/** The header parameters the operation declares but its method does not take (the client sets them). */
export function headersNotOnCall(op: Operation, config: CodegenConfig): Parameter[] {
  const taken = new Set(callHeaders(op, config));
  return op.parameters.filter((p) => p.in === 'header' && !taken.has(p));
}

/** The operation's declared idempotency header, which the client fills with a key when the caller gives none. */
export function idempotencyParameter(op: Operation, config: CodegenConfig): Parameter | undefined {
  return callHeaders(op, config).find((p) => IDEMPOTENCY_HEADER.test(p.name));
}

/** The client's own fields of one operation, as printed into `client/operations.ts` (empty: none). */
export function clientOwn(op: Operation, api: Api, config: CodegenConfig): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  if (op.bodyMode) own.body = op.bodyMode;
  const headers = callHeaders(op, config);
  if (headers.length) own.headerKeys = headers.map((p) => p.name);
  const idempotency = idempotencyParameter(op, config);
  if (idempotency) own.idempotencyHeader = idempotency.name;
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
