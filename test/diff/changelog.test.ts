/** `npm run changelog`: the entry, the semver bump by severity, and its errors, on a temp package.json. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANGELOG_EXIT, main } from '../../generator/cli/changelog.ts';
import { bumpVersion, prependEntry } from '../../generator/diff/changelog.ts';
import { ROOT } from './corpus.ts';
import { capture } from '../helpers/capture.ts';

const mini = (name: string) => path.join(ROOT, 'test/fixtures/diff/mini', `${name}.yaml`);
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of a generated client's package.json in a temp dir. */
function client(version: string): { dir: string; pkg: string; log: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'changelog-'));
  temps.push(dir);
  const pkg = path.join(dir, 'package.json');
  writeFileSync(
    pkg,
    `${JSON.stringify({ name: 'platform-api-client', version, type: 'module' }, null, 2)}\n`,
  );
  return { dir, pkg, log: path.join(dir, 'CHANGELOG.md') };
}

const run = (argv: string[]) => capture(main, argv, ROOT);

const versionOf = (pkg: string) => (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;

describe('bumpVersion', () => {
  it.each([
    ['1.2.3', 'major', '2.0.0'],
    ['1.2.3', 'minor', '1.3.0'],
    ['1.2.3', 'patch', '1.2.4'],
    ['1.2.3', 'none', '1.2.3'],
    ['1.2.3-beta.1', 'minor', '1.3.0'],
    ['0.1.0', 'major', '0.2.0'],
    ['0.1.0', 'minor', '0.1.1'],
    ['0.1.3', 'patch', '0.1.4'],
    ['0.1.3', 'none', '0.1.3'],
  ] as const)('%s + %s = %s', (from, bump, to) => expect(bumpVersion(from, bump)).toBe(to));
  it('rejects a version that is not semver', () =>
    expect(() => bumpVersion('v1', 'minor')).toThrow('not a semver version'));
});

describe('prependEntry', () => {
  it('creates the title and keeps older entries after the new one', () => {
    const first = prependEntry('', '## 1.0.0\n');
    expect(first).toBe('# Changelog\n\n## 1.0.0\n');
    expect(prependEntry(first, '## 2.0.0\n')).toBe('# Changelog\n\n## 2.0.0\n\n## 1.0.0\n');
  });
});

describe('npm run changelog', () => {
  it.each([
    ['breaking', '1.4.2', '2.0.0', '### Breaking changes'],
    ['compatible', '1.4.2', '1.5.0', '### Compatible changes'],
    ['docs', '1.4.2', '1.4.3', '### Documentation'],
  ])('a %s update bumps %s to %s and writes the entry', async (kind, from, to, heading) => {
    const c = client(from);
    const r = await run([mini('base'), mini(kind), '--package', c.pkg, '--date', '2026-01-15']);
    expect(r.code).toBe(CHANGELOG_EXIT.ok);
    expect(versionOf(c.pkg)).toBe(to);
    const log = readFileSync(c.log, 'utf8');
    expect(log.startsWith(`# Changelog\n\n## ${to} (2026-01-15)\n`)).toBe(true);
    expect(log).toContain(heading);
    // Base and head named by the digests of their files, not by their paths alone.
    expect(log).toMatch(
      new RegExp(
        `API spec changes from sha256:[0-9a-f]{16} \\(.*base\\.yaml\\) to sha256:[0-9a-f]{16} \\(.*${kind}\\.yaml\\)`,
      ),
    );
    expect(r.stdout).toContain(`${from} → ${to}`);
  });

  it('prepends to an existing changelog', async () => {
    const c = client('1.0.0');
    writeFileSync(c.log, '# Changelog\n\n## 1.0.0 (2025-12-01)\n\nFirst release.\n');
    await run([mini('base'), mini('compatible'), '--package', c.pkg, '--date', '2026-01-15']);
    const log = readFileSync(c.log, 'utf8');
    expect(log.indexOf('## 1.1.0')).toBeLessThan(log.indexOf('## 1.0.0'));
    expect(log).toContain('First release.');
  });

  it('changes nothing when the specs do not differ', async () => {
    const c = client('1.0.0');
    const r = await run([mini('base'), mini('base'), '--package', c.pkg]);
    expect(r.code).toBe(CHANGELOG_EXIT.ok);
    expect(r.stdout).toContain('stays at 1.0.0');
    expect(existsSync(c.log)).toBe(false);
  });

  it('writes nothing with --dry-run', async () => {
    const c = client('1.0.0');
    const r = await run([
      mini('base'),
      mini('breaking'),
      '--package',
      c.pkg,
      '--dry-run',
      '--date',
      '2026-01-15',
    ]);
    expect(r.stdout).toContain('1.0.0 → 2.0.0 (breaking: the major version)');
    expect(r.stdout).toContain('property `tag` removed');
    expect(versionOf(c.pkg)).toBe('1.0.0');
    expect(existsSync(c.log)).toBe(false);
  });

  it('writes the changelog where --changelog says', async () => {
    const c = client('1.0.0');
    const log = path.join(c.dir, 'HISTORY.md');
    await run([mini('base'), mini('docs'), '--package', c.pkg, '--changelog', log]);
    expect(readFileSync(log, 'utf8')).toContain('## 1.0.1');
  });

  it('exits 3 when the package.json is missing', async () => {
    const r = await run([
      mini('base'),
      mini('docs'),
      '--package',
      path.join(tmpdir(), 'no-such-dir', 'package.json'),
    ]);
    expect(r.code).toBe(CHANGELOG_EXIT.unreadable);
    expect(r.stderr).toContain('error[unreadable-package]: cannot read');
  });

  it('exits 3 when the package version is not semver', async () => {
    const c = client('latest');
    const r = await run([mini('base'), mini('docs'), '--package', c.pkg]);
    expect(r.code).toBe(CHANGELOG_EXIT.unreadable);
    expect(r.stderr).toContain('not a semver version');
  });

  it('exits 3 when a spec version cannot be read', async () => {
    const c = client('1.0.0');
    const r = await run([mini('base'), mini('broken'), '--package', c.pkg]);
    expect(r.code).toBe(CHANGELOG_EXIT.unreadable);
    expect(versionOf(c.pkg)).toBe('1.0.0');
  });

  it.each([
    [[], 'expected <base> [<head>]'],
    [['a', '--date', 'tomorrow'], '--date must be YYYY-MM-DD'],
    [['--nope', 'a'], 'unknown option --nope'],
    [['--dry-rn', 'a'], 'unknown option --dry-rn (did you mean --dry-run?)'],
  ])('rejects bad usage %j with exit 2', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(CHANGELOG_EXIT.usage);
    expect(r.stderr).toContain(message);
  });
});
