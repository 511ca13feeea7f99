/** `npm run diff`: formats, exit codes, usage and unreadable-spec errors, and git revisions of spec/. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIFF_EXIT, main } from '../../generator/cli/diff.ts';
import { main as ciMain } from '../../generator/cli/diff-ci.ts';
import { ROOT } from './corpus.ts';
import { capture } from '../helpers/capture.ts';

const MINI = path.join(ROOT, 'test/fixtures/diff/mini');
const mini = (name: string) => path.join(MINI, `${name}.yaml`);

const run = (argv: string[], cwd = ROOT) => capture(main, argv, cwd);

const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'diff-cli-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('npm run diff', () => {
  it('prints Markdown and exits 1 when a change breaks', async () => {
    const r = await run([mini('base'), mini('breaking')]);
    expect(r.code).toBe(DIFF_EXIT.breaking);
    expect(r.stdout).toContain('## Breaking changes (1)');
    expect(r.stdout.indexOf('## Breaking')).toBeLessThan(r.stdout.indexOf('## Compatible'));
    expect(r.stdout).toContain('**schema Pet** `tag`: property `tag` removed');
    expect(r.stderr).toContain('1 breaking change (pass --allow-breaking to accept)');
  });

  it('exits 0 on breaking changes with --allow-breaking', async () => {
    const r = await run([mini('base'), mini('breaking'), '--allow-breaking']);
    expect(r.code).toBe(DIFF_EXIT.ok);
    expect(r.stderr).toBe('');
  });

  it('prints JSON with --format json', async () => {
    const r = await run(['--format', 'json', mini('base'), mini('compatible')]);
    expect(r.code).toBe(DIFF_EXIT.ok);
    const json = JSON.parse(r.stdout) as { summary: object; changes: { rule: string; location: string }[] };
    expect(json.summary).toEqual({ breaking: 0, client: 0, compatible: 1, docs: 0, bump: 'minor' });
    expect(json.changes.map((c) => [c.rule, c.location])).toEqual([
      ['new-optional-request-field', 'query.status'],
    ]);
  });

  it('reports no changes for identical specs', async () => {
    const r = await run([mini('base'), mini('base')]);
    expect(r.code).toBe(DIFF_EXIT.ok);
    expect(r.stdout).toContain('No changes.');
  });

  it.each([
    [[], 'expected <base> [<head>], got 0'],
    [['a', 'b', 'c'], 'got 3 arguments'],
    [['--format', 'xml', 'a'], '--format must be markdown or json'],
    [['--bogus', 'a'], 'unknown option --bogus'],
    [['--fromat', 'json', 'a'], 'unknown option --fromat (did you mean --format?)'],
    [['--format', 'jsn', 'a'], '--format must be markdown or json, not jsn (did you mean json?)'],
  ])('rejects bad usage %j with exit 2', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(DIFF_EXIT.usage);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('usage: platform-api-codegen diff');
  });

  it('exits 3 with a located message when a version does not load', async () => {
    const r = await run([mini('base'), mini('broken')]);
    expect(r.code).toBe(DIFF_EXIT.unreadable);
    expect(r.stderr).toMatch(/broken\.yaml:\d+:\d+: error\[yaml-syntax\]/);
  });

  it('exits 3 when the base is neither a file nor a revision outside a repository', async () => {
    const r = await run(['no-such-thing', mini('base')], tempDir());
    expect(r.code).toBe(DIFF_EXIT.unreadable);
    expect(r.stderr).toContain('no-such-thing is not a file, and');
  });

  it('skips the CI diff outside a git checkout', async () => {
    let stdout = '';
    expect(await ciMain([], { write: (s: string) => (stdout += s) }, { write: () => {} }, tempDir())).toBe(0);
    expect(stdout).toBe('spec diff skipped: not a git checkout\n');
  });

  describe('git revisions of spec/', () => {
    const repo = tempDir();
    const git = (...args: string[]) => {
      const r = spawnSync(
        'git',
        [
          '-c',
          'user.email=diff@test.invalid',
          '-c',
          'user.name=diff test',
          '-c',
          'commit.gpgsign=false',
          ...args,
        ],
        { cwd: repo, encoding: 'utf8' },
      );
      if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    // A throwaway repository in a temp dir: commit the base spec, then leave the breaking version in the tree.
    mkdirSync(path.join(repo, 'spec'));
    cpSync(mini('base'), path.join(repo, 'spec/openapi.yaml'));
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    cpSync(mini('breaking'), path.join(repo, 'spec/openapi.yaml'));

    it('diffs a revision against the working tree', async () => {
      const r = await run(['HEAD', '--spec', 'spec/openapi.yaml'], repo);
      expect(r.code).toBe(DIFF_EXIT.breaking);
      expect(r.stdout).toContain('# API changes: HEAD → working tree');
      expect(r.stdout).toContain('property `tag` removed');
    });

    it('diffs two revisions', async () => {
      git('commit', '-q', '-am', 'head');
      const r = await run(['HEAD~1', 'HEAD', '--format', 'json', '--spec', 'spec/openapi.yaml'], repo);
      expect(r.code).toBe(DIFF_EXIT.breaking);
      expect((JSON.parse(r.stdout) as { head: string }).head).toBe('HEAD');
    });

    it('diffs against the merge base for CI, informational only', async () => {
      git('branch', '-q', '-f', 'upstream', 'HEAD~1');
      let stdout = '';
      const code = await ciMain(
        ['--against', 'upstream'],
        { write: (s: string) => (stdout += s) },
        { write: () => {} },
        repo,
      );
      expect(code).toBe(0);
      expect(stdout).toContain('property `tag` removed');
    });

    it('exits 3 for an unknown revision', async () => {
      const r = await run(['no-such-branch'], repo);
      expect(r.code).toBe(DIFF_EXIT.unreadable);
      expect(r.stderr).toContain('no-such-branch is neither a file nor a git revision');
    });
  });
});
