/** `npm run changelog -- <base> [<head>]`: see generator/diff/changelog-cli.ts. */
import { main } from '../generator/diff/changelog-cli.ts';

process.exitCode = await main(process.argv.slice(2));
