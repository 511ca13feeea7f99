/**
 * `generate --watch --quiet` keeps hearing the spec however an editor saves it: an in-place write, a save by
 * rename (a new file renamed over the old one, as `sed -i` and most editors do), and a delete followed by a new
 * file. Each regeneration ends with a printed line, --quiet or not. The waits poll with a generous bound: only a
 * watcher that went deaf fails them.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/generate.ts';

let dir = '';
let spec = '';
let log = '';
const stop = new AbortController();
let done: Promise<number>;
const types = () => {
  const file = path.join(dir, 'out/types/pets.ts');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

/** Polls until `ok()` holds; fails only after minutes (a deaf watcher), never on a slow machine. */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ok(); waited += 100) {
    if (waited > 120_000) throw new Error(`no ${what}; log:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new property in NewPet, the way the spec's text changes with each save. */
const withField = (name: string) =>
  readFileSync(spec, 'utf8').replace(
    '\n    Pet:\n',
    `\n        ${name}:\n          type: string\n    Pet:\n`,
  );
const regenerations = () => (log.match(/^regenerated .* in \d+ ms; watching$/gm) ?? []).length;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-watch-'));
  spec = path.join(dir, 'openapi.yaml');
  cpSync('test/fixtures/petstore/openapi.yaml', spec);
  writeFileSync(path.join(dir, 'config.json'), '{}');
  const err = new Writable({
    write(c, _e, cb) {
      log += String(c);
      cb();
    },
  });
  done = main(
    [
      '--spec',
      spec,
      '--out',
      path.join(dir, 'out'),
      '--only',
      'types',
      '--config',
      path.join(dir, 'config.json'),
      '--quiet',
      '--watch',
    ],
    new Writable({ write: (_c, _e, cb) => cb() }),
    err,
    { signal: stop.signal },
  );
  await until(() => /watching/.test(log), 'watching line');
});
afterAll(async () => {
  stop.abort();
  await done;
  rmSync(dir, { recursive: true, force: true });
});

describe('generate --watch', () => {
  it('an in-place write regenerates, and --quiet still prints the end of the run', async () => {
    expect(types()).toContain('export interface NewPet');
    writeFileSync(spec, withField('inplace'));
    await until(
      () => types().includes('inplace') && regenerations() >= 1,
      'regeneration after an in-place write',
    );
    expect(log).toMatch(/change in .*openapi\.yaml: generating/);
  });

  it('a save by rename regenerates, and so does the next one (the watcher is not lost)', async () => {
    for (const name of ['renamed', 'renamedagain']) {
      const before = regenerations();
      const tmp = path.join(dir, `.openapi.yaml.${name}.tmp`);
      writeFileSync(tmp, withField(name));
      renameSync(tmp, spec);
      await until(
        () => types().includes(name) && regenerations() > before,
        `regeneration after a rename-save (${name})`,
      );
    }
  });

  it('a file deleted and created again regenerates', async () => {
    const before = regenerations();
    const text = withField('recreated');
    unlinkSync(spec);
    await new Promise((r) => setTimeout(r, 400));
    writeFileSync(spec, text);
    await until(
      () => types().includes('recreated') && regenerations() > before,
      'regeneration after delete and re-create',
    );
  });
});
