/**
 * `npx tsx test/prism/run.ts <name|path> [sample]`: one spec (by its name in specs.ts, or a local file) of the Prism lane outside vitest, printing the figures and
 * every refusal (to read a refusal's cause while working on it).
 */
import { drive, prismFaults, refusals, tally, unsatisfiable } from './drive.ts';
import * as specs from './specs.ts';

const [name = 'openai', sample] = process.argv.slice(2);
const spec =
  (specs as unknown as Record<string, specs.PublicSpec>)[name] ??
  (/[./]/.test(name) ? specs.extraSpecs(name)[0] : undefined);
if (!spec) throw new Error(`no spec named ${name}`);
const results = await drive(name, spec.file(), sample ? Number(sample) : undefined);
console.log(JSON.stringify(tally(results)));
const faults = prismFaults(results);
console.log(`Prism faults, confirmed: ${faults.length}`);
for (const l of faults) console.log(`  ${l}`);
const contradictions = unsatisfiable(results);
console.log(`No valid request exists (the spec contradicts itself): ${contradictions.length}`);
for (const l of contradictions) console.log(`  ${l}`);
for (const judge of ['prism', 'server'] as const) {
  const lines = refusals(results, judge);
  console.log(`${judge}: ${lines.length} refused`);
  for (const l of lines) console.log(`  ${l}`);
}
