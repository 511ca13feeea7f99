/**
 * Caches that know where they are: `npm run generate`'s bundle (scripts/generate.mjs) holds its checkout's absolute
 * paths, so it is kept per checkout. A copy of the repository's sources that is generated, then moved, then copied
 * beside itself sharing the same node_modules, gives the same bytes each time, and the bytes of generated/.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-moved-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The sources `npm run generate` reads, copied into `to`, with the repository's node_modules linked in. */
function checkout(to: string): void {
  for (const entry of [
    'generator',
    'templates',
    'scripts',
    'spec',
    'release',
    'codegen.config.json',
    'package.json',
  ])
    cpSync(path.join(root, entry), path.join(to, entry), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(to, 'node_modules'), 'dir');
}

/** `npm run generate -- --only enums` in `cwd`, written into its own generated/; the enums table it wrote. */
function generate(cwd: string): string {
  const r = spawnSync(process.execPath, ['scripts/generate.mjs', '--only', 'enums', '--quiet'], {
    cwd,
    encoding: 'utf8',
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return readFileSync(path.join(cwd, 'generated/tables/enums.ts'), 'utf8');
}

describe('the generate bundle is kept per checkout', () => {
  it('a checkout generates the same bytes after a move, and beside a second checkout sharing its node_modules', () => {
    const committed = readFileSync(path.join(root, 'generated/tables/enums.ts'), 'utf8');
    const first = path.join(dir, 'first');
    checkout(first);
    expect(generate(first)).toBe(committed);
    const moved = path.join(dir, 'moved');
    renameSync(first, moved);
    expect(generate(moved)).toBe(committed);
    const second = path.join(dir, 'second');
    checkout(second);
    expect(generate(second)).toBe(committed);
    expect(generate(moved)).toBe(committed);
  }, 600_000);
});
