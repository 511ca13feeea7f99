// Copied by platform-api-codegen from its runtime (templates/client/internal/retry.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/**
 * When to retry, and how long to wait: the API's documented retry rules, and whether a failed request may have
 * reached the server (a request that may have been applied is not resent blindly).
 */
import type { Clock } from '../core/options.js';
import { RETRY_STATUSES } from './brand.js';

export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

const INITIAL_DELAY = 500;
const MAX_DELAY = 8_000;
/** A `Retry-After` beyond this is not honored as-is: the backoff applies instead. */
const MAX_RETRY_AFTER = 60_000;

/**
 * Whether `status` is one of `statuses` (codes such as `429`, or ranges such as `5XX`; the config's `retryStatuses`,
 * or the client's or request's option). The default, 408, 429 and 5XX, leaves out every refusal that needs the caller
 * to act: a 409 (an illegal state transition, a conflict) is answered again the same until the caller changes
 * something, and a 429 for quota or billing is left out by `needsUserAction`.
 */
export function isRetryableStatus(
  status: number,
  statuses: readonly (number | string)[] = RETRY_STATUSES,
): boolean {
  for (const s of statuses) {
    if (typeof s === 'number' ? s === status : s === String(status)) return true;
    if (typeof s === 'string' && /^[1-5]XX$/i.test(s) && Math.floor(status / 100) === Number(s[0]))
      return true;
  }
  return false;
}

/** The statuses option checked once: integers 100 to 599, or `1XX`…`5XX`. */
export function validStatuses(
  name: string,
  value: readonly (number | string)[],
): readonly (number | string)[] {
  if (!Array.isArray(value))
    throw new TypeError(`\`${name}\` must be an array of statuses, got ${typeof value}.`);
  for (const s of value)
    if (
      !(typeof s === 'number'
        ? Number.isInteger(s) && s >= 100 && s <= 599
        : /^([1-5]XX|[1-5]\d\d)$/i.test(s))
    )
      throw new TypeError(
        `\`${name}\`: ${JSON.stringify(s)} is not a status (100 to 599) or a range such as "5XX".`,
      );
  return value;
}

/** A 429 that waiting does not fix (quota or billing): the error code or type says so. */
export function needsUserAction(status: number, body: unknown): boolean {
  if (status !== 429 || !body || typeof body !== 'object') return false;
  const inner = (body as { error?: unknown }).error;
  const envelope = (inner && typeof inner === 'object' ? inner : body) as { code?: unknown; type?: unknown };
  return [envelope.code, envelope.type].some((v) => typeof v === 'string' && /quota|billing/i.test(v));
}

/** Milliseconds from `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, when present and valid. */
export function retryAfterMs(headers: Headers | undefined, now: number): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return valid(Number(ms));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return valid(Number(value) * 1000);
  // Only an HTTP date (`Thu, 01 Jan 2026 00:00:10 GMT`): Date.parse also accepts things like `-1`.
  const date = /^[A-Za-z]{3},? /.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(date) ? undefined : valid(Math.max(0, date - now));
}

function valid(ms: number): number | undefined {
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_RETRY_AFTER ? ms : undefined;
}

/**
 * The wait before retry number `retry` (1-based): `Retry-After` plus a small random delay when given, otherwise
 * exponential backoff with jitter (each wait in [75%, 100%] of the nominal, so concurrent clients spread out).
 */
export function retryDelay(retry: number, headers: Headers | undefined, clock: Clock): number {
  const after = retryAfterMs(headers, clock.now());
  if (after !== undefined) return after + clock.random() * Math.min(1000, 100 + after * 0.1);
  const nominal = Math.min(INITIAL_DELAY * 2 ** (retry - 1), MAX_DELAY);
  return nominal * (1 - clock.random() * 0.25);
}

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
