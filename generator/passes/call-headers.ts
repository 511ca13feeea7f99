/**
 * The header parameters each operation's client method takes among its params: every declared one but those the
 * client sets from its own options (the config's organization and project headers, `X-Client-Request-Id` as
 * `clientRequestId`) and those OpenAPI says a parameter cannot name; and the declared idempotency header among them,
 * which the client fills with a key per call when the caller gives none.
 */
import type { ParsedApi } from '../ir/api.ts';
import { IDEMPOTENCY_HEADER, isIgnoredHeader } from '../ir/parameter.ts';

export interface CallHeaderTable {
  /** By operationId: the wire names of the headers its method takes, in the order they are declared. */
  onCall: ReadonlyMap<string, string[]>;
  /** By operationId: its declared idempotency header, when its method takes one. */
  idempotency: ReadonlyMap<string, string>;
}

/** The header the client sends from its `clientRequestId` option (the runtime's name for it). */
const CLIENT_REQUEST_ID = 'X-Client-Request-Id';

/** `clientHeaders`: the headers the client sets from its options (the config's organization and project headers). */
export function decideCallHeaders(api: ParsedApi, clientHeaders: readonly string[]): CallHeaderTable {
  const own = new Set([...clientHeaders, CLIENT_REQUEST_ID].map((h) => h.toLowerCase()));
  const onCall = new Map<string, string[]>();
  const idempotency = new Map<string, string>();
  for (const op of api.operations) {
    const names = op.parameters
      .filter((p) => p.in === 'header' && !isIgnoredHeader(p) && !own.has(p.name.toLowerCase()))
      .map((p) => p.name);
    onCall.set(op.operationId, names);
    const key = names.find((n) => IDEMPOTENCY_HEADER.test(n));
    if (key !== undefined) idempotency.set(op.operationId, key);
  }
  return { onCall, idempotency };
}
