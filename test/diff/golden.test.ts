/**
 * Golden Markdown, JSON and changelog output for the realistic changelog-style case (60-changelog-update).
 * Accept a deliberate change with `UPDATE_GOLDEN=1 npx vitest run test/diff/golden.test.ts` and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEntry } from '../../generator/diff/changelog.ts';
import { diffApis } from '../../generator/diff/index.ts';
import { renderJson, renderMarkdown, type RenderInput } from '../../generator/diff/render.ts';
import { buildIr } from '../../generator/pipeline.ts';
import { disposeCopies, loadCases, materialise, ROOT, SPEC_DIR } from './corpus.ts';
import { RULES, type RuleId } from '../../generator/diff/rules.ts';

const GOLDEN = path.join(ROOT, 'test/fixtures/diff/golden');

function golden(name: string, actual: string): void {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, actual);
  if (!existsSync(file)) throw new Error(`no golden ${name}: run with UPDATE_GOLDEN=1 and review it`);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

afterAll(disposeCopies);

describe('golden output of a changelog-style update', () => {
  let input: RenderInput;
  beforeAll(async () => {
    const update = loadCases().find((c) => c.name === '60-changelog-update')!;
    const [base, head] = await Promise.all([
      buildIr(path.join(SPEC_DIR, 'openapi.yaml')),
      buildIr(materialise(update.patch)),
    ]);
    input = { result: diffApis(base, head), base: 'spec@base', head: 'spec@head', areas: head.areas };
  });

  it('renders Markdown, breaking first and grouped by area', () => {
    golden('changelog-update.md', renderMarkdown(input));
  });

  it('renders JSON with a summary and every change', () => {
    const json = renderJson(input);
    golden('changelog-update.json', json);
    const parsed = JSON.parse(json) as {
      summary: { bump: string; breaking: number };
      changes: { severity: string; rule: string; reason: string }[];
    };
    expect(parsed.summary).toMatchObject({ bump: 'major', breaking: 1 });
    // Each reason is its rule's principle, and names no API's document (the diff runs on any spec).
    for (const c of parsed.changes) {
      expect(c.reason).toBe(RULES[c.rule as RuleId].reason);
      expect(c.reason).not.toMatch(/Versioning/);
    }
    for (const rule of Object.values(RULES)) expect(rule.reason).not.toMatch(/Versioning|seeds/);
  });

  it('renders a changelog entry', () => {
    golden('changelog-entry.md', renderEntry({ ...input, version: '2.0.0', date: '2026-01-15' }));
  });
});
