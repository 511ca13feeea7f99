/**
 * A spec file written as JSON is read with `JSON.parse`: building the YAML library's node tree for it (positions
 * of every node) took most of the load time and a third of a GB for GitHub's 11 MB description. Positions are
 * needed only for messages, so one scan keeps the offsets of every object and array (two integer arrays), and a
 * pointer is located by walking from the root, skipping siblings by their recorded ends. The same scan finds a
 * repeated key, which `JSON.parse` would silently take the last of, and which the YAML reader refused.
 */

export interface JsonIndex {
  /** Offsets of every `{` and `[`, ascending. */
  opens: Int32Array;
  /** Offset of the matching `}` or `]`, by the same position as in `opens`. */
  closes: Int32Array;
  count: number;
}

export interface JsonScan {
  index: JsonIndex;
  /** The first repeated key of an object, at the offset of its second occurrence. */
  duplicate?: { key: string; offset: number };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** The offset just past the string starting at `start` (a `"`). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q === -1) return text.length;
    let slashes = 0;
    for (let j = q - 1; text.charCodeAt(j) === BACKSLASH; j--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/** The key a raw JSON string token spells (escapes decoded only where there are any). */
function keyOf(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/** Scans text that `JSON.parse` accepted: the offsets of its containers, and its first repeated key. */
export function scanJson(text: string): JsonScan {
  let opens = new Int32Array(1024);
  let closes = new Int32Array(1024);
  let count = 0;
  const stack: number[] = [];
  const keys: (Set<string> | null)[] = [];
  let duplicate: JsonScan['duplicate'];
  // In an object, whether the next string is a key.
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (expectKey && !duplicate) {
        const set = keys[keys.length - 1]!;
        const key = keyOf(text, i, end);
        if (set.has(key)) duplicate = { key, offset: i };
        else set.add(key);
      }
      expectKey = false;
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (count === opens.length) {
        const grow = (a: Int32Array) => {
          const b = new Int32Array(a.length * 2);
          b.set(a);
          return b;
        };
        opens = grow(opens);
        closes = grow(closes);
      }
      stack.push(count);
      opens[count++] = i;
      keys.push(c === OPEN_BRACE ? new Set() : null);
      expectKey = c === OPEN_BRACE;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      closes[stack.pop()!] = i;
      keys.pop();
      expectKey = false;
    } else if (c === COMMA) {
      expectKey = keys[keys.length - 1] != null;
    }
  }
  return { index: { opens, closes, count }, ...(duplicate ? { duplicate } : {}) };
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

/** The end (exclusive) of the container opening at `offset`. */
function containerEnd(index: JsonIndex, offset: number): number {
  let lo = 0;
  let hi = index.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = index.opens[mid]!;
    if (at === offset) return index.closes[mid]! + 1;
    if (at < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  throw new Error(`no container at ${offset}`);
}

/** The end (exclusive) of the value starting at `i`. */
function valueEnd(text: string, index: JsonIndex, i: number): number {
  const c = text.charCodeAt(i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return containerEnd(index, i);
  if (c === QUOTE) return stringEnd(text, i);
  let j = i;
  for (;;) {
    const d = text.charCodeAt(j);
    if (
      Number.isNaN(d) ||
      d === COMMA ||
      d === CLOSE_BRACE ||
      d === CLOSE_BRACKET ||
      d === 0x20 ||
      d === 0x0a ||
      d === 0x0d ||
      d === 0x09
    )
      return j;
    j++;
  }
}

/** The offsets of the members of the container at `offset`, by key (an array's by index). */
function members(text: string, index: JsonIndex, offset: number): Map<string, number> {
  const isObject = text.charCodeAt(offset) === OPEN_BRACE;
  const out = new Map<string, number>();
  let i = skipSpace(text, offset + 1);
  for (let n = 0; ; n++) {
    const c = text.charCodeAt(i);
    if (c === CLOSE_BRACE || c === CLOSE_BRACKET || Number.isNaN(c)) return out;
    let key = String(n);
    if (isObject) {
      const end = stringEnd(text, i);
      key = keyOf(text, i, end);
      i = skipSpace(text, end);
      if (text.charCodeAt(i) === COLON) i = skipSpace(text, i + 1);
    }
    if (!out.has(key)) out.set(key, i);
    i = skipSpace(text, valueEnd(text, index, i));
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
}

/**
 * Locates pointers in one file. The members of each container walked through are listed once and kept: the passes
 * locate every schema and operation they name (`#/components/schemas/X` for each of thousands), and a scan of the
 * siblings per pointer made that quadratic.
 */
export function createJsonLocator(text: string, index: JsonIndex): (tokens: readonly string[]) => number {
  const cache = new Map<number, Map<string, number>>();
  const start = skipSpace(text, 0);
  return (tokens) => {
    let at = start;
    for (const token of tokens) {
      const c = text.charCodeAt(at);
      if (c !== OPEN_BRACE && c !== OPEN_BRACKET) break;
      let table = cache.get(at);
      if (!table) cache.set(at, (table = members(text, index, at)));
      const next = table.get(token);
      if (next === undefined) break;
      at = next;
    }
    return at;
  };
}

/** Line and column (1-based) of an offset, from the line starts (built once per file, when first needed). */
export function lineStarts(text: string): Int32Array {
  const starts: number[] = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return Int32Array.from(starts);
}

export function linePos(starts: Int32Array, offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}
