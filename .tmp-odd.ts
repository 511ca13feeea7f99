import { runPipeline } from './generator/pipeline.ts';
const r = await runPipeline({ spec:./test/fixtures/validators-odd/openapi.json', mode: 'tolerant' });
console.log(r.files.length, r.warnings.map((w) => `${w.location.pointer} ${w.code} ${w.message}`).join('\n'));
