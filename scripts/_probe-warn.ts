import { Diagnostics, formatWarning } from '../generator/diagnostics.ts';
import { buildIr } from '../generator/pipeline.ts';
const d = new Diagnostics('tolerant');
await buildIr(process.argv[2]!, undefined, d);
for (const w of d.warnings) console.log(formatWarning(w));
