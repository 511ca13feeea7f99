/**
 * `npm run test:diff-history`: the diff on real consecutive versions of public specs, read from pinned npm packages
 * (test/fixtures/diff-history/), against the verdict judged by hand for each pair. Every pair must be read
 * (tolerantly, as `diff` reads), no breaking pair may be called compatible, each breaking pair must be breaking for
 * the judged reason, and false alarms (a compatible pair called breaking) stay within 10% of the pairs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../generator/diff/specs.ts';
import { loadPairs, materialise, type Verdict } from './history.ts';

interface Outcome {
  api: string;
  versions: string;
  judged: Verdict;
  ours: Verdict;
  ms: number;
  problems: string[];
}

const pairs = loadPairs();
const ROOT = new URL('../..', import.meta.url).pathname;
const versionOf = (source: string): string => /@([^@:]+):/.exec(source)?.[1] ?? source;

describe('the diff on real spec histories', () => {
  let files = new Map<string, string>();
  const outcomes: Outcome[] = [];

  // Without the registry and without the cache this throws (RegistryError, saying so): the lane fails, never passes empty.
  beforeAll(() => {
    files = materialise(pairs);
  });
  // An absent head would make diffSpecs read the working tree's spec: a side not on disk is an error.
  const fileOf = (source: string): string => {
    const file = files.get(source);
    if (!file) throw new Error(`${source}: not extracted`);
    return file;
  };

  it(`reads every one of the ${pairs.length} pairs and finds the judged breaking changes`, async () => {
    for (const pair of pairs) {
      const started = performance.now();
      const { result } = await diffSpecs(fileOf(pair.base), fileOf(pair.head), ROOT, 'openapi.yaml', {
        mode: 'tolerant',
      });
      const ours: Verdict = result.summary.breaking ? 'breaking' : 'compatible';
      const problems: string[] = [];
      if (pair.verdict === 'breaking' && ours === 'compatible')
        problems.push(`a breaking change missed (${pair.reason})`);
      const breaking = result.changes
        .filter((c) => c.severity === 'breaking')
        .map((c) => `${c.subject} | ${c.location} | ${c.message}`);
      for (const text of pair.verdict === 'breaking' ? (pair.expect ?? []) : [])
        if (!breaking.some((b) => b.includes(text)))
          problems.push(`no breaking change mentions "${text}" (${pair.reason})`);
      outcomes.push({
        api: pair.api,
        versions: `${versionOf(pair.base)} → ${versionOf(pair.head)}`,
        judged: pair.verdict,
        ours,
        ms: performance.now() - started,
        problems,
      });
    }
    const rows = outcomes.map(
      (o) =>
        `${o.api.padEnd(30)} ${o.versions.padEnd(16)} judged ${o.judged.padEnd(10)} ours ${o.ours.padEnd(10)} ${String(Math.round(o.ms)).padStart(6)} ms${o.problems.length ? `  <- ${o.problems.join('; ')}` : o.judged === o.ours ? '' : '  <- false alarm'}`,
    );
    process.stdout.write(`\n${rows.join('\n')}\n`);
    expect(
      outcomes
        .filter((o) => o.problems.length)
        .map((o) => `${o.api} ${o.versions}: ${o.problems.join('; ')}`),
    ).toEqual([]);
  });

  it('covers at least 20 pairs of three APIs, with false alarms on at most 10% of the pairs', () => {
    expect(outcomes.length).toBe(pairs.length);
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    expect(new Set(pairs.map((p) => p.api.split('/')[0])).size).toBeGreaterThanOrEqual(3);
    const falseAlarms = outcomes.filter((o) => o.judged === 'compatible' && o.ours === 'breaking');
    expect(falseAlarms.length / outcomes.length).toBeLessThanOrEqual(0.1);
  });
});
