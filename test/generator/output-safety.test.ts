/**
 * The output folder is the tool's only through its manifest: a folder it did not write is refused whole (exit 2,
 * nothing touched) unless --force; then only the files the manifest lists are ever replaced or removed, and the
 * run's inputs (spec, config) are never written over nor deleted, even inside --out.
 */
import {
  cpSync,
  existsSync,
  lstatSync,
  symlinkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../generator/cli/generate.ts';

const petstore = path.resolve('test/fixtures/petstore/openapi.yaml');
let dir = '';
let config = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-safety-'));
  config = path.join(dir, 'empty.config.json');
  writeFileSync(config, '{}\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]) {
  let stderr = '';
  const err = new Writable({
    write(chunk, _e, cb) {
      stderr += String(chunk);
      cb();
    },
  });
  const code = await main([...args, '--quiet'], new Writable({ write: (_c, _e, cb) => cb() }), err);
  return { code, stderr };
}

/** Every file under `root` with its contents. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(root, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(root);
  return out;
}

describe('output safety', () => {
  it('--out . in a folder holding the spec and notes.txt is refused, exit 2, nothing touched', async () => {
    const project = path.join(dir, 'project');
    mkdirSync(project);
    cpSync(petstore, path.join(project, 'openapi.yaml'));
    writeFileSync(path.join(project, 'notes.txt'), 'my notes');
    const before = snapshot(project);
    const r = await run([
      '--spec',
      path.join(project, 'openapi.yaml'),
      '--out',
      project,
      '--only',
      'types',
      '--config',
      config,
    ]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      /^error\[output\]: .*project\/ is not empty \(notes\.txt, openapi\.yaml\) and was not written by this tool \(no \.codegen-manifest\.json\); nothing was written\. .*--force/,
    );
    expect(snapshot(project)).toEqual(before);
    expect(readdirSync(dir).filter((f) => f.startsWith('.generated'))).toEqual([]);
  });

  it('--out scratch with a file of the user inside is refused; --force takes it over and keeps the file', async () => {
    const scratch = path.join(dir, 'scratch');
    mkdirSync(scratch);
    writeFileSync(path.join(scratch, 'mine.txt'), 'mine');
    expect((await run(['--spec', petstore, '--out', scratch, '--config', config])).code).toBe(EXIT.usage);
    expect(snapshot(scratch)).toEqual({ 'mine.txt': 'mine' });

    const forced = await run(['--spec', petstore, '--out', scratch, '--config', config, '--force']);
    expect(forced.code).toBe(EXIT.ok);
    expect(readFileSync(path.join(scratch, 'mine.txt'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(scratch, 'client/client.ts'))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(scratch, '.codegen-manifest.json'), 'utf8')) as {
      files: string[];
    };
    expect(manifest.files).toContain('client/client.ts');
    expect(manifest.files).not.toContain('mine.txt');

    // Now the folder is the tool's: no --force needed; files it no longer generates go, the user's stay.
    writeFileSync(path.join(scratch, 'client/my-helper.ts'), 'export {};\n');
    const again = await run(['--spec', petstore, '--out', scratch, '--config', config, '--only', 'types']);
    expect(again.code).toBe(EXIT.ok);
    expect(existsSync(path.join(scratch, 'client/client.ts'))).toBe(false);
    expect(readFileSync(path.join(scratch, 'client/my-helper.ts'), 'utf8')).toBe('export {};\n');
    expect(readFileSync(path.join(scratch, 'mine.txt'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(scratch, 'types/index.ts'))).toBe(true);
    expect(
      (await run(['--spec', petstore, '--out', scratch, '--config', config, '--only', 'types', '--check']))
        .code,
    ).toBe(EXIT.ok);
  });

  it('--force never replaces a file of the user at a generated path, nor does a later run in a folder it owns', async () => {
    const scratch = path.join(dir, 'scratch');
    mkdirSync(path.join(scratch, 'types'), { recursive: true });
    writeFileSync(path.join(scratch, 'types/index.ts'), '// mine\n');
    const forced = await run(['--spec', petstore, '--out', scratch, '--config', config, '--force']);
    expect(forced.code).toBe(EXIT.usage);
    expect(forced.stderr).toMatch(
      /^error\[output\]: .*scratch\/types\/index\.ts is not listed in \.codegen-manifest\.json \(not written by this tool\) but is a path it generates; nothing was written\. Move it away and run again: the tool never replaces a file it did not write, even with --force\n$/,
    );
    expect(snapshot(scratch)).toEqual({ 'types/index.ts': '// mine\n' });
    expect(readdirSync(dir).filter((f) => f.startsWith('.generated'))).toEqual([]);

    // The folder is the tool's (types only); the user then puts a file where the client will go.
    rmSync(path.join(scratch, 'types'), { recursive: true });
    const only = ['--spec', petstore, '--out', scratch, '--config', config];
    expect((await run([...only, '--only', 'types'])).code).toBe(EXIT.ok);
    mkdirSync(path.join(scratch, 'client'));
    writeFileSync(path.join(scratch, 'client/client.ts'), '// mine too\n');
    const later = await run(only);
    expect(later.code).toBe(EXIT.usage);
    expect(later.stderr).toMatch(/scratch\/client\/client\.ts is not listed in \.codegen-manifest\.json/);
    expect(readFileSync(path.join(scratch, 'client/client.ts'), 'utf8')).toBe('// mine too\n');
  });

  it('--out through a symbolic link writes in its target (the link stays); a link to nothing is a clear error', async () => {
    const real = path.join(dir, 'real');
    const link = path.join(dir, 'link');
    const args = ['--spec', petstore, '--config', config, '--only', 'types'];
    expect((await run([...args, '--out', real])).code).toBe(EXIT.ok);
    symlinkSync(real, link);
    writeFileSync(path.join(real, 'mine.txt'), 'mine');
    const through = await run([...args, '--out', link]);
    expect(through).toEqual({ code: EXIT.ok, stderr: '' });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(real, 'mine.txt'), 'utf8')).toBe('mine');
    expect((await run([...args, '--out', link, '--check'])).code).toBe(EXIT.ok);
    expect(readdirSync(dir).filter((f) => f.startsWith('.generated'))).toEqual([]);

    const dangling = path.join(dir, 'dangling');
    symlinkSync(path.join(dir, 'gone'), dangling);
    const r = await run([...args, '--out', dangling]);
    expect(r).toEqual({
      code: EXIT.usage,
      stderr: `error[output]: ${dangling} is a symbolic link to nothing (its target does not exist); create the target folder or choose another --out\n`,
    });
    expect(existsSync(path.join(dir, 'gone'))).toBe(false);
  });

  it('with the spec and config inside --out, neither is ever written over nor deleted', async () => {
    const project = path.join(dir, 'project');
    mkdirSync(project);
    cpSync(petstore, path.join(project, 'openapi.yaml'));
    const own = path.join(project, 'codegen.config.json');
    writeFileSync(own, '{ "clientName": "PetClient" }\n');
    const spec = readFileSync(path.join(project, 'openapi.yaml'), 'utf8');
    for (const only of ['client', 'types', 'docs']) {
      const r = await run([
        '--spec',
        path.join(project, 'openapi.yaml'),
        '--out',
        project,
        '--config',
        own,
        '--only',
        only,
        '--force',
      ]);
      expect(r.code, r.stderr).toBe(EXIT.ok);
      expect(readFileSync(path.join(project, 'openapi.yaml'), 'utf8')).toBe(spec);
      expect(readFileSync(own, 'utf8')).toBe('{ "clientName": "PetClient" }\n');
    }
    expect(existsSync(path.join(project, 'client'))).toBe(false);
  });

  it('a generated file that would replace an input is refused (exit 2)', async () => {
    const out = path.join(dir, 'out');
    mkdirSync(path.join(out, 'client'), { recursive: true });
    const inside = path.join(out, 'client/README.md');
    writeFileSync(inside, '{}\n');
    const r = await run(['--spec', petstore, '--out', out, '--config', inside, '--force']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(/client\/README\.md is an input of this run/);
    expect(readFileSync(inside, 'utf8')).toBe('{}\n');
  });

  it('an empty existing folder is accepted', async () => {
    const out = path.join(dir, 'empty');
    mkdirSync(out);
    expect((await run(['--spec', petstore, '--out', out, '--config', config, '--only', 'types'])).code).toBe(
      EXIT.ok,
    );
    expect(existsSync(path.join(out, '.codegen-manifest.json'))).toBe(true);
  });
});
