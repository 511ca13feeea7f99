/**
 * When to retry, and how long to wait: the API's documented retry rules, and whether a failed request may have
 * reached the server (a request that may have been applied is not resent blindly).
 */
import type { Clock } from '../core/options.js';

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

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
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
