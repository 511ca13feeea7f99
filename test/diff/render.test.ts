/** Markdown layout: breaking first, then compatible, then docs; areas sorted by title inside each; reasons shown. */
import { describe, expect, it } from 'vitest';
import { diffApis, RULES, type Change, type RuleId } from '../../generator/diff/index.ts';
import { renderMarkdown } from '../../generator/diff/render.ts';
import { api } from '../helpers/model-factory.ts';
import { areaFiles } from '../../generator/naming/paths.ts';
import type { DiffResult } from '../../generator/diff/types.ts';

const change = (rule: RuleId, area: string, subject: string, message: string, usedBy?: string[]): Change => ({
  severity: RULES[rule].severity,
  rule,
  reason: RULES[rule].reason,
  area,
  subject,
  location: '',
  message,
  ...(usedBy ? { usedBy } : {}),
});

describe('renderMarkdown', () => {
  const result: DiffResult = {
    changes: [
      change('removed-field', 'videos', 'schema Video', 'gone', ['a', 'b', 'c', 'd', 'e', 'f']),
      change('changed-auth', 'general', 'security', 'auth changed'),
      change('new-resource', 'batches', 'operation x', 'added'),
      change('docs', 'videos', 'operation y', 'summary changed'),
    ],
    summary: { breaking: 2, client: 0, compatible: 1, docs: 1, bump: 'major' },
  };
  const md = renderMarkdown({
    result,
    base: 'a',
    head: 'b',
    areas: [{ slug: 'videos', title: 'Videos', files: areaFiles('videos') }],
  });

  it('puts breaking changes first and sorts areas by title within a section', () => {
    const order = [
      '## Breaking changes (2)',
      '### General',
      '### Videos',
      '## Compatible changes (1)',
      '### Batches',
      '## Documentation changes (1)',
    ];
    const positions = order.map((h) => md.indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
  });

  it('cites the rule under each change, but not under documentation changes', () => {
    expect(md).toContain(
      '_changed authentication breaks callers (no breaking changes within a major version)_',
    );
    expect(md).toContain('- **operation y**: summary changed\n');
  });

  it('names at most four users of a schema and counts the rest', () => {
    expect(md).toContain('(used by a, b, c, d and 2 more)');
  });

  it('says so when nothing changed', () => {
    const empty = diffApis(emptyApi(), emptyApi());
    expect(renderMarkdown({ result: empty, base: 'a', head: 'a', areas: [] })).toBe(
      '# API changes: a → a\n\nNo changes.\n',
    );
    expect(empty.summary.bump).toBe('none');
  });
});

function emptyApi() {
  return api({ title: 't', areas: [] });
}
