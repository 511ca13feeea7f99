/**
 * The linear-time matcher agrees with JavaScript's RegExp (the judge) on every pattern shape specs use, and the
 * backtracking proof agrees with recheck (a precise ReDoS checker we did not write) on what it calls safe.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backtrackingRisk } from '../../generator/regex/backtracking.ts';
import { compileProgram } from '../../generator/regex/program.ts';
import { parseRegex } from '../../generator/regex/syntax.ts';
import { stringForPattern } from '../../templates/emulator/fakes/regex.ts';
import { Random } from '../../templates/emulator/fakes/random.ts';
import { LinearPattern } from '../../templates/validators/pattern.ts';
import { root } from './fixture.ts';

/** Every pattern of the spec, and shapes that exercise each part of the syntax. */
const PATTERNS = [
  ...new Set(specPatterns(path.join(root, 'spec'))),
  '^(a|a)*$',
  '^(a|aa)+$',
  '^a*a*a*b$',
  '^(\\w+\\s?)*$',
  'a+b',
  '(x*)*y',
  '^([a-z0-9]+\\.?)*$',
  '\\bword\\b',
  '\\Bor\\B',
  '^$',
  '',
  'x|^y|z$',
  '^[^\\d\\s]{2,4}-\\D\\W\\S$',
  '[\\u00e9\\x41-\\x43\\t\\n\\0]+',
  '\\u{1F600}+',
  '^[\\u{1F600}-\\u{1F64F}]{1,3}$',
  '^\\p{Lu}\\p{Ll}*$',
  '^[\\P{L}]+$',
  '.{2}',
  '^(?:ab|a)(?:bc|c)?$',
  '^(?<year>\\d{4})-(?<month>\\d{2})$',
  '^a{2,}?b{0,2}?c??$',
  '[\\b]',
  '^\\cJ\\f\\v\\r$',
  '[\\]\\[\\-]',
  '[]',
  '[^]',
  '^[a-z]{0,5}(-[a-z]{1,3}){0,3}$',
];
/** Valid only without the `u` flag: Annex B's literal braces and escapes. */
const WITHOUT_U = ['^[\\w-.]+$', 'a{', 'x{1,a}', '\\u{12}', '[\\c]', '\\q', '\\😀', '😀+', '^[😀]$', '}]'];

function specPatterns(dir: string): string[] {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.yaml'));
  return files.flatMap((f) =>
    [...readFileSync(path.join(dir, f), 'utf8').matchAll(/pattern: '((?:[^']|'')*)'/g)].map((m) =>
      m[1]!.replace(/''/g, "'"),
    ),
  );
}

/** Strings near the pattern: matches generated from it, then cut, doubled and mutated with its own characters. */
function samples(pattern: string, random: Random): string[] {
  const alphabet = [
    ...new Set([
      ...Array.from(pattern.replace(/[\\^$()[\]{}|*+?]/g, '')),
      'a',
      '0',
      ' ',
      '-',
      '\n',
      'é',
      '😀',
    ]),
  ];
  const out: string[] = [];
  for (let k = 0; k < 60; k++) {
    let s = '';
    try {
      s = stringForPattern(pattern, random);
    } catch {
      s = '';
    }
    out.push(s, s + s, s.slice(0, random.int(0, s.length)));
    const chars = Array.from(s);
    for (let m = random.int(1, 3); m > 0; m--)
      chars.splice(
        random.int(0, chars.length),
        random.int(0, 1),
        alphabet[random.int(0, alphabet.length - 1)]!,
      );
    out.push(chars.join(''));
    let r = '';
    for (let n = random.int(0, 8); n > 0; n--) r += alphabet[random.int(0, alphabet.length - 1)];
    out.push(r);
  }
  return out;
}

function matcher(pattern: string, unicode: boolean): LinearPattern {
  const program = compileProgram(parseRegex(pattern, unicode), unicode);
  return new LinearPattern(program.unicode, program.anchored, program.sets, program.code);
}

describe('the linear-time matcher', () => {
  const cases = [...PATTERNS.map((p) => [p, true] as const), ...WITHOUT_U.map((p) => [p, false] as const)];
  it.each(cases)('agrees with RegExp on %s (u: %s)', (pattern, unicode) => {
    const re = new RegExp(pattern, unicode ? 'u' : '');
    const linear = matcher(pattern, unicode);
    const random = new Random(pattern);
    const disagreements = samples(pattern, random).filter((s) => re.test(s) !== linear.test(s));
    expect(disagreements).toEqual([]);
  });

  it('runs a hostile string in one pass', () => {
    // Counted, not timed: a backtracking engine needs 2^n steps here; this one reads each character once.
    expect(matcher('^(a|a)*$', true).test(`${'a'.repeat(200_000)}!`)).toBe(false);
    expect(matcher('^(a|a)*$', true).test('a'.repeat(200_000))).toBe(true);
  });
});

describe('the backtracking proof', () => {
  it('calls safe only what recheck calls safe', async () => {
    process.env.RECHECK_BACKEND = 'pure'; // recheck's Scala.js build: no native binary, no Java
    const { checkSync } = await import('recheck');
    const proven = PATTERNS.filter((p) => backtrackingRisk(parseRegex(p, true), true) === undefined);
    expect(proven.length).toBeGreaterThan(20);
    const disputed = proven.filter((p) => {
      const verdict = checkSync(p, 'u', { timeout: 10_000 });
      return verdict.status === 'vulnerable';
    });
    expect(disputed).toEqual([]);
    // And it agrees on what recheck finds vulnerable among the patterns.
    for (const p of ['^(a|a)*$', '^(a|aa)+$', '^a*a*a*b$', '^(\\w+\\s?)*$'])
      expect(checkSync(p, 'u').status).toBe('vulnerable');
  });
});
