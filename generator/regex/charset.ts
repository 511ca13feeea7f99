/**
 * Sets of characters as sorted, disjoint, inclusive ranges `[lo0, hi0, lo1, hi1, …]` of code points (with the `u`
 * flag) or UTF-16 code units (without it): what one atom of a pattern matches.
 */

export type Ranges = number[];

/** The largest character of a pattern's alphabet. */
export const maxChar = (unicode: boolean): number => (unicode ? 0x10ffff : 0xffff);

export function single(ch: number): Ranges {
  return [ch, ch];
}

/** The union of any sets, normalised (sorted, merged). */
export function union(...sets: Ranges[]): Ranges {
  const pairs: [number, number][] = [];
  for (const s of sets) for (let i = 0; i < s.length; i += 2) pairs.push([s[i]!, s[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

export function negate(set: Ranges, max: number): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < set.length; i += 2) {
    if (set[i]! > next) out.push(next, set[i]! - 1);
    next = set[i + 1]! + 1;
  }
  if (next <= max) out.push(next, max);
  return out;
}

export function contains(set: Ranges, ch: number): boolean {
  for (let i = 0; i < set.length; i += 2) if (ch >= set[i]! && ch <= set[i + 1]!) return true;
  return false;
}

const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
/** ECMA-262 WhiteSpace and LineTerminator. */
const SPACE: Ranges = union(
  [0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a],
  [0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff],
);
const LINE_TERMINATORS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];

/** `.` without the `s` flag: anything but a line terminator. */
export const dot = (unicode: boolean): Ranges => negate(LINE_TERMINATORS, maxChar(unicode));

/** The set of a class escape letter (`d`, `D`, `w`, `W`, `s`, `S`), or undefined. */
export function classEscape(letter: string, unicode: boolean): Ranges | undefined {
  const base = { d: DIGIT, w: WORD, s: SPACE }[letter.toLowerCase()];
  if (!base) return undefined;
  return letter === letter.toLowerCase() ? base : negate(base, maxChar(unicode));
}

const scanned = new Map<string, Ranges>();

/**
 * The set an atom matches, read from the JavaScript engine itself by testing every character of the alphabet: the
 * one source for what the parser cannot decode alone (`\p{…}`), and the check of what it decodes (`verify`).
 */
export function scan(atom: string, unicode: boolean): Ranges {
  const key = `${unicode ? 'u' : ''}/${atom}`;
  let out = scanned.get(key);
  if (out) return out;
  const re = new RegExp(`^(?:${atom})$`, unicode ? 'u' : '');
  out = [];
  let start = -1;
  const max = maxChar(unicode);
  for (let ch = 0; ch <= max + 1; ch++) {
    const hit = ch <= max && re.test(unicode ? String.fromCodePoint(ch) : String.fromCharCode(ch));
    if (hit && start < 0) start = ch;
    else if (!hit && start >= 0) {
      out.push(start, ch - 1);
      start = -1;
    }
  }
  scanned.set(key, out);
  return out;
}

/**
 * Whether `set` agrees with the engine on `atom` at the edges of its ranges and at spread sample points: a cheap
 * check that the decoding of an escape or class is right (where it is not, the caller scans).
 */
export function verify(atom: string, unicode: boolean, set: Ranges): boolean {
  const re = new RegExp(`^(?:${atom})$`, unicode ? 'u' : '');
  const max = maxChar(unicode);
  const points = new Set<number>([0, max, 0x7f, 0x80, 0xff, 0x100, 0xd800, 0xdfff, 0xe000, 0xfeff]);
  for (let i = 0; i < set.length; i++) for (const d of [-1, 0, 1]) points.add(set[i]! + d);
  for (let ch = 1; ch <= max; ch = ch * 3 + 7) points.add(ch);
  for (const ch of points) {
    if (ch < 0 || ch > max) continue;
    const text = unicode ? String.fromCodePoint(ch) : String.fromCharCode(ch);
    if (re.test(text) !== contains(set, ch)) return false;
  }
  return true;
}
