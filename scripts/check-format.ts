/**
 * `npm run check:format`: `prettier --check` with the generator's configuration over `generated/` and every
 * golden tree's expected output (also a test in `npm test`, `test/generator/prettier-check.test.ts`), so prettier
 * stays the contract however the generator formats. Exit 1 names every file prettier would change.
 */
import { formattedTrees, unformattedFiles } from '../generator/render/check-format.ts';

const roots = formattedTrees();
const { checked, unformatted } = await unformattedFiles(roots);
if (unformatted.length) {
  console.error(
    `error[format]: prettier would change ${unformatted.length} file(s):\n${unformatted.map((f) => `  ${f}`).join('\n')}`,
  );
  process.exitCode = 1;
} else console.log(`prettier --check: ${checked} files in ${roots.length} trees are formatted`);
