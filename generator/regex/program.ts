/**
 * Compiles a pattern's tree into the program of the validators' linear-time matcher
 * (`templates/validators/pattern.ts`): instructions of three numbers `[op, a, b]`, run as a Thompson NFA (every
 * thread advanced together, one character at a time), so a test costs at most length × program size.
 */
import type { Ranges } from './charset.ts';
import { anchoredAtStart, UnsupportedPattern, type RegexNode } from './syntax.ts';

/** Opcodes, as `templates/validators/pattern.ts` numbers them (its differential test runs each). */
export const OP = { char: 0, split: 1, jmp: 2, assert: 3, match: 4 } as const;
export const ASSERTIONS = ['^', '$', 'b', 'B'] as const;
/** Instructions at most (counted repetitions are unrolled). */
const MAX_INSTRUCTIONS = 20_000;

export interface LinearProgram {
  unicode: boolean;
  /** Every way through starts with `^`: only the first position is tried. */
  anchored: boolean;
  /** The character sets, as ranges; `char` instructions name one by index. */
  sets: Ranges[];
  code: number[];
}

export function compileProgram(tree: RegexNode, unicode: boolean): LinearProgram {
  const code: number[] = [];
  const sets: Ranges[] = [];
  const setIndex = new Map<string, number>();
  const emit = (op: number, a = 0, b = 0): number => {
    if (code.length / 3 >= MAX_INSTRUCTIONS)
      throw new UnsupportedPattern(`it unrolls to more than ${MAX_INSTRUCTIONS} steps`);
    code.push(op, a, b);
    return code.length / 3 - 1;
  };
  const pc = () => code.length / 3;
  const patch = (at: number, slot: 1 | 2, target: number) => {
    code[at * 3 + slot] = target;
  };

  const compile = (node: RegexNode): void => {
    switch (node.t) {
      case 'set': {
        const key = node.ranges.join(',');
        let index = setIndex.get(key);
        if (index === undefined) setIndex.set(key, (index = sets.push(node.ranges) - 1));
        emit(OP.char, index);
        return;
      }
      case 'look':
        throw new UnsupportedPattern('lookarounds cannot be matched in linear time');
      case 'assert':
        emit(OP.assert, ASSERTIONS.indexOf(node.kind));
        return;
      case 'seq':
        node.items.forEach(compile);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.items.forEach((item, k) => {
          if (k === node.items.length - 1) return compile(item);
          const split = emit(OP.split, pc() + 1);
          compile(item);
          jumps.push(emit(OP.jmp));
          patch(split, 2, pc());
        });
        for (const j of jumps) patch(j, 1, pc());
        return;
      }
      case 'rep': {
        for (let k = 0; k < node.min; k++) compile(node.body);
        if (node.max === Infinity) {
          const split = emit(OP.split, pc() + 1);
          compile(node.body);
          emit(OP.jmp, split);
          patch(split, 2, pc());
          return;
        }
        const exits: number[] = [];
        for (let k = node.min; k < node.max; k++) {
          exits.push(emit(OP.split, pc() + 1));
          compile(node.body);
        }
        for (const s of exits) patch(s, 2, pc());
        return;
      }
    }
  };
  compile(tree);
  emit(OP.match);
  return { unicode, anchored: anchoredAtStart(tree), sets, code };
}
