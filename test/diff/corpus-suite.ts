/**
 * Runs a shard of the diff corpus: every case's patch is applied to a copy of the real spec and the diff must
 * report exactly the expected changes (each expected entry consumes `count` matching changes, `*` = all, at
 * least one; nothing may be left over). Sharded over several test files so vitest runs them in parallel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffApis, type Change } from '../../generator/diff/index.ts';
import type { Api } from '../../generator/ir/api.ts';
import { buildIr } from '../../generator/pipeline.ts';
import { disposeCopies, loadCases, materialise, SPEC_DIR, type Expected } from './corpus.ts';
import path from 'node:path';

interface Entry extends Expected {
  count?: number | '*';
}

const matches = (e: Entry, c: Change) =>
  e.severity === c.severity &&
  e.rule === c.rule &&
  e.location === c.location &&
  (e.subject.startsWith('/') ? new RegExp(e.subject.slice(1, -1)).test(c.subject) : e.subject === c.subject);

/** Returns a list of problems: expected entries not found, and changes nobody expected. */
export function compare(expected: Entry[], actual: Change[]): string[] {
  const left = [...actual];
  const problems: string[] = [];
  for (const e of expected) {
    const hits = left.filter((c) => matches(e, c));
    const want = e.count ?? 1;
    if (want === '*' ? hits.length === 0 : hits.length < want) {
      problems.push(`missing: ${JSON.stringify(e)} (found ${hits.length})`);
      continue;
    }
    for (const hit of want === '*' ? hits : hits.slice(0, want)) left.splice(left.indexOf(hit), 1);
  }
  for (const c of left)
    problems.push(`unexpected: ${c.severity} ${c.rule} | ${c.subject} | ${c.location} | ${c.message}`);
  return problems;
}

export function corpusShard(shard: number, shards: number): void {
  const cases = loadCases().filter((_, i) => i % shards === shard);
  let base: Api;
  beforeAll(async () => {
    base = await buildIr(path.join(SPEC_DIR, 'openapi.yaml'));
  });
  afterAll(disposeCopies);
  describe(`diff corpus, shard ${shard + 1}/${shards}`, () => {
    for (const c of cases) {
      it(`${c.name}: ${c.description.split('\n')[0]}`, async () => {
        const head = await buildIr(materialise(c.patch));
        const result = diffApis(base, head);
        expect(compare(c.expect as Entry[], result.changes)).toEqual([]);
        // The verdict follows from the changes: any breaking change means a major bump.
        const breaking = c.expect.some((e) => e.severity === 'breaking');
        expect(result.summary.breaking > 0).toBe(breaking);
      });
    }
  });
}
