/**
 * The installed command line's surface: every command, `--version`, `--help` per command (which does nothing
 * else), a suggestion for a mistyped command, and the release record kept across `generate` on a spec that is
 * not ours. The packed tool runs the same code (test/package/new-user.test.ts).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP, main } from '../../generator/cli/index.ts';
import { main as build } from '../../generator/cli/build.ts';
import { main as changelog } from '../../generator/cli/changelog.ts';
import { capture } from '../helpers/capture.ts';

const fixture = path.resolve('test/fixtures/new-user/openapi.yaml');
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-tool-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tool = (argv: string[]) => capture(main, argv);

const COMMANDS = ['generate', 'check', 'lint', 'diff', 'changelog', 'build', 'release'];

describe('platform-api-codegen', () => {
  it('--version prints the package version', async () => {
    const r = await tool(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version}\n`,
    );
  });

  it('--help lists every command; each command has its own --help, which names the installed tool', async () => {
    const r = await tool(['--help']);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(HELP).toMatch(new RegExp(`^  ${c} `, 'm'));
    for (const c of COMMANDS) {
      const h = await tool([c, '--help']);
      expect(h.code, c).toBe(0);
      expect(h.stdout, c).toMatch(new RegExp(`^usage: platform-api-codegen ${c}\\b`));
      expect(h.stdout, c).not.toContain('npm run');
      expect(h.stdout, c).toMatch(/exit codes:/);
    }
  });

  it('build --help builds nothing', async () => {
    const cwd = path.join(dir, 'help');
    mkdirSync(cwd);
    expect(await build(['--help'], { write: () => {} }, { write: () => {} }, cwd)).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a mistyped command is a usage error with a suggestion', async () => {
    const r = await tool(['genrate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error\[usage\]: unknown command "genrate" \(did you mean "generate"\?\)/);
    expect((await tool([])).code).toBe(2);
  });

  it('npm pack of the tool leaves no untracked tarball in the repository (ignored)', () => {
    const r = spawnSync('git', ['check-ignore', '-q', 'platform-api-codegen-0.1.0.tgz'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
  });

  it('the repository scripts are thin calls of this CLI on our spec', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    for (const c of ['diff', 'changelog', 'release'])
      expect(scripts[c]).toBe(`tsx scripts/tool.ts ${c} --spec spec/openapi.yaml`);
    expect(scripts.build).toBe('tsx scripts/tool.ts build');
    // Whitespace aside: the formatter decides where the call breaks.
    expect(readFileSync('scripts/generate.ts', 'utf8').replace(/\s+/g, '')).toContain(
      "main(['--spec','spec/openapi.yaml'",
    );
  });
});

describe('changelog on a foreign spec, and the record kept by generate', () => {
  it('writes the release record where the config says; a later generate keeps the version and the entry', async () => {
    const project = path.join(dir, 'project');
    mkdirSync(project);
    cpSync(fixture, path.join(project, 'openapi.yaml'));
    const v1 = path.join(project, 'v1.yaml');
    cpSync(fixture, v1);
    // v2 drops an operation: breaking.
    writeFileSync(
      path.join(project, 'openapi.yaml'),
      readFileSync(fixture, 'utf8').replace(
        /    delete:\n      operationId: deleteProject\n      summary: Delete a project\n      responses:\n        '204':\n          description: Deleted.\n/,
        '',
      ),
    );
    writeFileSync(
      path.join(project, 'codegen.config.json'),
      JSON.stringify({ clientName: 'ProjectsClient', release: 'releases' }),
    );
    let stdout = '';
    let stderr = '';
    const io = [{ write: (s: string) => (stdout += s) }, { write: (s: string) => (stderr += s) }] as const;
    const code = await changelog(
      [
        v1,
        '--spec',
        'openapi.yaml',
        '--date',
        '2026-02-01',
        '--config',
        path.join(project, 'codegen.config.json'),
      ],
      ...io,
      project,
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('releases/client: 1.0.0 → 2.0.0 (breaking: the major version)');
    // Before any release the record starts at the spec's info.version (1.0.0).
    expect(stdout).toContain('releases/server: 1.0.0 → 2.0.0');
    const log = readFileSync(path.join(project, 'releases/client/CHANGELOG.md'), 'utf8');
    expect(log).toMatch(/^# Changelog\n\n## 2\.0\.0 \(2026-02-01\)/);
    expect(log).toContain('deleteProject');
    // Our API's documents are not cited to someone else.
    expect(log).not.toMatch(/Versioning \d/);

    const cwd = process.cwd();
    process.chdir(project);
    try {
      for (let i = 0; i < 2; i++) {
        const g = await tool(['generate', '--out', 'gen', '--only', 'client,server', '--quiet']);
        expect(g.code, g.stderr).toBe(0);
        expect(
          (JSON.parse(readFileSync('gen/client/package.json', 'utf8')) as { version: string }).version,
        ).toBe('2.0.0');
        expect(
          (JSON.parse(readFileSync('gen/server/package.json', 'utf8')) as { version: string }).version,
        ).toBe('2.0.0');
        expect(readFileSync('gen/client/CHANGELOG.md', 'utf8')).toBe(log);
      }
      expect((await tool(['check', '--out', 'gen', '--only', 'client,server', '--quiet'])).code).toBe(0);
      writeFileSync('gen/client/CHANGELOG.md', 'edited');
      expect((await tool(['check', '--out', 'gen', '--only', 'client,server', '--quiet'])).code).toBe(3);
    } finally {
      process.chdir(cwd);
    }
    expect(existsSync(path.join(project, 'release'))).toBe(false);
  });
});
