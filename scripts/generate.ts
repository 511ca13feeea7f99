import { main } from '../generator/cli.ts';

process.exitCode = await main(process.argv.slice(2));
