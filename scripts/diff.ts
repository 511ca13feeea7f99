/** `npm run diff -- <base> [<head>]`: see generator/diff/cli.ts. */
import { main } from '../generator/diff/cli.ts';

process.exitCode = await main(process.argv.slice(2));
