/**
 * A linear-time matcher for the patterns a backtracking RegExp could take exponential or polynomial time on (the
 * generator proves the others safe and leaves them to RegExp). The generator compiles a pattern into a program;
 * this runs it as a Thompson NFA: every live thread advances on each character together, so `test` costs at most
 * length × program size, whatever the input. Hand-written; copied verbatim into `validators/pattern.ts`.
 */

const CHAR = 0;
const SPLIT = 1;
const JMP = 2;
const MATCH = 4;
// 3: ASSERT, an assertion (`^`, `$`, `\b`, `\B` by number) that must hold at the position.

function isWord(s: string, i: number): boolean {
  if (i < 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** A compiled pattern with RegExp's `test` (search semantics: a match anywhere, unless anchored). */
export class LinearPattern {
  private readonly code: Int32Array;
  private readonly sets: readonly Int32Array[];
  /** Threads of the current and next position: program counters, and per counter the step that last added it. */
  private readonly lists: [Int32Array, Int32Array];
  private readonly marks: Int32Array;
  private readonly stack: Int32Array;
  private step = 0;
  private readonly unicode: boolean;
  private readonly anchored: boolean;

  constructor(
    unicode: boolean,
    anchored: boolean,
    sets: readonly (readonly number[])[],
    code: readonly number[],
  ) {
    this.unicode = unicode;
    this.anchored = anchored;
    this.sets = sets.map((s) => Int32Array.from(s));
    this.code = Int32Array.from(code);
    const size = code.length / 3;
    this.lists = [new Int32Array(size + 1), new Int32Array(size + 1)];
    this.marks = new Int32Array(size);
    this.stack = new Int32Array(size * 2 + 2);
  }

  test(s: string): boolean {
    const [a, b] = this.lists;
    let current = a;
    let next = b;
    current[0] = 0;
    this.newStep();
    for (let pos = 0; ;) {
      if ((!this.anchored || pos === 0) && this.add(current, 0, s, pos)) return true;
      if (pos >= s.length || (this.anchored && current[0] === 0)) return false;
      const ch = this.unicode ? s.codePointAt(pos)! : s.charCodeAt(pos);
      const after = pos + (ch > 0xffff ? 2 : 1);
      next[0] = 0;
      this.newStep();
      for (let k = 1; k <= current[0]!; k++) {
        const at = current[k]! * 3;
        if (
          this.code[at] === CHAR &&
          inSet(this.sets[this.code[at + 1]!]!, ch) &&
          this.add(next, current[k]! + 1, s, after)
        )
          return true;
      }
      [current, next] = [next, current];
      pos = after;
    }
  }

  private newStep(): void {
    // Marks are step numbers, so clearing the lists costs nothing; they restart before the counter could overflow.
    if (++this.step === 0x7fffffff) {
      this.marks.fill(0);
      this.step = 1;
    }
  }

  /** Adds `pc` and what it reaches without reading (jumps, splits, assertions) to `list`; true on a match. */
  private add(list: Int32Array, pc: number, s: string, pos: number): boolean {
    const { code, marks, stack } = this;
    let top = 0;
    stack[top++] = pc;
    while (top > 0) {
      const at = stack[--top]!;
      if (marks[at] === this.step) continue;
      marks[at] = this.step;
      const i = at * 3;
      const op = code[i];
      if (op === MATCH) return true;
      if (op === CHAR) list[++list[0]!] = at;
      else if (op === JMP) stack[top++] = code[i + 1]!;
      else if (op === SPLIT) {
        stack[top++] = code[i + 2]!;
        stack[top++] = code[i + 1]!;
      } else if (holds(code[i + 1]!, s, pos)) stack[top++] = at + 1; // an assertion
    }
    return false;
  }
}

function holds(kind: number, s: string, pos: number): boolean {
  if (kind === 0) return pos === 0;
  if (kind === 1) return pos === s.length;
  const boundary = isWord(s, pos - 1) !== isWord(s, pos);
  return kind === 2 ? boundary : !boundary;
}

function inSet(set: Int32Array, ch: number): boolean {
  let lo = 0;
  let hi = set.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ch < set[mid * 2]!) hi = mid - 1;
    else if (ch > set[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}
