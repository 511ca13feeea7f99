/**
 * The toolchain as someone else runs it: `npm pack` the repository (prepack compiles the generator to lib/),
 * install the tarball into an empty folder, and run the installed `platform-api-codegen` bin (plain Node, no tsx)
 * on our spec and on a Petstore spec: full output, `--only`, `--watch` (an edit regenerates, bounded in time),
 * the programmatic `generate()` API, and a located error for an invalid config.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pack, repo, run } from './consumer-kit.ts';

let root: string;
let app: string;
const petstore = path.join(repo, 'test/fixtures/petstore/openapi.yaml');
const tool = () => path.join(app, 'node_modules/.bin/platform-api-codegen');

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'codegen-tool-'));
  const tarball = await pack(repo, root);
  app = path.join(root, 'empty');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'empty', version: '1.0.0', private: true }));
  // The tarball's dependencies come from the npm cache (or the registry when the cache lacks one).
  const r = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], app);
  if (r.code !== 0) throw new Error(`npm install of the toolchain failed: ${r.stderr}`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('packed toolchain', () => {
  it('ships compiled JavaScript and the templates, no TypeScript sources', () => {
    const installed = path.join(app, 'node_modules/platform-api-codegen');
    expect(existsSync(path.join(installed, 'lib/generator/pipeline.js'))).toBe(true);
    expect(existsSync(path.join(installed, 'lib/templates/client/core/client-base.ts'))).toBe(true);
    expect(existsSync(path.join(installed, 'generator'))).toBe(false);
    expect(existsSync(path.join(app, 'node_modules/tsx'))).toBe(false);
  });

  it('generates every output from our spec with our config', async () => {
    const r = await run(tool(), ['generate', '--spec', path.join(repo, 'spec/openapi.yaml'), '--out', 'ours', '--config', path.join(repo, 'codegen.config.json'), '--quiet'], app);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(path.join(app, 'ours')).sort()).toEqual(['.codegen-manifest.json', 'client', 'docs', 'server', 'tables', 'types', 'validators']);
    expect(readFileSync(path.join(app, 'ours/client/client.ts'), 'utf8')).toContain('export class PlatformClient');
    // Same bytes as the committed tree.
    expect(readFileSync(path.join(app, 'ours/client/resources/embeddings.ts'), 'utf8')).toBe(readFileSync(path.join(repo, 'generated/client/resources/embeddings.ts'), 'utf8'));
  });

  it('npx generates a Petstore with the default branding, --only client,types, and the output type-checks', async () => {
    // As a user runs it: npx finds the installed bin (--no-install: never fetch another one).
    const r = await run('npx', ['--no-install', 'platform-api-codegen', 'generate', '--spec', petstore, '--out', 'pet', '--only', 'client,types', '--quiet'], app);
    // npm's own notices about the machine's npm config are not the tool's output.
    expect(r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn')).join('\n')).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(path.join(app, 'pet')).sort()).toEqual(['.codegen-manifest.json', 'client', 'types']);
    expect(readdirSync(path.join(app, 'pet/client')).sort()).toContain('types');
    expect(readFileSync(path.join(app, 'pet/client/client.ts'), 'utf8')).toContain('export class ApiClient');
    writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, noEmit: true, lib: ['ES2022', 'DOM'], types: [], skipLibCheck: false }, include: ['pet/**/*.ts'] }));
    const tsc = await run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app);
    expect(tsc.stdout + tsc.stderr).toBe('');
  });

  it('an unknown --only name and an invalid config are located errors with non-zero exits', async () => {
    const only = await run(tool(), ['generate', '--spec', petstore, '--out', 'x', '--only', 'client,sdk'], app);
    expect(only.code).toBe(2);
    expect(only.stderr).toMatch(/^error\[usage\]: --only names no output "sdk"; the outputs are types, client/);
    writeFileSync(path.join(app, 'codegen.config.json'), '{\n  "clientName": "PetClient",\n  "envPrefix": "pets"\n}\n');
    const bad = await run(tool(), ['generate', '--spec', petstore, '--out', 'x', '--quiet'], app);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('codegen.config.json:3:3 #/envPrefix: error[invalid-config]: "pets" is not an upper-case prefix ending in "_" (e.g. "ACME_")\n');
    rmSync(path.join(app, 'codegen.config.json'));
  });

  it('the programmatic generate() returns the files in memory', async () => {
    writeFileSync(path.join(app, 'api.mjs'), `import { generate } from 'platform-api-codegen';
const { files, config } = await generate({ spec: ${JSON.stringify(petstore)}, emitters: ['types'], config: { clientName: 'PetClient' } });
console.log(config.clientName, files.map((f) => f.path).join(','));`);
    const r = await run(process.execPath, ['api.mjs'], app);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('PetClient types/index.ts,types/pets.ts');
  });

  it('--watch regenerates after an edit to the spec', async () => {
    const dir = path.join(app, 'watched');
    mkdirSync(dir);
    cpSync(petstore, path.join(dir, 'openapi.yaml'));
    const child = spawn(tool(), ['generate', '--spec', 'watched/openapi.yaml', '--out', 'watched/out', '--only', 'types', '--quiet'].concat('--watch'), { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    // The output folder is swapped in whole, so for a moment it may be missing.
    const types = () => (existsSync(path.join(dir, 'out/types/pets.ts')) ? readFileSync(path.join(dir, 'out/types/pets.ts'), 'utf8') : '');
    child.stderr.on('data', (d) => (log += d));
    const until = (pattern: RegExp, ms: number) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (pattern.test(log)) resolve(clearInterval(poll));
          else if (Date.now() - started > ms) {
            clearInterval(poll);
            reject(new Error(`no ${pattern} within ${ms} ms; log:\n${log}`));
          }
        }, 50);
      });
    try {
      await until(/watching/, 120_000);
      expect(types()).toContain('export interface NewPet');
      expect(types()).not.toContain('nickname');
      const spec = readFileSync(path.join(dir, 'openapi.yaml'), 'utf8');
      writeFileSync(path.join(dir, 'openapi.yaml'), spec.replace('        tag:\n          type: string\n    Pet:', '        tag:\n          type: string\n        nickname:\n          type: string\n    Pet:'));
      await until(/change in .*openapi\.yaml: generating/, 120_000);
      await new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (types().includes('nickname')) resolve(clearInterval(poll));
          else if (Date.now() - started > 120_000) {
            clearInterval(poll);
            reject(new Error(`not regenerated; log:\n${log}`));
          }
        }, 100);
      });
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
  });
});
