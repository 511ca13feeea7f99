/**
 * `npm run release` on a fresh clone: a committed spec change that removes an operation is breaking, so the 0.x
 * client goes to 0.2.0; the dry run prints the version, the entry with both commit ids and every tarball's
 * contents, and leaves the clone untouched. A shallow clone without the base gets a clear error, not git's.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repo, run } from './consumer-kit.ts';

let root: string;
const git = (args: string[], cwd: string) =>
  run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], cwd);
// As `npm run release -- <base>` runs it: the CLI's release command on our spec.
const release = (cwd: string, args: string[]) =>
  run(
    process.execPath,
    [
      path.join(repo, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/tool.ts',
      'release',
      '--spec',
      'spec/openapi.yaml',
      ...args,
    ],
    cwd,
  );

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'codegen-release-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('release', () => {
  it('dry run from a fresh clone: breaking change on 0.x bumps the minor, prints entry and tarballs, writes nothing', async () => {
    const clone = path.join(root, 'fresh');
    expect((await git(['clone', '--quiet', '--no-local', repo, clone], root)).code).toBe(0);
    symlinkSync(path.join(repo, 'node_modules'), path.join(clone, 'node_modules'));
    const root_ = path.join(clone, 'spec/openapi.yaml');
    const spec = readFileSync(root_, 'utf8');
    writeFileSync(
      root_,
      spec.replace("  /responses/input_tokens:\n    $ref: './paths/responses.yaml#/inputTokens'\n", ''),
    );
    expect((await git(['commit', '--quiet', '-am', 'Remove an operation'], clone)).code).toBe(0);
    const [base, head] = await Promise.all([
      git(['rev-parse', 'HEAD~1'], clone),
      git(['rev-parse', 'HEAD'], clone),
    ]);

    const r = await release(clone, ['HEAD~1', '--dry-run', '--verbose', '--date', '2026-01-02']);
    // stderr holds the progress, one line per step with its time, and nothing else.
    const steps = r.stderr.split('\n').filter(Boolean);
    expect(steps.map((line) => line.trim().replace(/\s+[\d.]+ m?s$/, ''))).toEqual([
      'diff HEAD~1 → working tree',
      'generate',
      expect.stringMatching(/^write .*generated\/$/),
      'build client (esm, cjs, types)',
      'build server (esm, cjs, types)',
      'npm pack client',
      'npm pack server',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('next version: 0.1.0 → 0.2.0 (breaking: the minor, as the version is 0.x)');
    expect(r.stdout).toContain('## 0.2.0 (2026-01-02)');
    expect(r.stdout).toContain(`from ${base.stdout.trim()} (HEAD~1) to ${head.stdout.trim()}`);
    expect(r.stdout).toContain('### Breaking changes');
    expect(r.stdout).toMatch(/would publish platform-api-client-0\.2\.0\.tgz/);
    expect(r.stdout).toMatch(/would publish platform-api-server-0\.2\.0\.tgz/);
    // Each tarball holds the package's folder and the outputs it imports, in the tree's layout.
    expect(r.stdout).toMatch(/dist\/esm\/client\/index\.js/);
    expect(r.stdout).toMatch(/dist\/cjs\/server\/index\.d\.ts/);
    expect(r.stdout).toMatch(/dist\/esm\/validators\/index\.js/);
    expect(r.stdout).toMatch(/dist\/cjs\/types\/index\.d\.ts/);
    expect((await git(['status', '--porcelain'], clone)).stdout.trim()).toBe('');
  });

  it('a shallow clone without the base is a clear error (exit 3)', async () => {
    const clone = path.join(root, 'shallow');
    expect((await git(['clone', '--quiet', '--depth', '1', `file://${repo}`, clone], root)).code).toBe(0);
    symlinkSync(path.join(repo, 'node_modules'), path.join(clone, 'node_modules'));
    const r = await release(clone, ['HEAD~1', '--dry-run']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      'error[unreadable-spec]: HEAD~1 is not in this shallow clone; fetch the history it needs (git fetch --deepen=1, or --unshallow) and run again\n',
    );
  });

  it('usage errors exit 2', async () => {
    const r = await release(repo, []);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error\[usage\]: expected one <base>, got 0/);
  });
});
