// Copied by platform-api-codegen from its runtime (templates/client/core/connection.ts). Do not edit: every generation replaces it.
/** Whether a failed request may have reached the server, from the error fetch threw. */

/** Failures before a connection existed: nothing was sent, so resending is always safe. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * False only when the error shows the connection was never made. fetch does not say how much of a request went
 * out, so every other failure (a reset, a socket closed before the answer, a timeout) counts as possibly sent.
 */
export function mayHaveBeenSent(error: unknown, timedOut: boolean): boolean {
  if (timedOut) return true;
  // Node's fetch reports every network failure as `TypeError: fetch failed` with the reason as `cause`; a TypeError
  // without one is a request it refused to build (an invalid header value, say), before any connection.
  if (error instanceof TypeError && error.cause === undefined) return false;
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return false;
  }
  return true;
}
