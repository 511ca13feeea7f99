/**
 * The official JSON-Schema-Test-Suite through the generated request validators, beside ajv in the same run: draft
 * 2020-12 through an OpenAPI 3.1 document, draft 4 through a 3.0 one (groups using keywords the 3.0 Schema Object
 * lacks are left out, with the reason printed), and the optional format tests with `format` asserting. Prints a
 * table per keyword. A wrong answer must be behind a located warning of the generator, or listed in
 * `suite/known-wrong.json` (answers still to fix; a test that becomes right must leave the list).
 * `UPDATE_SUITE_BASELINE=1` rewrites that list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGroups, suiteFiles, type Group } from './suite/load.ts';
import { runSuite, table, testId, type Outcome, type RunOptions } from './suite/run.ts';

const BASELINE = path.join(import.meta.dirname, 'suite/known-wrong.json');
const baseline = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Record<string, string[]>;
const update = process.env.UPDATE_SUITE_BASELINE === '1';

function report(name: string, groups: Group[], outcomes: Outcome[]): string[] {
  const skipped = groups.filter((g) => g.skip).map((g) => `  skipped ${g.keyword} / ${g.description} (${g.tests.length} tests): ${g.skip}`);
  const { text } = table(outcomes);
  console.log(`JSON Schema Test Suite, ${name}\n${text}\n${skipped.join('\n')}`);
  return outcomes.filter((o) => o.ours !== o.expected && !o.warning).map(testId).sort();
}

const RUNS: { name: string; options: RunOptions; groups: () => Group[] }[] = [
  { name: 'draft2020-12', options: { name: 'draft2020-12', draft: 'draft2020-12', formats: false }, groups: () => loadGroups('draft2020-12', suiteFiles('draft2020-12')) },
  { name: 'draft2020-12-formats', options: { name: 'draft2020-12-formats', draft: 'draft2020-12', formats: true }, groups: () => loadGroups('draft2020-12', suiteFiles('draft2020-12', 'optional/format')) },
  { name: 'draft4', options: { name: 'draft4', draft: 'draft4', formats: false }, groups: () => loadGroups('draft4', suiteFiles('draft4')) },
];

describe('JSON Schema Test Suite', () => {
  const results: Record<string, string[]> = {};
  for (const run of RUNS) {
    it(`${run.name}: every wrong answer is warned or known`, { timeout: 300_000 }, async () => {
      const groups = run.groups();
      const outcomes = await runSuite(groups, run.options);
      expect(outcomes.length).toBeGreaterThan(100);
      const silent = report(run.name, groups, outcomes);
      results[run.name] = silent;
      if (update) {
        baseline[run.name] = silent;
        fs.writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
        return;
      }
      const known = new Set(baseline[run.name] ?? []);
      expect(silent.filter((id) => !known.has(id)), 'silently wrong answers').toEqual([]);
      expect((baseline[run.name] ?? []).filter((id) => !silent.includes(id)), 'now right: remove from known-wrong.json').toEqual([]);
    });
  }
});
