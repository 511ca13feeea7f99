// `npm run generate`: the CLI's generate command on our spec. `start-up`: process start to here (node, and the
// generator's modules: statically imported, so loaded first).
import { main } from '../generator/cli/generate.ts';

process.exitCode = await main(
  ['--spec', 'spec/openapi.yaml', ...process.argv.slice(2)],
  undefined,
  undefined,
  { startup: [{ step: 'start-up', ms: performance.now() }] },
);
