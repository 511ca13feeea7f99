// Copied by platform-api-codegen from its runtime (templates/emulator/config.ts). Do not edit: every generation replaces it.
/**
 * The emulator's config (`--config FILE`, JSON): credentials, rate limits, webhook endpoints and the timing of
 * time-driven steps. Every field is optional; a wrong one is refused with its location.
 */
export interface EmulatorConfig {
  /** API keys the emulator accepts (`Authorization: Bearer <key>`). Absent or empty: any key is accepted. */
  apiKeys?: (string | { key: string; requestsPerMinute?: number })[];
  /** Requests per minute per key (default: unlimited); a key's own `requestsPerMinute` wins. */
  requestsPerMinute?: number;
  /** Lifetime of tokens the token exchange issues, in seconds (default 3600, the documented maximum). */
  tokenLifetimeSeconds?: number;
  /** Subject tokens the token exchange accepts (absent: any). */
  subjectTokens?: string[];
  /** Where lifecycle events are delivered (Standard Webhooks), each with its signing secret (`whsec_<base64>`). */
  webhooks?: { url: string; secret: string; events?: string[] }[];
  /** Delivery attempts per event (default 5) and the first retry's delay in ms (doubling after; default 1000). */
  webhookAttempts?: number;
  webhookRetryMs?: number;
  /**
   * Delay in ms of a time-driven step, by `machine:from->to` (`batch:validating->in_progress`); `null` turns an
   * assumed step off. A documented step with an upper bound (`at most 10 minutes`) takes any delay up to it;
   * an exact one (`one hour after creation`) cannot be changed.
   */
  steps?: Record<string, number | null>;
  /** Items present at start, by collection (its name, or one of its list or create paths): each needs an `id`. */
  seed?: Record<string, Record<string, unknown>[]>;
  /**
   * An id the emulator does not hold: `404` (the default) answers not found; `synthesize` answers a retrieve,
   * update, delete or action as if the item existed (made from its schema with that id, then stored).
   */
  unknownIds?: '404' | 'synthesize';
  /** Corrections of the decision table: a collection's id prefix, or the field holding its parent's id (`null`: none). */
  collections?: Record<string, { idPrefix?: string; parentField?: string | null }>;
  /** Corrections of the decision table: what an operation does (`kind`), and to which collection. */
  operations?: Record<string, { kind?: string; collection?: string }>;
}

export class ConfigError extends Error {}

const KEYS = [
  'apiKeys',
  'requestsPerMinute',
  'tokenLifetimeSeconds',
  'subjectTokens',
  'webhooks',
  'webhookAttempts',
  'webhookRetryMs',
  'steps',
  'seed',
  'unknownIds',
  'collections',
  'operations',
];

/** Checks a parsed config; `where` names it in messages. */
export function checkConfig(value: unknown, where: string): EmulatorConfig {
  const fail = (path: string, message: string): never => {
    throw new ConfigError(`${where}: ${path}: ${message}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('(root)', 'must be a JSON object');
  const c = value as Record<string, unknown>;
  for (const k of Object.keys(c)) if (!KEYS.includes(k)) fail(k, `unknown key (known: ${KEYS.join(', ')})`);
  const count = (k: string, v: unknown, min = 0) => {
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < min))
      fail(k, `must be a number >= ${min}`);
  };
  count('requestsPerMinute', c.requestsPerMinute, 1);
  count('tokenLifetimeSeconds', c.tokenLifetimeSeconds, 1);
  count('webhookAttempts', c.webhookAttempts, 1);
  count('webhookRetryMs', c.webhookRetryMs, 0);
  if (c.apiKeys !== undefined) {
    if (!Array.isArray(c.apiKeys)) fail('apiKeys', 'must be an array');
    (c.apiKeys as unknown[]).forEach((k, i) => {
      if (typeof k === 'string') return;
      if (typeof k !== 'object' || k === null || typeof (k as { key?: unknown }).key !== 'string')
        fail(`apiKeys[${i}]`, 'must be a string or { key, requestsPerMinute? }');
      count(`apiKeys[${i}].requestsPerMinute`, (k as { requestsPerMinute?: unknown }).requestsPerMinute, 1);
    });
  }
  if (c.webhooks !== undefined) {
    if (!Array.isArray(c.webhooks)) fail('webhooks', 'must be an array');
    (c.webhooks as unknown[]).forEach((w, i) => {
      if (typeof w !== 'object' || w === null)
        return fail(`webhooks[${i}]`, 'must be { url, secret, events? }');
      const hook = w as Record<string, unknown>;
      if (typeof hook.url !== 'string' || !/^https?:\/\//.test(hook.url))
        fail(`webhooks[${i}].url`, 'must be an http(s) URL');
      if (typeof hook.secret !== 'string' || !hook.secret)
        fail(`webhooks[${i}].secret`, 'must be a non-empty string (whsec_<base64>)');
      if (
        hook.events !== undefined &&
        (!Array.isArray(hook.events) || hook.events.some((e) => typeof e !== 'string'))
      )
        fail(`webhooks[${i}].events`, 'must be an array of event types');
    });
  }
  if (c.steps !== undefined) {
    if (typeof c.steps !== 'object' || c.steps === null) fail('steps', 'must be an object');
    for (const [k, v] of Object.entries(c.steps as object)) {
      if (!/^[^:]+:[^-]+->.+$/.test(k)) fail(`steps.${k}`, 'keys look like machine:from->to');
      if (v !== null && (typeof v !== 'number' || v < 0)) fail(`steps.${k}`, 'must be a delay in ms or null');
    }
  }
  if (
    c.subjectTokens !== undefined &&
    (!Array.isArray(c.subjectTokens) || c.subjectTokens.some((t) => typeof t !== 'string'))
  )
    fail('subjectTokens', 'must be an array of strings');
  if (c.seed !== undefined && (typeof c.seed !== 'object' || c.seed === null))
    fail('seed', 'must be an object of collection -> items');
  if (c.unknownIds !== undefined && c.unknownIds !== '404' && c.unknownIds !== 'synthesize')
    fail('unknownIds', 'must be "404" or "synthesize"');
  const entries = (key: string, allowed: Record<string, (v: unknown) => boolean>) => {
    const table = c[key];
    if (table === undefined) return;
    if (typeof table !== 'object' || table === null || Array.isArray(table))
      return fail(key, 'must be an object');
    for (const [name, entry] of Object.entries(table)) {
      if (typeof entry !== 'object' || entry === null) fail(`${key}.${name}`, 'must be an object');
      for (const [k, v] of Object.entries(entry as object)) {
        const ok = allowed[k];
        if (!ok) fail(`${key}.${name}.${k}`, `unknown key (known: ${Object.keys(allowed).join(', ')})`);
        else if (!ok(v)) fail(`${key}.${name}.${k}`, 'has the wrong type');
      }
    }
  };
  const text = (v: unknown) => typeof v === 'string' && v.length > 0;
  entries('collections', {
    idPrefix: (v) => typeof v === 'string',
    parentField: (v) => v === null || text(v),
  });
  entries('operations', { kind: text, collection: text });
  return c;
}
