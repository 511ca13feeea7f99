/** The `x-ratelimit-*` response headers, parsed: counts as numbers, reset durations (`6m0s`) as seconds. */

export interface RateLimitInfo {
  limitRequests?: number;
  limitTokens?: number;
  remainingRequests?: number;
  remainingTokens?: number;
  /** Seconds until the request limit resets. */
  resetRequests?: number;
  /** Seconds until the token limit resets. */
  resetTokens?: number;
  limitProjectTokens?: number;
  remainingProjectTokens?: number;
  resetProjectTokens?: number;
}

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, ns: 1e-9 };

/** `6m0s` → 360, `1s` → 1, `20ms` → 0.02, `1h2m3.5s` → 3723.5; a bare number is seconds; anything else undefined. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  if (!/^(\d+(\.\d+)?(h|ms|m|s|us|µs|ns))+$/.test(value)) return undefined;
  let total = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g))
    total += Number(m[1]) * UNIT_SECONDS[m[2]!]!;
  return Math.round(total * 1e9) / 1e9;
}

const COUNTS = {
  limitRequests: 'x-ratelimit-limit-requests',
  limitTokens: 'x-ratelimit-limit-tokens',
  remainingRequests: 'x-ratelimit-remaining-requests',
  remainingTokens: 'x-ratelimit-remaining-tokens',
  limitProjectTokens: 'x-ratelimit-limit-project-tokens',
  remainingProjectTokens: 'x-ratelimit-remaining-project-tokens',
} as const;
const DURATIONS = {
  resetRequests: 'x-ratelimit-reset-requests',
  resetTokens: 'x-ratelimit-reset-tokens',
  resetProjectTokens: 'x-ratelimit-reset-project-tokens',
} as const;

export function parseRateLimit(headers: Headers): RateLimitInfo {
  const info: RateLimitInfo = {};
  for (const [key, header] of Object.entries(COUNTS)) {
    const raw = headers.get(header)?.trim();
    if (raw && /^\d+(\.\d+)?$/.test(raw)) info[key as keyof typeof COUNTS] = Number(raw);
  }
  for (const [key, header] of Object.entries(DURATIONS)) {
    const raw = headers.get(header);
    const seconds = raw === null ? undefined : parseDuration(raw);
    if (seconds !== undefined) info[key as keyof typeof DURATIONS] = seconds;
  }
  return info;
}
