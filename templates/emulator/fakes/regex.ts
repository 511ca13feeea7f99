/**
 * A string matching a regular expression, for the `pattern` keyword: literals, escapes (\d \w \s and their
 * negations, \n \t \uXXXX \xXX, escaped punctuation), classes with ranges and negation, `.`, groups (capturing,
 * `(?:`, named), alternation, and the quantifiers `* + ? {n} {n,} {n,m}` (greedy or lazy). Anchors and word
 * boundaries produce nothing; lookarounds are skipped (the caller checks the result against the real RegExp).
 * Repetitions stay short: `*` and `+` at most 3 more than their minimum.
 */
import type { Random } from './random.js';

type Node =
  | { kind: 'chars'; pick: (random: Random) => string }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'empty' };

const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const SPACE = ' ';
/** Printable ASCII, letters and digits first: what a negated class or `.` picks from. */
const PRINTABLE = (() => {
  let out = WORD;
  for (let c = 0x21; c < 0x7f; c++) if (!WORD.includes(String.fromCharCode(c))) out += String.fromCharCode(c);
  return out;
})();

export function stringForPattern(pattern: string, random: Random): string {
  const parser = new Parser(pattern);
  const alternatives = parser.alternatives();
  return emit({ kind: 'group', alternatives }, random);
}

function emit(node: Node, random: Random): string {
  switch (node.kind) {
    case 'chars':
      return node.pick(random);
    case 'empty':
      return '';
    case 'repeat': {
      let out = '';
      const count = random.int(node.min, node.max);
      for (let i = 0; i < count; i++) out += emit(node.node, random);
      return out;
    }
    case 'group':
      return random
        .pick(node.alternatives)
        .map((n) => emit(n, random))
        .join('');
  }
}

const fromSet = (set: string): Node => ({ kind: 'chars', pick: (random) => random.pick([...set]) });
const notInSet = (excluded: (ch: string) => boolean): Node => {
  const allowed = [...PRINTABLE].filter((ch) => !excluded(ch));
  return { kind: 'chars', pick: (random) => (allowed.length ? random.pick(allowed) : '') };
};

class Parser {
  #at = 0;
  constructor(readonly source: string) {}

  #peek(): string | undefined {
    return this.source[this.#at];
  }

  alternatives(): Node[][] {
    const alternatives: Node[][] = [[]];
    while (this.#at < this.source.length) {
      const ch = this.#peek()!;
      if (ch === ')') break;
      if (ch === '|') {
        this.#at++;
        alternatives.push([]);
        continue;
      }
      const atom = this.#atom();
      alternatives[alternatives.length - 1]!.push(this.#quantified(atom));
    }
    return alternatives;
  }

  #atom(): Node {
    const ch = this.source[this.#at++]!;
    if (ch === '^' || ch === '$') return { kind: 'empty' };
    if (ch === '.') return notInSet(() => false);
    if (ch === '[') return this.#class();
    if (ch === '\\') return this.#escape(false).node;
    if (ch === '(') {
      let lookaround = false;
      if (this.source.startsWith('?:', this.#at)) this.#at += 2;
      else if (/^\?<?[=!]/.test(this.source.slice(this.#at, this.#at + 3))) {
        lookaround = true;
        this.#at += this.source[this.#at + 1] === '<' ? 3 : 2;
      } else if (this.source.startsWith('?<', this.#at)) this.#at = this.source.indexOf('>', this.#at) + 1;
      const alternatives = this.alternatives();
      this.#at++; // ')'
      return lookaround ? { kind: 'empty' } : { kind: 'group', alternatives };
    }
    return { kind: 'chars', pick: () => ch };
  }

  #quantified(atom: Node): Node {
    const ch = this.#peek();
    let min: number;
    let max: number;
    if (ch === '*' || ch === '+' || ch === '?') {
      this.#at++;
      [min, max] = ch === '*' ? [0, 3] : ch === '+' ? [1, 4] : [0, 1];
    } else if (ch === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.#at));
      if (!match) return atom;
      this.#at += match[0].length;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] ? Number(match[3]) : min + 3;
      max = Math.min(max, min + 5);
    } else return atom;
    if (this.#peek() === '?') this.#at++; // lazy: same strings
    return { kind: 'repeat', node: atom, min, max };
  }

  /** An escape; `inClass` reads \b as a backspace. Returns the node and, for class use, a membership test. */
  #escape(inClass: boolean): { node: Node; has: (ch: string) => boolean } {
    const ch = this.source[this.#at++]!;
    const set = (chars: string) => ({ node: fromSet(chars), has: (c: string) => chars.includes(c) });
    const notSet = (chars: string) => ({
      node: notInSet((c) => chars.includes(c)),
      has: (c: string) => !chars.includes(c),
    });
    const literal = (c: string) => ({
      node: { kind: 'chars', pick: () => c } as Node,
      has: (x: string) => x === c,
    });
    switch (ch) {
      case 'd':
        return set(DIGITS);
      case 'w':
        return set(WORD);
      case 's':
        return set(SPACE);
      case 'D':
        return notSet(DIGITS);
      case 'W':
        return notSet(WORD);
      case 'S':
        return notSet(' \t\n\r\f\v');
      case 'b':
        return inClass ? literal('\b') : { node: { kind: 'empty' }, has: () => false };
      case 'B':
        return { node: { kind: 'empty' }, has: () => false };
      case 'n':
        return literal('\n');
      case 't':
        return literal('\t');
      case 'r':
        return literal('\r');
      case 'f':
        return literal('\f');
      case 'v':
        return literal('\v');
      case 'u':
      case 'x': {
        const length = ch === 'u' ? 4 : 2;
        const hex = this.source.slice(this.#at, this.#at + length);
        if (/^[0-9a-fA-F]+$/.test(hex) && hex.length === length) {
          this.#at += length;
          return literal(String.fromCharCode(parseInt(hex, 16)));
        }
        return literal(ch);
      }
      default:
        return literal(ch);
    }
  }

  #class(): Node {
    const negated = this.#peek() === '^';
    if (negated) this.#at++;
    const members: ((ch: string) => boolean)[] = [];
    const choices: string[] = [];
    let first = true;
    while (this.#at < this.source.length && (this.#peek() !== ']' || first)) {
      first = false;
      let low = this.source[this.#at++]!;
      if (low === '\\') {
        const escaped = this.#escape(true);
        // A class escape such as \d: its members join the class.
        const sample = [...PRINTABLE, '\n', '\t', '\r', '\f', '\v', '\b'].filter(escaped.has);
        members.push(escaped.has);
        if (sample.length !== 1) {
          choices.push(...sample);
          continue;
        }
        low = sample[0]!;
      }
      if (this.#peek() === '-' && this.source[this.#at + 1] !== ']' && this.#at + 1 < this.source.length) {
        this.#at++;
        let high = this.source[this.#at++]!;
        if (high === '\\') high = this.source[this.#at++]!;
        const [a, b] = [low.codePointAt(0)!, high.codePointAt(0)!];
        members.push((c) => c.codePointAt(0)! >= a && c.codePointAt(0)! <= b);
        // Pick from the range: at most 64 of its characters, spread over it.
        const step = Math.max(1, Math.floor((b - a + 1) / 64));
        for (let code = a; code <= b; code += step) choices.push(String.fromCodePoint(code));
      } else {
        members.push((c) => c === low);
        choices.push(low);
      }
    }
    this.#at++; // ']'
    if (negated) return notInSet((c) => members.some((has) => has(c)));
    return fromSet(choices.join(''));
  }
}
