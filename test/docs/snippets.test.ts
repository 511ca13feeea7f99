/** Every ```ts snippet of the generated READMEs and docs compiles against `generated/` (test/docs/helpers/snippets.ts). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { snippetProblems } from './helpers/snippets.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('generated documentation snippets', () => {
  it('every ts snippet type-checks, and there are snippets', () => {
    const { count, problems } = snippetProblems(
      path.join(root, 'generated'),
      'PlatformClient',
      path.join(root, '.tmp', 'snippets'),
    );
    expect(count).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});
