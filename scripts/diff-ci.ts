/** `npm run diff:ci`: the spec diff against the merge base, as CI prints it; see generator/cli/diff-ci.ts. */
import { main } from '../generator/cli/diff-ci.ts';

process.exitCode = await main(process.argv.slice(2));
