/**
 * The official JSON-Schema-Test-Suite through the generated request validators, beside ajv in the same run: draft
 * 2020-12 through an OpenAPI 3.1 document, draft 4 through a 3.0 one (groups using keywords the 3.0 Schema Object
 * lacks are left out, with the reason printed), and the optional format tests with `format` asserting. Prints a
 * table per keyword. Every wrong answer must be declared: a located warning of the generator in the group's
 * schema, or a located error that stops its generation (counted apart). Every error of a refused value names, by
 * its `schemaPath`, a keyword of the schema it broke.
 */
import { describe, expect, it } from 'vitest';
import { unresolved } from './schema-paths.ts';
import { loadGroups, suiteDocument, suiteFiles, type Group } from './suite/load.ts';
import { runSuite, table, testId, type Outcome, type RunOptions } from './suite/run.ts';

function report(name: string, groups: Group[], outcomes: Outcome[]): string[] {
  const skipped = groups
    .filter((g) => g.skip)
    .map((g) => `  skipped ${g.keyword} / ${g.description} (${g.tests.length} tests): ${g.skip}`);
  const { text } = table(outcomes);
  console.log(`JSON Schema Test Suite, ${name}\n${text}\n${skipped.join('\n')}`);
  return outcomes
    .filter((o) => o.ours !== o.expected && !o.warning)
    .map(testId)
    .sort();
}

const RUNS: { name: string; options: RunOptions; groups: () => Group[] }[] = [
  {
    name: 'draft2020-12',
    options: { name: 'draft2020-12', draft: 'draft2020-12', formats: false },
    groups: () => loadGroups('draft2020-12', suiteFiles('draft2020-12')),
  },
  {
    name: 'draft2020-12-formats',
    options: { name: 'draft2020-12-formats', draft: 'draft2020-12', formats: true },
    groups: () => loadGroups('draft2020-12', suiteFiles('draft2020-12', 'optional/format')),
  },
  {
    name: 'draft4',
    options: { name: 'draft4', draft: 'draft4', formats: false },
    groups: () => loadGroups('draft4', suiteFiles('draft4')),
  },
];

describe('JSON Schema Test Suite', () => {
  for (const run of RUNS) {
    it(`${run.name}: every wrong answer is declared`, { timeout: 300_000 }, async () => {
      const groups = run.groups();
      const outcomes = await runSuite(groups, run.options);
      expect(outcomes.length).toBeGreaterThan(100);
      expect(report(run.name, groups, outcomes), 'silently wrong answers').toEqual([]);
      // The optional format tests: at least as many right as ajv with ajv-formats, measured in this run.
      const { total } = table(outcomes);
      if (run.options.formats) expect(total.ours).toBeGreaterThanOrEqual(total.ajv);
      // Every error of a refused value names a keyword of the schema it broke (ajv's schemaPath).
      const document = suiteDocument(groups, run.options.draft === 'draft4' ? '3.0.3' : '3.1.0');
      const seen = new Map(
        outcomes.flatMap((o) => (o.schemaPaths ?? []).map((sp) => [sp, testId(o)] as [string, string])),
      );
      expect(seen.size).toBeGreaterThan(20);
      expect(unresolved(document, seen), 'schemaPaths that name nothing in the schema').toEqual([]);
    });
  }
});
