/** Patterns with nested unbounded repetition are refused at generation time; separated repetition is fine. */
import { describe, expect, it } from 'vitest';
import { unsafePatternReason } from '../../generator/parse/regex-safety.ts';

describe('unsafePatternReason', () => {
  it.each([
    '^(\\d+h)?(\\d+m)?(\\d+(\\.\\d+)?(ms|s))?$',
    '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$',
    '^text-embedding-([3-9]|[1-9][0-9]+)(-|$)',
    '^[\\x00-\\x7F]*$',
    '^(auto|[0-9]+x[0-9]+)$',
  ])('accepts %s', (pattern) => expect(unsafePatternReason(pattern)).toBeUndefined());
  it.each(['^(a+)+$', '(x*)*y', '^([a-z0-9]+\\.?)*$', '(\\w+\\s?)+$', '(a|a)\\1'])('refuses %s', (pattern) =>
    expect(unsafePatternReason(pattern)).toBeDefined(),
  );
});

describe('the validators emitter', () => {
  it('refuses a spec whose pattern can backtrack catastrophically, naming the schema', async () => {
    const { runPipeline } = await import('../../generator/pipeline.ts');
    const { FIXTURE } = await import('./fixture.ts');
    const spec = FIXTURE.replace('openapi.yaml', 'unsafe-pattern.yaml');
    await expect(runPipeline({ spec, emitters: ['validators'] })).rejects.toThrow(
      /pattern "\^\(\[a-z\]\+\)\*\$" is refused: nested unbounded quantifiers/,
    );
  });
});
