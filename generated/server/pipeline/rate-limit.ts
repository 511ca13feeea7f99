// Copied by platform-api-codegen from its runtime (templates/server/pipeline/rate-limit.ts). Do not edit: every generation replaces it.
/** Stage 5: the `rateLimit` hook (429 with `Retry-After`); its `x-ratelimit-*` headers go on whatever the answer is. */
import type { RateLimitDecision } from '../core/options.js';
import { readRequestBody } from './body.js';
import { fail, isPromise, later, type Answer, type Exchange } from './exchange.js';

export function limited(f: Exchange): Answer {
  const rateLimit = f.s.rateLimit;
  if (!rateLimit) return readRequestBody(f);
  const pending = rateLimit({ ...f.ctx!, principal: f.principal });
  return isPromise(pending) ? later(f, pending, decided) : decided(f, pending);
}

function decided(f: Exchange, decision: RateLimitDecision | undefined): Answer {
  const headers = decision?.headers;
  if (headers) {
    const extra: Record<string, string> = (f.extra = {});
    for (const [k, v] of Object.entries(headers)) extra[k.toLowerCase()] = String(v);
  }
  if (decision && !decision.allowed) {
    // NaN, Infinity or a non-number from the hook is no value a client can act on: no Retry-After then.
    const seconds = decision.retryAfterSeconds;
    const retry: Record<string, string> =
      typeof seconds === 'number' && Number.isFinite(seconds)
        ? { 'retry-after': String(Math.max(0, Math.ceil(seconds))) }
        : {};
    return fail(f, 429, 'Rate limit reached; retry later.', 'rate_limit_exceeded', null, retry);
  }
  return readRequestBody(f);
}
