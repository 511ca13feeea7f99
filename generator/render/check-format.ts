/**
 * `prettier --check` with the generator's configuration: the files under `roots` that prettier would change.
 * Each file is checked with the parser the generator formats it with (by extension), in worker threads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parserFor, PRETTIER_OPTIONS } from './format.ts';
import { formatInPool } from './prettier-pool.ts';

function list(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? list(full) : parserFor(full) ? [full] : [];
  });
}

export async function unformattedFiles(
  roots: string[],
  workers = 2,
): Promise<{ checked: number; unformatted: string[] }> {
  const files = roots.filter((r) => statSync(r, { throwIfNoEntry: false })?.isDirectory()).flatMap(list);
  const unformatted: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const text = readFileSync(file, 'utf8');
      if ((await formatInPool(text, { ...PRETTIER_OPTIONS, parser: parserFor(file)! }, workers)) !== text)
        unformatted.push(file);
    }),
  );
  return { checked: files.length, unformatted: unformatted.sort() };
}

/** `generated/` and every golden tree's expected output. */
export function formattedTrees(): string[] {
  const fixtures = 'test/fixtures/generator';
  return ['generated', ...readdirSync(fixtures).map((d) => path.join(fixtures, d, 'expected'))];
}
