/**
 * Patterns that only say "every character is one of these ASCII characters" (`^[0-9]+$`, `^[A-Za-z0-9._-]*$`):
 * tested by a loop over a 128-entry table (the runtime's `onlyAscii`) instead of a regular expression, several times
 * faster on short strings. Anything else, a negated class, an escape other than `\-`, `\.`, `\_` or `\/`, flags,
 * keeps its regular expression.
 */

/** The code-point ranges of a `^[…]+$` or `^[…]*$` pattern of ASCII characters, and the least length (1 for `+`). */
export interface AsciiClass {
  ranges: [number, number][];
  min: 0 | 1;
}

const WHOLE = /^\^\[([^\]^][^\]]*)\]([+*])\$$/;
const ESCAPABLE = new Set(['-', '.', '_', '/']);

export function asciiClass(pattern: string): AsciiClass | undefined {
  const m = WHOLE.exec(pattern);
  if (!m) return undefined;
  const body = m[1]!;
  const chars: number[] = [];
  for (let i = 0; i < body.length; i++) {
    let ch = body[i]!;
    if (ch === '\\') {
      const next = body[i + 1];
      if (next === undefined || !ESCAPABLE.has(next)) return undefined;
      ch = next;
      i++;
      chars.push(-ch.charCodeAt(0) - 1); // an escaped character is never a range's dash
      continue;
    }
    if (ch === '[') return undefined;
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code > 0x7e) return undefined;
    chars.push(code);
  }
  const ranges: [number, number][] = [];
  for (let i = 0; i < chars.length; i++) {
    const lit = (c: number) => (c < 0 ? -c - 1 : c);
    const a = lit(chars[i]!);
    // `x-y` with a dash between two characters (a dash first or last is itself).
    if (chars[i + 1] === 0x2d && i + 2 < chars.length) {
      const b = lit(chars[i + 2]!);
      if (b < a) return undefined;
      ranges.push([a, b]);
      i += 2;
    } else ranges.push([a, a]);
  }
  return { ranges, min: m[2] === '+' ? 1 : 0 };
}
