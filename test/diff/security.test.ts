/** Security requirements: an added alternative keeps every credential working; anything else breaks callers. */
import { describe, expect, it } from 'vitest';
import { DiffContext } from '../../generator/diff/context.ts';
import { diffSecurity } from '../../generator/diff/security.ts';
import type { SecurityRequirement } from '../../generator/ir/server.ts';
import { api } from '../helpers/model-factory.ts';

const req = (scheme: string, scopes: string[] = []): SecurityRequirement => ({ scheme, scopes });

function verdicts(before: SecurityRequirement[][], after: SecurityRequirement[][]): string[] {
  const ctx = new DiffContext(
    { ...api({ title: 't', areas: [] }), security: before },
    { ...api({ title: 't', areas: [] }), security: after },
  );
  diffSecurity(ctx);
  return ctx.changes.map((c) => c.rule);
}

describe('diffSecurity', () => {
  it.each<[string, SecurityRequirement[][], SecurityRequirement[][], string[]]>([
    ['the same alternatives in another order', [[req('a')], [req('b')]], [[req('b')], [req('a')]], []],
    [
      'an alternative added (Adyen: ApiKeyAuth, then BasicAuth or ApiKeyAuth)',
      [[req('key')]],
      [[req('basic')], [req('key')]],
      ['new-auth-alternative'],
    ],
    [
      'an anonymous alternative added (authentication made optional)',
      [[req('key')]],
      [[req('key')], []],
      ['new-auth-alternative'],
    ],
    ['an alternative removed', [[req('basic')], [req('key')]], [[req('key')]], ['changed-auth']],
    [
      'a scheme required beside the one there was (AND)',
      [[req('key')]],
      [[req('key'), req('basic')]],
      ['changed-auth'],
    ],
    ['requirements where there were none', [], [[req('key')]], ['changed-auth']],
    [
      'a scope added to the only alternative',
      [[req('oauth', ['read'])]],
      [[req('oauth', ['read', 'write'])]],
      ['changed-auth'],
    ],
  ])('%s', (_, before, after, want) => {
    expect(verdicts(before, after)).toEqual(want);
  });
});
