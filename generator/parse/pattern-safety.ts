/**
 * Decides how validators test a pattern so that no crafted string can stall them: with RegExp when the pattern is
 * proven linear for a backtracking engine (`generator/regex/backtracking.ts`), with the linear-time matcher when it
 * is not, and not at all (reported) when it needs what no linear-time matcher has (back-references, lookarounds).
 */
import { backtrackingRisk } from '../regex/backtracking.ts';
import { compileProgram } from '../regex/program.ts';
import { parseRegex, UnsupportedPattern } from '../regex/syntax.ts';

export type PatternSafety =
  | { kind: 'native' }
  | { kind: 'linear'; reason: string }
  | { kind: 'unchecked'; reason: string };

/** `unicode`: the pattern is compiled with the `u` flag. */
export function patternSafety(pattern: string, unicode: boolean): PatternSafety {
  try {
    const tree = parseRegex(pattern, unicode);
    const risk = backtrackingRisk(tree, unicode);
    if (risk === undefined) return { kind: 'native' };
    compileProgram(tree, unicode); // refuses a program too large to run
    return { kind: 'linear', reason: `is not proven safe for backtracking engines: ${risk}` };
  } catch (error) {
    if (!(error instanceof UnsupportedPattern)) throw error;
    return { kind: 'unchecked', reason: `cannot be checked in linear time: ${error.message}` };
  }
}
