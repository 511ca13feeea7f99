/** Strings and numbers for a schema's bounds, formats and patterns, drawn from a seeded stream. */
import { Random, WORDS } from './random.js';
import { stringForPattern } from './regex.js';

type Schema = { [key: string]: unknown };

export function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

export function numberFor(schema: Schema, integer: boolean, random: Random): number {
  let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  let lowOpen = false;
  let highOpen = false;
  // 2020-12 / 3.1: exclusive bounds are numbers; OpenAPI 3.0: booleans qualifying minimum/maximum.
  if (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= low)
    [low, lowOpen] = [schema.exclusiveMinimum, true];
  if (typeof schema.exclusiveMaximum === 'number' && schema.exclusiveMaximum <= high)
    [high, highOpen] = [schema.exclusiveMaximum, true];
  if (schema.exclusiveMinimum === true) lowOpen = true;
  if (schema.exclusiveMaximum === true) highOpen = true;
  if (low === -Infinity && high === Infinity) [low, high] = [1, 100];
  else if (low === -Infinity) low = high - 100;
  else if (high === Infinity) high = low + 100;
  const step =
    typeof schema.multipleOf === 'number' && schema.multipleOf > 0
      ? schema.multipleOf
      : integer
        ? 1
        : undefined;
  if (step !== undefined) {
    let first = Math.ceil(low / step);
    let last = Math.floor(high / step);
    if (lowOpen && first * step <= low) first++;
    if (highOpen && last * step >= high) last--;
    if (first > last) return integer ? Math.ceil(low) : low;
    const k = random.int(first, Math.min(last, first + 1000));
    const value = k * step;
    // Keep float noise out of integers and multiples of decimals (0.1 × 3 = 0.30000000000000004).
    return integer ? Math.round(value) : Number(value.toPrecision(12));
  }
  const span = high - low;
  let value = Math.round((low + random.next() * span) * 100) / 100;
  if (value < low || (lowOpen && value <= low) || value > high || (highOpen && value >= high))
    value = low + span / 2;
  return value;
}

const FORMATS: Record<string, (random: Random) => string> = {
  'date-time': (random) => isoInstant(random),
  date: (random) => isoInstant(random).slice(0, 10),
  time: (random) => `${isoInstant(random).slice(11, 19)}Z`,
  duration: (random) => `PT${random.int(1, 59)}M`,
  email: (random) => `${random.pick(WORDS)}.${random.int(1, 999)}@example.com`,
  'idn-email': (random) => `${random.pick(WORDS)}.${random.int(1, 999)}@example.com`,
  uri: (random) => `https://example.com/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  url: (random) => `https://example.com/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  iri: (random) => `https://example.com/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  'uri-reference': (random) => `/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  'iri-reference': (random) => `/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  'uri-template': (random) => `https://example.com/${random.pick(WORDS)}/{id}`,
  hostname: (random) => `${random.pick(WORDS)}${random.int(1, 99)}.example.com`,
  'idn-hostname': (random) => `${random.pick(WORDS)}${random.int(1, 99)}.example.com`,
  ipv4: (random) => `192.0.2.${random.int(1, 254)}`,
  ipv6: (random) => `2001:db8::${random.int(1, 0xffff).toString(16)}`,
  uuid: (random) => uuid(random),
  byte: (random) =>
    Buffer.from(Array.from({ length: random.int(3, 12) }, () => random.int(0, 255))).toString('base64'),
  binary: (random) => `${random.pick(WORDS)} ${random.pick(WORDS)}`,
  password: (random) => `secret-${random.int(1000, 9999)}`,
  'json-pointer': (random) => `/${random.pick(WORDS)}/${random.int(0, 9)}`,
  'relative-json-pointer': (random) => `${random.int(0, 3)}/${random.pick(WORDS)}`,
  regex: (random) => `^${random.pick(WORDS)}$`,
  int32: (random) => String(random.int(1, 1000)),
  int64: (random) => String(random.int(1, 1000)),
};

/** An instant in 2023–2026, whole seconds. */
function isoInstant(random: Random): string {
  const seconds = 1_672_531_200 + random.int(0, 4 * 365 * 86_400);
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

function uuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function stringFor(schema: Schema, random: Random): string {
  const min = Number(schema.minLength ?? 0);
  const max = schema.maxLength === undefined ? Infinity : Number(schema.maxLength);
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  const pattern = typeof schema.pattern === 'string' ? safeRegExp(schema.pattern) : undefined;
  const fits = (s: string) => [...s].length >= min && [...s].length <= max && (!pattern || pattern.test(s));
  let candidate = format ? format(random) : `${random.pick(WORDS)}_${random.int(1, 999)}`;
  if (fits(candidate)) return candidate;
  if (pattern) {
    for (let attempt = 0; attempt < 16; attempt++) {
      const generated = stringForPattern(schema.pattern as string, random);
      if (fits(generated)) return generated;
      if (pattern.test(generated)) candidate = generated;
    }
    // The pattern's strings miss the length bounds: pad or cut and hope (the pattern may not anchor the end).
  }
  const chars = [...candidate];
  while (chars.length < min) chars.push(...random.pick(WORDS));
  return chars.slice(0, Math.max(min, Math.min(max, chars.length))).join('');
}
