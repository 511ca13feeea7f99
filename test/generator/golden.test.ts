/**
 * Golden tests: each `test/fixtures/generator/<case>/openapi.yaml` is generated and compared byte for byte
 * with `expected/` (or, for `error-*` cases, the message with `expected-error.txt`). Files copied unchanged from
 * `templates/` (runtimes) are listed with their hash in `expected/VERBATIM.txt` instead of stored once more.
 * `UPDATE_GOLDEN=1 npx vitest run test/generator/golden.test.ts` refreshes them; review the diff in git.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GeneratorError } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';

const root = 'test/fixtures/generator';
const update = process.env.UPDATE_GOLDEN === '1';
const MANIFEST = 'VERBATIM.txt';
const cases = readdirSync(root)
  .filter((d) => existsSync(path.join(root, d, 'openapi.yaml')))
  .sort();

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
    })
    .sort();
}

describe('golden fixtures', () => {
  for (const name of cases.filter((c) => !c.startsWith('error-'))) {
    it(`${name} generates its expected tree`, async () => {
      const dir = path.join(root, name);
      const { files: all } = await runPipeline({ spec: path.join(dir, 'openapi.yaml') });
      const files = all.filter((f) => !f.verbatim);
      const manifest = all
        .filter((f) => f.verbatim)
        .map((f) => `${f.path} ${createHash('sha256').update(f.contents).digest('hex').slice(0, 16)}\n`)
        .join('');
      const expectedDir = path.join(dir, 'expected');
      if (update) {
        rmSync(expectedDir, { recursive: true, force: true });
        for (const f of files) {
          mkdirSync(path.dirname(path.join(expectedDir, f.path)), { recursive: true });
          writeFileSync(path.join(expectedDir, f.path), f.contents);
        }
        writeFileSync(path.join(expectedDir, MANIFEST), manifest);
      }
      expect(readFileSync(path.join(expectedDir, MANIFEST), 'utf8'), 'files copied from templates/').toBe(
        manifest,
      );
      expect(
        files.map((f) => f.path),
        'the set of generated files',
      ).toEqual(listFiles(expectedDir).filter((f) => f !== MANIFEST));
      for (const f of files) {
        // toBe on strings prints a line diff when they differ.
        expect(f.contents, `${name}/expected/${f.path}`).toBe(
          readFileSync(path.join(expectedDir, f.path), 'utf8'),
        );
      }
    });
  }

  for (const name of cases.filter((c) => c.startsWith('error-'))) {
    it(`${name} fails with its expected message`, async () => {
      const dir = path.join(root, name);
      let message = '';
      try {
        await runPipeline({ spec: path.join(dir, 'openapi.yaml') });
      } catch (error) {
        expect(error).toBeInstanceOf(GeneratorError);
        message = (error as GeneratorError).format();
      }
      const expectedFile = path.join(dir, 'expected-error.txt');
      if (update) writeFileSync(expectedFile, `${message}\n`);
      expect(message, 'generation must fail').not.toBe('');
      expect(`${message}\n`).toBe(readFileSync(expectedFile, 'utf8'));
    });
  }
});
