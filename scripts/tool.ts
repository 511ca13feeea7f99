/** The CLI from the sources (tsx), for the repository's npm scripts: `tsx scripts/tool.ts <command> …`. */
import { main } from '../generator/cli/index.ts';

process.exitCode = await main(process.argv.slice(2));
