/** `npm run diff:ci`: the spec diff against the merge base, as CI prints it; see generator/diff/merge-base.ts. */
import { main } from '../generator/diff/merge-base.ts';

process.exitCode = await main(process.argv.slice(2));
