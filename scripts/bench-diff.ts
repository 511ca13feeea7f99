/**
 * `tsx scripts/bench-diff.ts [--runs N]`: diffs the full spec against a copy with 50 scattered edits.
 * Reports median and spread (min–max, p90) of
 *   - diff: `diffApis` over the two IRs (the engine; budget: under 1 s median),
 *   - end to end: both `buildIr` calls plus the diff (what `npm run diff` does after reading files),
 *   - peer: one `buildIr` of the spec, measured in the same run (the load/bundle/validate floor).
 * Exit code 1 when the diff median exceeds the budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { diffApis } from '../generator/diff/index.ts';
import { buildIr } from '../generator/pipeline.ts';
import { disposeCopies, materialise, SPEC_DIR, type PatchOp } from '../test/diff/corpus.ts';

const BUDGET_MS = 1000;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;

/** 50 edits spread over every schema file: property additions, removals, enum values, requiredness, docs. */
function scatteredEdits(count: number): PatchOp[] {
  const targets: { file: string; schema: string; props: string[]; value: Record<string, unknown> }[] = [];
  for (const f of readdirSync(path.join(SPEC_DIR, 'schemas')).sort()) {
    const doc = parse(readFileSync(path.join(SPEC_DIR, 'schemas', f), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    for (const [schema, value] of Object.entries(doc)) {
      const props = Object.keys((value.properties as object | undefined) ?? {});
      // Status enums back state machines, whose states must match them: leave those alone.
      if (schema.endsWith('Status')) continue;
      if (props.length >= 2 || Array.isArray(value.enum))
        targets.push({ file: `schemas/${f}`, schema, props, value });
    }
  }
  const step = Math.max(1, Math.floor(targets.length / count));
  const ops: PatchOp[] = [];
  for (let i = 0; ops.length < count && i * step < targets.length * 2; i++) {
    const t = targets[(i * step) % targets.length]!;
    const p = t.props[(i >> 1) % Math.max(1, t.props.length)];
    if (Array.isArray(t.value.enum))
      ops.push({ file: t.file, op: 'append', path: `/${t.schema}/enum`, value: `bench_value_${i}` });
    else if (i % 4 === 0)
      ops.push({
        file: t.file,
        op: 'set',
        path: `/${t.schema}/properties/bench_field_${i}`,
        value: { type: 'string' },
      });
    else if (i % 4 === 1)
      ops.push({
        file: t.file,
        op: 'set',
        path: `/${t.schema}/properties/${p}/description`,
        value: `Edited ${i}.`,
      });
    else if (i % 4 === 2 && !(t.value.required as string[] | undefined)?.includes(p!))
      ops.push({ file: t.file, op: 'remove', path: `/${t.schema}/properties/${p}` });
    else
      ops.push({
        file: t.file,
        op: 'set',
        path: `/${t.schema}/properties/bench_flag_${i}`,
        value: { type: 'boolean', description: 'Bench.' },
      });
  }
  return ops;
}

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `median ${at(0.5).toFixed(1).padStart(7)} ms   min ${s[0]!.toFixed(1).padStart(7)}   p90 ${at(0.9).toFixed(1).padStart(7)}   max ${s.at(-1)!.toFixed(1).padStart(7)}   (n=${s.length})`;
}

async function time<T>(fn: () => T | Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

const edits = scatteredEdits(50);
const baseFile = path.join(SPEC_DIR, 'openapi.yaml');
const headFile = materialise(edits);
const base = await buildIr(baseFile);
const head = await buildIr(headFile);
const result = diffApis(base, head);
console.log(
  `${edits.length} edits → ${result.changes.length} changes (${result.summary.breaking} breaking, ${result.summary.compatible} compatible, ${result.summary.docs} docs)`,
);

const diff: number[] = [];
const endToEnd: number[] = [];
const peer: number[] = [];
for (let i = 0; i < RUNS; i++) {
  diff.push((await time(() => diffApis(base, head)))[0]);
  peer.push((await time(() => buildIr(baseFile)))[0]);
  endToEnd.push((await time(async () => diffApis(await buildIr(baseFile), await buildIr(headFile))))[0]);
}
disposeCopies();
console.log(`diff (engine)        ${stats(diff)}`);
console.log(`end to end           ${stats(endToEnd)}`);
console.log(`peer: one buildIr    ${stats(peer)}`);
const median = [...diff].sort((a, b) => a - b)[Math.floor(diff.length / 2)]!;
if (median > BUDGET_MS) {
  console.error(`diff median ${median.toFixed(0)} ms exceeds the ${BUDGET_MS} ms budget`);
  process.exitCode = 1;
}
