/**
 * No crafted string can stall a generated validator: patterns proven linear for a backtracking engine run on
 * RegExp, the others on the linear-time matcher (reported: an error in strict mode), and those needing what no
 * linear-time matcher has (back-references, unbounded lookarounds) are reported and not checked.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GeneratorError } from '../../generator/diagnostics.ts';
import { patternSafety } from '../../generator/parse/pattern-safety.ts';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import { root } from './fixture.ts';

/** The spec's own patterns and common shapes a backtracking engine runs in linear time. */
const PROVEN = [
  '^(\\d+h)?(\\d+m)?(\\d+(\\.\\d+)?(ms|s))?$',
  '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$',
  '^text-embedding-([3-9]|[1-9][0-9]+)(-|$)',
  '^[\\x00-\\x7F]*$',
  '^(auto|[0-9]+x[0-9]+)$',
  '^gpt-image-2($|-)',
  '^ft:[a-z0-9-]+:[a-z0-9_-]+(:[a-z0-9_-]+)?$',
  '^\\d+(\\.\\d+)*$',
  '^.{0,262144}$',
  '^(?!aws:)[\\p{L}\\p{N}_.:/=+\\-@]*$',
];
/** A well-known e-mail pattern (regexlib.com), exponential on a long run of letters that fails to match. */
const EMAIL =
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$';
/** The patterns (none was flagged before) and well-known ReDoS shapes. */
const LINEAR = [
  '^(a|a)*$',
  '^(a|aa)+$',
  '^a*a*a*a*a*a*a*a*b$',
  '^(\\w+\\s?)*$',
  EMAIL,
  '^(a+)+$',
  '(x*)*y',
  'a+b',
  '^(a|a){20}$',
];
const UNCHECKED = ['(a|b)\\1', '^(?<x>a)\\k<x>$', '(?!.*[.]git$)[\\w\\-.]*'];

describe('patternSafety', () => {
  it.each(PROVEN)('leaves %s to RegExp', (p) => expect(patternSafety(p, true).kind).toBe('native'));
  it('reads a pattern valid only without the u flag without it', () =>
    expect(patternSafety('[\\w-.]+', false).kind).toBe('native'));
  it.each(LINEAR)('gives %s to the linear-time matcher', (p) =>
    expect(patternSafety(p, true)).toMatchObject({
      kind: 'linear',
      reason: expect.stringMatching(/backtracking engine can try more than 16 ways to match "\w+"/),
    }),
  );
  it.each(UNCHECKED)('cannot check %s', (p) => expect(patternSafety(p, true).kind).toBe('unchecked'));
});

function specFile(patterns: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'regex-safety-'));
  const file = path.join(dir, 'openapi.json');
  const schemas = Object.fromEntries(
    Object.entries(patterns).map(([name, pattern]) => [name, { type: 'string', pattern }]),
  );
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {},
      components: { schemas },
    }),
  );
  return file;
}

describe('the validators', () => {
  it('refuse in strict mode a pattern that can stall a backtracking engine, naming it and why', async () => {
    const spec = specFile({ Same: '^(a|a)*$', Words: '^(\\w+\\s?)*$' });
    const error = await runPipeline({ spec, mode: 'strict', emitters: ['validators'] }).then(
      () => undefined,
      (e: GeneratorError) => e.format(),
    );
    expect(error).toMatch(
      /#\/components\/schemas\/Same\/pattern: error\[unsafe-pattern\]: pattern "\^\(a\|a\)\*\$" is not proven safe for backtracking engines: a backtracking engine can try more than 16 ways to match "aaaaa"/,
    );
    expect(error).toMatch(/Words\/pattern: error\[unsafe-pattern\]/);
  });

  it('judge hostile strings of any length correctly and at once in tolerant mode (no length cap, no stall)', async () => {
    const spec = specFile({
      Same: '^(a|a)*$',
      Words: '^(\\w+\\s?)*$',
      Email: EMAIL,
      Stars: '^a*a*a*a*a*a*a*a*b$',
      Backref: '^(a)\\1$',
    });
    const result = await runPipeline({ spec, mode: 'tolerant', emitters: ['validators'], format: false });
    expect(result.warnings.map((w) => `${w.location.pointer} ${w.fallback}`)).toEqual([
      '#/components/schemas/Same/pattern checked by the linear-time matcher',
      '#/components/schemas/Words/pattern checked by the linear-time matcher',
      '#/components/schemas/Email/pattern checked by the linear-time matcher',
      '#/components/schemas/Stars/pattern checked by the linear-time matcher',
      '#/components/schemas/Backref/pattern the pattern is not checked',
    ]);
    const out = mkdtempSync(path.join(root, '.tmp', 'regex-safety-'));
    writeTree(out, result.files, { force: true });
    const v = (await import(pathToFileURL(path.join(out, 'validators/index.ts')).href)) as {
      validateSchema: (name: string, value: unknown) => { ok: boolean };
    };
    const ok = (name: string, value: string) => v.validateSchema(name, value).ok;
    // Longer than any former cap: invalid strings are refused, not skipped.
    expect(ok('Words', `${'word '.repeat(40)}!`)).toBe(false);
    expect(ok('Words', 'word '.repeat(40_000))).toBe(true);
    expect(ok('Same', `${'a'.repeat(29)}!`)).toBe(false);
    expect(ok('Same', 'a'.repeat(100_000))).toBe(true);
    expect(ok('Email', `${'a'.repeat(5_000)}!`)).toBe(false);
    expect(ok('Email', 'someone@example.com')).toBe(true);
    expect(ok('Stars', 'a'.repeat(50_000))).toBe(false);
    expect(ok('Stars', `${'a'.repeat(50_000)}b`)).toBe(true);
  });
});
