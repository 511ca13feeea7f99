/**
 * Deterministic randomness from strings: the same input gives the same stream on every machine and run (no
 * Math.random, no clock). 32-bit FNV-1a over UTF-16 code units starts a small PRNG (sfc32).
 */

/** FNV-1a over the string's UTF-16 code units, 32 bits. */
export function hash32(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** FNV-1a over bytes, 32 bits. */
export function hashBytes32(bytes: Uint8Array, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A PRNG stream (sfc32) seeded from any string; `next()` is uniform in [0, 1). */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: string | number) {
    const text = String(seed);
    // Four differently-based hashes fill the state; a few rounds mix it before use.
    this.#a = hash32(text, 0x811c9dc5);
    this.#b = hash32(text, 0x9e3779b9);
    this.#c = hash32(text, 0x85ebca6b);
    this.#d = hash32(text, 0xc2b2ae35) | 1;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A standard normal deviate (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** Words the fake texts are made of: plain, lower-case, at most 6 letters (one token each, in `countTokens` too). */
export const WORDS: readonly string[] = [
  'the',
  'model',
  'answer',
  'data',
  'value',
  'result',
  'system',
  'query',
  'sample',
  'output',
  'input',
  'signal',
  'river',
  'stone',
  'light',
  'green',
  'quiet',
  'rapid',
  'bright',
  'simple',
  'second',
  'table',
  'window',
  'garden',
  'number',
  'letter',
  'market',
  'method',
  'paper',
  'music',
  'winter',
  'summer',
  'planet',
  'ocean',
  'forest',
  'bridge',
  'engine',
  'circle',
  'square',
  'middle',
  'north',
  'south',
  'east',
  'west',
  'small',
  'large',
  'early',
  'later',
  'open',
  'close',
  'start',
  'finish',
  'build',
  'check',
  'write',
  'read',
  'send',
  'keep',
  'move',
  'turn',
];
