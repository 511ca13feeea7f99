import { writeFileSync } from 'node:fs';
import { generateCorpus, typecheckCorpus } from '../test/corpus/run.ts';
const [name, file] = process.argv.slice(2);
const t0 = Date.now();
const r = await generateCorpus([{ name: name!, file: file! }], `.tmp/corpus-one`, false);
console.log(r[0]!.error ?? `ok ${r[0]!.files} files, ${r[0]!.warnings.length} warnings`, Date.now() - t0, 'ms', Math.round(process.memoryUsage().rss / 1e6), 'MB rss');
const codes = new Map<string, number>(); for (const w of r[0]!.warnings) codes.set(w.code, (codes.get(w.code) ?? 0) + 1); console.log(codes);
if (!r[0]!.error && process.env.TSC) { const t = typecheckCorpus('.tmp/corpus-one'); writeFileSync('/tmp/tsc-one.txt', t.output); console.log('tsc', t.status, t.output.split('\n').length); }
