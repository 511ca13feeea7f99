/** Runs every given spec through the pipeline (tolerant, no prettier) and prints the first error of each. */
import { Diagnostics, GeneratorError } from '../generator/diagnostics.ts';
import { buildIr } from '../generator/pipeline.ts';
import { EMITTERS } from '../generator/emit/index.ts';

let ok = 0;
for (const spec of process.argv.slice(2)) {
  const d = new Diagnostics('tolerant');
  try {
    const api = await buildIr(spec, undefined, d);
    for (const e of EMITTERS) e.emit(api);
    ok++;
    console.log(`OK   ${spec} (${d.warnings.length} warnings)`);
  } catch (error) {
    const msg = error instanceof GeneratorError ? error.format() : `internal: ${(error as Error).stack?.split('\n').slice(0, 3).join(' | ')}`;
    console.log(`FAIL ${spec}: ${msg.slice(0, 300)}`);
  }
}
console.log(`${ok} ok`);
