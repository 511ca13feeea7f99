/**
 * Proves that a backtracking engine (JavaScript's RegExp) tests a pattern in linear time, or says why it cannot.
 *
 * A backtracking search explores every path of the pattern's position automaton (one state per character set, one
 * edge per way to reach the next: kept with multiplicity, so `(a*)*` has two edges `a → a`, as the engine has two
 * choices) that reads a prefix of the input; an unanchored pattern is tried from every position, as if it began
 * with `[^]*`. The check follows, for every reachable combination of states, how many paths reach each: when no
 * input ever makes more than MAX_WAYS paths live at once, the search costs at most MAX_WAYS × length × pattern
 * size. Otherwise some input makes the paths multiply (exponential, `(a|a)*`) or pile up (polynomial,
 * `a*a*b` or an unanchored `a+b`), and the pattern needs the linear-time matcher. Assertions count as empty (only
 * more paths, so the proof stays sound). The answer is "proven" or "not proven", never a guess.
 */
import { maxChar, type Ranges } from './charset.ts';
import { anchoredAtStart, type RegexNode } from './syntax.ts';

const MAX_WAYS = 16;
const MAX_POSITIONS = 400;
const MAX_EDGES = 20_000;
const MAX_STATES = 5_000;
/** Repetitions unrolled to more character sets than this are read as unbounded. */
const LARGE_COUNT = 64;

interface Fragment {
  first: number[];
  last: number[];
  /** Ways to match the empty string. */
  nulls: number;
}

class NotProven extends Error {}

/** Undefined when the pattern is proven linear for a backtracking engine; otherwise why not. */
export function backtrackingRisk(tree: RegexNode, unicode: boolean): string | undefined {
  const sets: Ranges[] = [];
  const follow: number[][] = [];
  let edges = 0;
  const position = (ranges: Ranges): number => {
    if (sets.length >= MAX_POSITIONS) throw new NotProven('it is too large to prove linear');
    sets.push(ranges);
    follow.push([]);
    return sets.length - 1;
  };
  const link = (from: number[], to: number[]) => {
    for (const p of from)
      for (const q of to) {
        follow[p]!.push(q);
        if (++edges > MAX_EDGES) throw new NotProven('it is too large to prove linear');
      }
  };
  const times = (list: number[], n: number): number[] => {
    if (list.length === 0 || n === 0) return [];
    if (n > MAX_WAYS) throw new NotProven(`it matches the empty string in more than ${MAX_WAYS} ways`);
    return Array.from({ length: n }, () => list).flat();
  };
  const seq = (a: Fragment, b: Fragment): Fragment => {
    link(a.last, b.first);
    return {
      first: [...a.first, ...times(b.first, a.nulls)],
      last: [...b.last, ...times(a.last, b.nulls)],
      nulls: a.nulls * b.nulls,
    };
  };
  const EMPTY: Fragment = { first: [], last: [], nulls: 1 };

  const build = (node: RegexNode): Fragment => {
    switch (node.t) {
      case 'set': {
        const p = position(node.ranges);
        return { first: [p], last: [p], nulls: 0 };
      }
      case 'assert':
        return EMPTY;
      case 'look': {
        // The engine runs the body at each position it reaches: a constant cost when the body is bounded in
        // length and itself proven (then the lookaround counts as empty, like an assertion); at the head of an
        // anchored pattern it runs once, so any proven body will do.
        if (maxLength(node.body) === Infinity && !(anchored && head.has(node)))
          throw new NotProven('a lookaround can read without bound at every position');
        const inner = backtrackingRisk({ t: 'seq', items: [{ t: 'assert', kind: '^' }, node.body] }, unicode);
        if (inner !== undefined) throw new NotProven(`in a lookaround, ${inner}`);
        return EMPTY;
      }
      case 'seq':
        return node.items.reduce((acc, item) => seq(acc, build(item)), EMPTY);
      case 'alt': {
        const parts = node.items.map(build);
        return {
          first: parts.flatMap((f) => f.first),
          last: parts.flatMap((f) => f.last),
          nulls: parts.reduce((n, f) => n + f.nulls, 0),
        };
      }
      case 'rep':
        return repeat(node.body, node.min, node.max);
    }
  };
  const repeat = (body: RegexNode, min: number, max: number): Fragment => {
    // Large counts are read as `{0,}` or `{1,}`: their paths map one to one into those (so the proof stays sound)
    // and the automaton stays small.
    if ((max === Infinity ? min : max) * size(body) > LARGE_COUNT && (min > 1 || max !== Infinity))
      return repeat(body, Math.min(min, 1), Infinity);
    let acc = EMPTY;
    for (let k = 1; k < min || (k === min && max !== Infinity); k++) acc = seq(acc, build(body));
    if (max === Infinity) {
      // The engine skips an iteration that matched nothing, so the loop adds one empty way, not more.
      const loop = build(body);
      link(loop.last, loop.first);
      return seq(acc, { ...loop, nulls: min === 0 ? 1 : loop.nulls });
    }
    // Optional copies nest, `(e(e)?)?`: once the engine leaves the loop it does not come back.
    let optional = EMPTY;
    for (let k = min; k < max; k++) {
      const copy = seq(build(body), optional);
      optional = { ...copy, nulls: copy.nulls + 1 };
    }
    return seq(acc, optional);
  };

  const anchored = anchoredAtStart(tree);
  const items = tree.t === 'seq' ? tree.items : [tree];
  const headLength = items.findIndex((n) => n.t !== 'look' && !(n.t === 'assert' && n.kind === '^'));
  const head = new Set(headLength < 0 ? items : items.slice(0, headLength));
  try {
    const root = build(tree);
    // When the pattern can end after every character it reads, and nothing but its head can refuse (no `$`,
    // `\b` or lookaround after it), the engine's first path never fails once started: each try costs at most
    // its head and one path, however ambiguous the rest.
    const last = new Set(root.last);
    if (sets.every((_, p) => last.has(p)) && !hasCondition(tree, head)) return undefined;
    const start = position([]);
    follow[start] = [...root.first];
    if (!anchored) {
      const any = position([0, maxChar(unicode)]);
      follow[any] = [...root.first, any];
      follow[start].push(any);
    }
    return explore(sets, follow, start, unicode);
  } catch (error) {
    if (error instanceof NotProven) return error.message;
    throw error;
  }
}

/** Breadth-first over the reachable "paths per state" vectors; a witness is kept to name the input that hurts. */
function explore(sets: Ranges[], follow: number[][], start: number, unicode: boolean): string | undefined {
  const classes = alphabet(sets, maxChar(unicode));
  const seen = new Map<string, { from: string | undefined; ch: number }>();
  const startKey = `${start}:1`;
  seen.set(startKey, { from: undefined, ch: 0 });
  const queue: Map<number, number>[] = [new Map([[start, 1]])];
  const keys = [startKey];
  for (let head = 0; head < queue.length; head++) {
    const ways = queue[head]!;
    for (const { ch, members } of classes) {
      const next = new Map<number, number>();
      let total = 0;
      for (const [p, n] of ways)
        for (const q of follow[p]!)
          if (members.has(q)) {
            next.set(q, (next.get(q) ?? 0) + n);
            total += n;
          }
      if (total === 0) continue;
      const key = [...next].sort((a, b) => a[0] - b[0]).join(';');
      if (seen.has(key)) continue;
      seen.set(key, { from: keys[head], ch });
      if (total > MAX_WAYS)
        return `a backtracking engine can try more than ${MAX_WAYS} ways to match ${witness(seen, key)} (repetitions that can match the same text)`;
      if (seen.size > MAX_STATES) throw new NotProven('it is too large to prove linear');
      queue.push(next);
      keys.push(key);
    }
  }
  return undefined;
}

function witness(seen: Map<string, { from: string | undefined; ch: number }>, key: string): string {
  const chars: number[] = [];
  for (let k: string | undefined = key; k !== undefined;) {
    const step: { from: string | undefined; ch: number } = seen.get(k)!;
    if (step.from !== undefined) chars.unshift(step.ch);
    k = step.from;
  }
  return JSON.stringify(String.fromCodePoint(...chars));
}

/** The alphabet cut into classes of characters no set tells apart: one representative and the sets holding it. */
function alphabet(sets: Ranges[], max: number): { ch: number; members: Set<number> }[] {
  const cuts = new Set<number>([0]);
  for (const s of sets)
    for (let i = 0; i < s.length; i += 2) {
      cuts.add(s[i]!);
      if (s[i + 1]! < max) cuts.add(s[i + 1]! + 1);
    }
  const byMembers = new Map<string, { ch: number; members: Set<number> }>();
  for (const ch of [...cuts].sort((a, b) => a - b)) {
    const members = new Set<number>();
    sets.forEach((s, p) => {
      for (let i = 0; i < s.length; i += 2) if (ch >= s[i]! && ch <= s[i + 1]!) members.add(p);
    });
    const id = [...members].join(',');
    // A printable representative where there is one, for the witness.
    const prev = byMembers.get(id);
    if (!prev || (prev.ch < 0x21 && ch >= 0x21)) byMembers.set(id, { ch, members });
  }
  return [...byMembers.values()].filter((c) => c.members.size > 0);
}

/** The character sets in `node` (one per position it adds, counted once). */
function size(node: RegexNode): number {
  switch (node.t) {
    case 'set':
      return 1;
    case 'assert':
    case 'look':
      return 0;
    case 'seq':
    case 'alt':
      return node.items.reduce((n, item) => n + size(item), 0);
    case 'rep':
      return size(node.body);
  }
}

/** The most characters `node` can read (Infinity under an unbounded repetition). */
function maxLength(node: RegexNode): number {
  switch (node.t) {
    case 'set':
      return 1;
    case 'assert':
    case 'look':
      return 0;
    case 'seq':
      return node.items.reduce((n, item) => n + maxLength(item), 0);
    case 'alt':
      return Math.max(0, ...node.items.map(maxLength));
    case 'rep': {
      const body = maxLength(node.body);
      return body === 0 ? 0 : node.max * body;
    }
  }
}

/** Whether `node` holds an assertion or lookaround outside `head` (something that can refuse after a character). */
function hasCondition(node: RegexNode, head: Set<RegexNode>): boolean {
  if (head.has(node)) return false;
  switch (node.t) {
    case 'set':
      return false;
    case 'assert':
    case 'look':
      return true;
    case 'seq':
    case 'alt':
      return node.items.some((item) => hasCondition(item, head));
    case 'rep':
      return hasCondition(node.body, head);
  }
}
