/**
 * `build` assembles each package from its folder and the outputs it imports (generator/emit/package-layout.ts), in the
 * tree's layout, without writing into the tree; a tree that lacks an imported output, or a package that imports a
 * file it would not ship, is a located build error (exit 1), never a package that fails when installed.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as build } from '../../generator/cli/build.ts';
import { runPipeline } from '../../generator/pipeline.ts';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-assembly-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A minimal generated tree: a client package importing the types, the enums and the protocol, as `generate` writes it. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(dir, name);
  const all: Record<string, string> = {
    'client/package.json': JSON.stringify({
      name: 'tiny-client',
      version: '0.1.0',
      type: 'module',
      scripts: { prepack: 'exit 1' },
    }),
    'client/index.ts':
      "export type { Pet } from '../types/index.js';\nexport { PET_KINDS } from '../tables/enums.js';\nexport { MAX_ID } from '../protocol/rules.js';\n",
    'types/index.ts': "export interface Pet {\n  kind: 'cat' | 'dog';\n}\n",
    'tables/enums.ts': "export const PET_KINDS = ['cat', 'dog'] as const;\n",
    'protocol/rules.ts': 'export const MAX_ID = 512;\n',
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function run(out: string) {
  let stdout = '';
  let stderr = '';
  const code = await build(
    ['--out', out, '--dist', path.join(out, '..', `${path.basename(out)}-dist`)],
    { write: (s: string) => (stdout += s) },
    { write: (s: string) => (stderr += s) },
    dir,
  );
  // Progress goes to stderr, one line per package folder; problems are the rest.
  const progress = stderr.match(/^building \S+ into \S+ …\n/gm) ?? [];
  return { code, stdout, stderr: stderr.replace(/^building \S+ into \S+ …\n/gm, ''), progress };
}

const list = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();

describe('build assembles packages', () => {
  it('compiles the package folder with the outputs it imports, in the tree layout, and writes nothing into the tree', async () => {
    const root = tree('ok', {});
    const before = list(root);
    const r = await run(root);
    expect(r.stderr).toBe('');
    expect(r.progress).toEqual([`building ok/ into ok-dist/ …\n`]);
    expect(r.code).toBe(0);
    const built = path.join(dir, 'ok-dist/client');
    for (const f of [
      'dist/esm/client/index.js',
      'dist/esm/types/index.d.ts',
      'dist/esm/tables/enums.js',
      'dist/esm/protocol/rules.js',
      'dist/cjs/tables/enums.js',
      'dist/cjs/client/index.d.ts',
    ])
      expect(existsSync(path.join(built, f)), f).toBe(true);
    // Each CommonJS file names its source map, and the map names the file and carries the source.
    expect(readFileSync(path.join(built, 'dist/cjs/tables/enums.js'), 'utf8')).toMatch(
      /\n\/\/# sourceMappingURL=enums\.js\.map$/,
    );
    expect(JSON.parse(readFileSync(path.join(built, 'dist/cjs/tables/enums.js.map'), 'utf8'))).toMatchObject({
      file: 'enums.js',
      sourcesContent: [expect.stringContaining('PET_KINDS')],
    });
    const { PET_KINDS } = (await import(path.join(built, 'dist/esm/client/index.js'))) as {
      PET_KINDS: string[];
    };
    expect(PET_KINDS).toEqual(['cat', 'dog']);
    expect(list(root)).toEqual(before);
  });

  it('refuses a tree without an output the package imports, and names the generate flag that writes it', async () => {
    const root = tree('missing', {});
    rmSync(path.join(root, 'types'), { recursive: true });
    const r = await run(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error\[build\]: .*client imports .*types\/, which the tree does not hold: generate them too \(--only client writes them\)\n$/,
    );
  });

  it('refuses a package whose code imports a file the package would not ship', async () => {
    const root = tree('outside', {
      'client/index.ts': "export { helper } from '../extra/helper.js';\n",
      'extra/helper.ts': 'export const helper = 1;\n',
    });
    const r = await run(root);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error[build]: client imports files it would not ship: extra/helper.ts\n');
    expect(existsSync(path.join(dir, 'outside-dist/client/dist/esm'))).toBe(false);
  });

  it('--only client writes the outputs the client imports, and that tree builds', async () => {
    const { files } = await runPipeline({
      spec: 'test/fixtures/petstore/openapi.yaml',
      emitters: ['client'],
    });
    const tops = [
      ...new Set(files.map((f) => (f.path.startsWith('tables/') ? f.path : f.path.split('/')[0]!))),
    ].sort();
    expect(tops).toEqual(['client', 'protocol', 'tables/enums.ts', 'types']);
    const root = path.join(dir, 'only-client');
    for (const f of files) {
      mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
      writeFileSync(path.join(root, f.path), f.contents);
    }
    const r = await run(root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
