/**
 * `npm run check:format`: `prettier --check` with the generator's configuration over `generated/` and every
 * golden tree's expected output, so prettier stays the contract however the generator formats (it uses oxfmt,
 * aligned with prettier). Each file is checked with the parser the generator formats it with (by extension),
 * in worker threads. Exit 1 names every file prettier would change.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parserFor, PRETTIER_OPTIONS } from '../generator/render/format.ts';
import { formatInPool } from '../generator/render/prettier-pool.ts';

const roots = ['generated', ...readdirSync('test/fixtures/generator').map((d) => path.join('test/fixtures/generator', d, 'expected'))];
const list = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? list(full) : parserFor(full) ? [full] : [];
  });
const files = roots.filter((r) => statSync(r, { throwIfNoEntry: false })?.isDirectory()).flatMap(list);
const size = Math.max(1, Math.min(2, files.length));
const unformatted: string[] = [];
await Promise.all(
  files.map(async (file) => {
    const text = readFileSync(file, 'utf8');
    const formatted = await formatInPool(text, { ...PRETTIER_OPTIONS, parser: parserFor(file)! }, size);
    if (formatted !== text) unformatted.push(file);
  }),
);
if (unformatted.length) {
  console.error(`error[format]: prettier would change ${unformatted.length} file(s):\n${unformatted.sort().map((f) => `  ${f}`).join('\n')}`);
  process.exitCode = 1;
} else console.log(`prettier --check: ${files.length} files in ${roots.length} trees are formatted`);
