/**
 * Reads an ECMA-262 pattern (already accepted by `new RegExp`, with or without the `u` flag) into a small tree of
 * character sets, sequences, alternatives, repetitions, assertions and lookarounds: the input of the backtracking
 * check and of the linear-time program. Captures are plain groups (a test needs no capture). Back-references are
 * an `UnsupportedPattern`: neither check can reason about them.
 */
import { classEscape, dot, maxChar, negate, scan, single, union, verify, type Ranges } from './charset.ts';

export type RegexNode =
  | { t: 'set'; ranges: Ranges }
  | { t: 'seq'; items: RegexNode[] }
  | { t: 'alt'; items: RegexNode[] }
  | { t: 'rep'; body: RegexNode; min: number; max: number }
  | { t: 'assert'; kind: '^' | '$' | 'b' | 'B' }
  /** A lookahead or lookbehind, positive or negative: only its body matters to the checks. */
  | { t: 'look'; body: RegexNode };

export class UnsupportedPattern extends Error {}

/** Groups nested deeper than this are refused (the tree is walked recursively). */
const MAX_NESTING = 100;

export function parseRegex(source: string, unicode: boolean): RegexNode {
  let i = 0;
  let depth = 0;
  const named = /\(\?<[^=!]/.test(source);

  const peek = () => source[i];
  const codePoint = (): number => {
    const cp = unicode ? source.codePointAt(i)! : source.charCodeAt(i);
    i += cp > 0xffff ? 2 : 1;
    return cp;
  };

  function alternation(): RegexNode {
    const items = [sequence()];
    while (peek() === '|') {
      i++;
      items.push(sequence());
    }
    return items.length === 1 ? items[0]! : { t: 'alt', items };
  }

  function sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (i < source.length && peek() !== '|' && peek() !== ')') {
      const atom = term();
      items.push(quantified(atom));
    }
    return items.length === 1 ? items[0]! : { t: 'seq', items };
  }

  function quantified(atom: RegexNode): RegexNode {
    const q = quantifier();
    if (!q) return atom;
    if (peek() === '?') i++; // lazy: the same language and the same paths
    return { t: 'rep', body: atom, min: q[0], max: q[1] };
  }

  function quantifier(): [number, number] | undefined {
    const ch = peek();
    if (ch === '*' || ch === '+' || ch === '?') {
      i++;
      return ch === '*' ? [0, Infinity] : ch === '+' ? [1, Infinity] : [0, 1];
    }
    if (ch !== '{') return undefined;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
    if (!m) return undefined; // without `u`, a `{` that starts no quantifier is the character itself
    i += m[0].length;
    const min = Number(m[1]);
    return [min, m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])];
  }

  function term(): RegexNode {
    const start = i;
    const ch = peek()!;
    if (ch === '^' || ch === '$') {
      i++;
      return { t: 'assert', kind: ch };
    }
    if (ch === '(') return group();
    if (ch === '.') {
      i++;
      return { t: 'set', ranges: dot(unicode) };
    }
    if (ch === '[') return checked(characterClass(), start);
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === 'b' || next === 'B') {
        i += 2;
        return { t: 'assert', kind: next };
      }
      if (next !== undefined && /[1-9]/.test(next))
        throw new UnsupportedPattern('back-references cannot be matched in linear time');
      if (next === 'k' && (unicode || named))
        throw new UnsupportedPattern('back-references cannot be matched in linear time');
      return checked(escape(false), start);
    }
    return { t: 'set', ranges: single(codePoint()) };
  }

  /** Checks a decoded escape or class against the engine; scans it when they disagree. */
  function checked(ranges: Ranges, start: number): RegexNode {
    const atom = source.slice(start, i);
    return { t: 'set', ranges: verify(atom, unicode, ranges) ? ranges : scan(atom, unicode) };
  }

  function group(): RegexNode {
    i++;
    const look = /^\?<?[=!]/.exec(source.slice(i));
    if (look) i += look[0].length;
    else if (source.startsWith('?:', i)) i += 2;
    else if (peek() === '?' && source[i + 1] === '<') i = source.indexOf('>', i) + 1;
    if (++depth > MAX_NESTING) throw new UnsupportedPattern(`groups nest deeper than ${MAX_NESTING}`);
    const body = alternation();
    depth--;
    i++; // `)`
    return look ? { t: 'look', body } : body;
  }

  /** One escape after `\` (at `i`): a character or a class escape; `inClass`: inside `[…]` (`\b` is backspace). */
  function escape(inClass: boolean): Ranges {
    i++;
    const ch = source[i]!;
    const set = classEscape(ch, unicode);
    if (set) {
      i++;
      return set;
    }
    if (ch === 'p' || ch === 'P') {
      if (unicode) {
        const end = source.indexOf('}', i);
        const atom = `\\${source.slice(i, end + 1)}`;
        i = end + 1;
        return scan(atom, unicode);
      }
    }
    if (inClass && ch === 'b') {
      i++;
      return single(8);
    }
    return single(escapedChar());
  }

  /** The character of a character escape (at `i`, after the backslash). */
  function escapedChar(): number {
    const ch = source[i]!;
    const simple: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
    if (Object.hasOwn(simple, ch)) {
      i++;
      return simple[ch]!;
    }
    if (ch === 'c' && /[A-Za-z]/.test(source[i + 1] ?? '')) {
      i += 2;
      return source.charCodeAt(i - 1) % 32;
    }
    if (ch === 'x' && /^[0-9A-Fa-f]{2}/.test(source.slice(i + 1))) {
      i += 3;
      return parseInt(source.slice(i - 2, i), 16);
    }
    if (ch === 'u') {
      const braced = unicode ? /^\{([0-9A-Fa-f]+)\}/.exec(source.slice(i + 1)) : null;
      if (braced) {
        i += braced[0].length + 1;
        return parseInt(braced[1]!, 16);
      }
      if (/^[0-9A-Fa-f]{4}/.test(source.slice(i + 1))) {
        const unit = parseInt(source.slice(i + 1, i + 5), 16);
        i += 5;
        const low = /^\\u([dD][c-fC-F][0-9A-Fa-f]{2})/.exec(source.slice(i));
        if (unicode && unit >= 0xd800 && unit <= 0xdbff && low) {
          i += 6;
          return 0x10000 + ((unit - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
        }
        return unit;
      }
    }
    if (ch === '0' && !/[0-9]/.test(source[i + 1] ?? '')) {
      i++;
      return 0;
    }
    return codePoint(); // an identity escape: the character itself
  }

  function characterClass(): Ranges {
    i++;
    const negated = peek() === '^';
    if (negated) i++;
    const parts: Ranges[] = [];
    while (i < source.length && peek() !== ']') {
      const lo = classAtom();
      if (peek() === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
        i++;
        const hi = classAtom();
        if (lo.length === 2 && lo[0] === lo[1] && hi.length === 2 && hi[0] === hi[1])
          parts.push([lo[0]!, hi[0]!]);
        else parts.push(lo, single(0x2d), hi); // `[\w-.]` without `u`: the `-` is itself
      } else parts.push(lo);
    }
    i++; // `]`
    const set = union(...parts);
    return negated ? negate(set, maxChar(unicode)) : set;
  }

  function classAtom(): Ranges {
    if (peek() === '\\') {
      const next = source[i + 1];
      if (!unicode && next === 'c' && !/[A-Za-z0-9_]/.test(source[i + 2] ?? '')) {
        i++;
        return single(0x5c); // `[\c]`: the backslash itself (Annex B)
      }
      return escape(true);
    }
    return single(codePoint());
  }

  const tree = alternation();
  if (i < source.length) throw new UnsupportedPattern(`unexpected '${source[i]}' at ${i}`);
  return tree;
}

/** Whether every way through `node` starts with `^` (then a search need only try the first position). */
export function anchoredAtStart(node: RegexNode): boolean {
  if (node.t === 'assert') return node.kind === '^';
  if (node.t === 'seq') return node.items.length > 0 && anchoredAtStart(node.items[0]!);
  if (node.t === 'alt') return node.items.every(anchoredAtStart);
  return false;
}
