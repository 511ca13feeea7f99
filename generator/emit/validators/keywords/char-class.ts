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
const DASH = 0x2d;

export function asciiClass(pattern: string): AsciiClass | undefined {
  const m = WHOLE.exec(pattern);
  if (!m) return undefined;
  const body = m[1]!;
  // The class's characters; an escaped one (`\-`) is always itself, never a range's dash.
  const chars: { code: number; escaped: boolean }[] = [];
  for (let i = 0; i < body.length; i++) {
    const escaped = body[i] === '\\';
    if (escaped && !ESCAPABLE.has(body[++i] ?? '')) return undefined;
    const code = body.charCodeAt(i);
    if (!escaped && (body[i] === '[' || code < 0x20 || code > 0x7e)) return undefined;
    chars.push({ code, escaped });
  }
  const ranges: [number, number][] = [];
  for (let i = 0; i < chars.length; i++) {
    const from = chars[i]!.code;
    const dash = chars[i + 1];
    // `x-y` with a dash between two characters (a dash first or last is itself).
    if (dash?.code === DASH && !dash.escaped && i + 2 < chars.length) {
      const to = chars[i + 2]!.code;
      if (to < from) return undefined;
      ranges.push([from, to]);
      i += 2;
    } else ranges.push([from, from]);
  }
  return { ranges, min: m[2] === '+' ? 1 : 0 };
}
