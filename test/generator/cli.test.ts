/** The CLI as users run it: exit codes, --check naming stale files, atomic writes, located errors. */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../generator/cli/generate.ts';

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      cb();
    },
  });
  return { stream: stream as unknown as typeof process.stdout, text: () => text };
}

async function run(args: string[]) {
  const out = sink();
  const err = sink();
  const code = await main(args, out.stream, err.stream);
  return { code, stdout: out.text(), stderr: err.text() };
}

const fixture = 'test/fixtures/generator/webhooks-and-machines/openapi.yaml';
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('generate CLI', () => {
  it('writes the tree, then --check passes on it', async () => {
    const out = path.join(dir, 'out');
    const first = await run(['--spec', fixture, '--out', out]);
    expect(first.code).toBe(EXIT.ok);
    expect(first.stderr).toMatch(/load\s+\d+ ms/);
    expect(first.stderr).toMatch(/emit types\s+\d+ ms/);
    expect(first.stderr).toMatch(/format\s+\d+ ms/);
    expect(first.stderr).toMatch(/write\s+\d+ ms/);
    expect(existsSync(path.join(out, 'tables/state-machines.ts'))).toBe(true);
    expect((await run(['--spec', fixture, '--out', out, '--check', '--quiet'])).code).toBe(EXIT.ok);
  });

  it('scripts/generate.mjs (npm run generate) runs the bundled CLI with the same exit codes', () => {
    const out = path.join(dir, 'out');
    const ok = spawnSync(
      process.execPath,
      ['scripts/generate.mjs', '--spec', fixture, '--out', out, '--quiet'],
      { encoding: 'utf8' },
    );
    expect(ok.status).toBe(EXIT.ok);
    expect(existsSync(path.join(out, 'tables/state-machines.ts'))).toBe(true);
    const usage = spawnSync(process.execPath, ['scripts/generate.mjs', '--bogus'], { encoding: 'utf8' });
    expect(usage.status).toBe(EXIT.usage);
    expect(usage.stderr).toContain('error[usage]');
  });

  it('an unknown --formatter is a usage error', async () => {
    const result = await run(['--spec', fixture, '--out', path.join(dir, 'out'), '--formatter', 'black']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('--formatter must be oxfmt or prettier, not black');
  });

  it('--check exits 3 and names changed, missing and extra files', async () => {
    const out = path.join(dir, 'out');
    await run(['--spec', fixture, '--out', out, '--quiet']);
    writeFileSync(path.join(out, 'tables/enums.ts'), '// edited\n');
    rmSync(path.join(out, 'types/index.ts'));
    // A file the manifest lists that the spec no longer gives is extra; a file of the user's is not ours to judge.
    writeFileSync(path.join(out, 'stray.ts'), '');
    writeFileSync(path.join(out, 'notes.txt'), 'mine');
    const manifest = JSON.parse(readFileSync(path.join(out, '.codegen-manifest.json'), 'utf8')) as {
      files: string[];
    };
    writeFileSync(
      path.join(out, '.codegen-manifest.json'),
      JSON.stringify({ ...manifest, files: [...manifest.files, 'stray.ts'] }),
    );
    const result = await run(['--spec', fixture, '--out', out, '--check', '--quiet']);
    expect(result.code).toBe(EXIT.stale);
    expect(result.stderr).toContain('changed  tables/enums.ts');
    expect(result.stderr).toContain('missing  types/index.ts');
    expect(result.stderr).toContain('extra    stray.ts');
    expect(result.stderr).toContain('changed  .codegen-manifest.json');
    expect(result.stderr).not.toContain('notes.txt');
    expect(readFileSync(path.join(out, 'tables/enums.ts'), 'utf8')).toBe('// edited\n');
  });

  it('a failing spec leaves the previous output untouched and prints one located error', async () => {
    const out = path.join(dir, 'out');
    await run(['--spec', fixture, '--out', out, '--quiet']);
    const before = readFileSync(path.join(out, 'tables/state-machines.ts'), 'utf8');
    const bad = path.join(dir, 'bad');
    cpSync('test/fixtures/generator/error-unknown-extension', bad, { recursive: true });
    const result = await run(['--spec', path.join(bad, 'openapi.yaml'), '--out', out, '--quiet', '--strict']);
    expect(result.code).toBe(EXIT.failed);
    expect(result.stderr).toMatch(
      /openapi\.yaml:7:\d+ #\/paths\/~1a\/get\/x-not-shwon: error\[unknown-extension\]/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(path.join(out, 'tables/state-machines.ts'), 'utf8')).toBe(before);
  });

  it('the mode comes from the flag or the config, never from the spec path', async () => {
    const bad = path.join(dir, 'spec');
    cpSync('test/fixtures/generator/error-unknown-extension', bad, { recursive: true });
    const spec = path.join(bad, 'openapi.yaml');
    const out = path.join(dir, 'out');
    const config = (mode?: string) => {
      const file = path.join(dir, `config-${mode ?? 'none'}.json`);
      writeFileSync(file, JSON.stringify(mode ? { mode } : {}));
      return file;
    };
    // No flag, a config without "mode": tolerant, a located warning with its fallback, output written.
    const tolerant = await run(['--spec', spec, '--out', out, '--quiet', '--config', config()]);
    expect(tolerant.code).toBe(EXIT.ok);
    expect(tolerant.stderr).toMatch(
      /^.*openapi\.yaml:7:\d+ #\/paths\/~1a\/get\/x-not-shwon: warning\[unknown-extension\]: unknown extension 'x-not-shwon' \(did you mean 'x-not-shown'\?\); .*; the key is ignored$/m,
    );
    expect(tolerant.stderr).toMatch(/^1 warning \(1 unknown-extension\); each names the fallback taken$/m);
    expect(existsSync(path.join(out, 'types/index.ts'))).toBe(true);
    // The same file at a path named spec/openapi.yaml is strict only when the config says so.
    const strict = await run([
      '--spec',
      spec,
      '--out',
      path.join(dir, 'out2'),
      '--quiet',
      '--config',
      config('strict'),
    ]);
    expect(strict.code).toBe(EXIT.failed);
    expect(strict.stderr).toMatch(/error\[unknown-extension\]/);
    // The flag wins over the config.
    expect(
      (
        await run([
          '--spec',
          spec,
          '--out',
          path.join(dir, 'out3'),
          '--quiet',
          '--tolerant',
          '--config',
          config('strict'),
        ])
      ).code,
    ).toBe(EXIT.ok);
    expect((await run(['--spec', spec, '--out', out, '--tolerant', '--strict'])).code).toBe(EXIT.usage);
    const wrong = await run(['--spec', spec, '--out', out, '--quiet', '--config', config('lenient')]);
    expect(wrong.code).toBe(EXIT.failed);
    expect(wrong.stderr).toContain(
      '#/mode: error[invalid-config]: must be "strict" or "tolerant", not "lenient"',
    );
  });

  it('our codegen.config.json says strict', () => {
    expect((JSON.parse(readFileSync('codegen.config.json', 'utf8')) as { mode?: string }).mode).toBe(
      'strict',
    );
  });

  it('a missing spec file is a clear error', async () => {
    const result = await run([
      '--spec',
      path.join(dir, 'nope.yaml'),
      '--out',
      path.join(dir, 'out'),
      '--quiet',
    ]);
    expect(result.code).toBe(EXIT.failed);
    expect(result.stderr).toMatch(/error\[file-not-found\]: cannot read the spec file .*nope\.yaml/);
    expect(existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it('unknown options are usage errors (exit 2) with the usage text', async () => {
    const result = await run(['--spek', 'x']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('error[usage]');
    expect(result.stderr).toContain('usage: platform-api-codegen generate');
    expect(result.stderr).not.toContain('npm run generate --');
  });

  it('--help prints usage and exits 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain('--check');
  });
});
