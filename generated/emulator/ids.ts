// Copied by platform-api-codegen from its runtime (templates/emulator/ids.ts). Do not edit: every generation replaces it.
/**
 * New ids per the emulation pass's rule (the emulator's README, "Ids"): a UUID (v4) where the spec says
 * `format: uuid`; else the rule's prefix and a random part that every pattern of the rule accepts: 24 hex digits,
 * else 24 letters and digits, else 24 digits, else upper-case hex, else a string made for the pattern itself, within
 * the rule's lengths. Integer ids are numbered by the handlers (per collection, never reused).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Random } from './fakes/random.js';
import { stringForPattern } from './fakes/regex.js';
import type { IdRule } from './types.js';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const compiled = new Map<string, RegExp | null>();

function regex(pattern: string): RegExp | null {
  let r = compiled.get(pattern);
  if (r === undefined) {
    try {
      r = new RegExp(pattern, 'u');
    } catch {
      try {
        r = new RegExp(pattern);
      } catch {
        r = null;
      }
    }
    compiled.set(pattern, r);
  }
  return r;
}

const bodies: ((n: number) => string)[] = [
  (n) =>
    randomBytes(Math.ceil(n / 2))
      .toString('hex')
      .slice(0, n),
  (n) => Array.from(randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join(''),
  (n) => Array.from(randomBytes(n), (b) => String(b % 10)).join(''),
  (n) =>
    randomBytes(Math.ceil(n / 2))
      .toString('hex')
      .slice(0, n)
      .toUpperCase(),
];

/** A new string id by `rule` (integer rules are numbered elsewhere). */
export function newId(rule: IdRule | undefined): string {
  if (rule?.type !== 'string') return randomBytes(12).toString('hex');
  if (rule.format === 'uuid') return randomUUID();
  const prefix = rule.prefix ?? '';
  const min = Math.max(0, (rule.minLength ?? 0) - prefix.length);
  const length = Math.max(min, Math.min(24, (rule.maxLength ?? Infinity) - prefix.length));
  const fits = (id: string) =>
    id.length >= (rule.minLength ?? 0) &&
    id.length <= (rule.maxLength ?? Infinity) &&
    rule.patterns.every((p) => regex(p)?.test(id) ?? true);
  for (const body of bodies) {
    const id = `${prefix}${body(length)}`;
    if (fits(id)) return id;
  }
  // A pattern none of those fit (`^[a-z]{3}-[0-9]{4}$`): strings made for it, from a random seed each try.
  const pattern = rule.patterns[0];
  if (pattern)
    for (let i = 0; i < 64; i++) {
      const id = stringForPattern(pattern, new Random(randomBytes(8).toString('hex')));
      if (fits(id)) return id;
    }
  throw new Error(`The emulator cannot make an id matching ${rule.patterns.join(' and ')}.`);
}

/** An id with a prefix and 24 hex digits, for objects the spec gives no rule for (`cmpl-…`). */
export const idWithPrefix = (prefix: string) => newId({ type: 'string', prefix, patterns: [] });
