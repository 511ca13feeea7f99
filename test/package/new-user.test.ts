/**
 * A new user's path, from the packed tool in an empty folder, on a spec that is not ours (CRUD with a
 * sub-resource, cursor paging, a discriminated oneOf, an upload, an API-key scheme): generate, a refused
 * non-empty --out, watch through a save by rename, build (and npm pack of the build; npm pack of the sources
 * refuses), the built client calling the built server mounted in Express under /v1, diff, changelog, a second
 * generate that keeps the version, release --dry-run. Every command is the installed bin run through npx, as the
 * user runs it.
 */
import express from 'express';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pack, repo, run } from './consumer-kit.ts';

// The built packages are loaded at run time from the user's folder: typed loosely here.
type Loose = Record<string, any>;
const fixture = path.join(repo, 'test/fixtures/new-user/openapi.yaml');
let root = '';
let app = '';
const cli = (args: string[]) => run('npx', ['--no-install', 'platform-api-codegen', ...args], app);
/** The tool's own output, without npm's notices about the machine's npm config. */
const own = (text: string) =>
  text
    .split('\n')
    .filter((l) => l && !l.startsWith('npm warn'))
    .join('\n');
const version = (file: string) =>
  (JSON.parse(readFileSync(path.join(app, file), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'codegen-new-user-'));
  const tarball = await pack(repo, root);
  app = path.join(root, 'app');
  mkdirSync(app);
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'projects-app', version: '1.0.0', private: true }),
  );
  const r = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
    app,
  );
  if (r.code !== 0) throw new Error(`npm install of the toolchain failed: ${r.stderr}`);
  cpSync(fixture, path.join(app, 'openapi.yaml'));
  writeFileSync(
    path.join(app, 'codegen.config.json'),
    JSON.stringify(
      {
        clientName: 'ProjectsClient',
        envPrefix: 'PROJECTS_',
        packages: { client: { name: '@projects/client' }, server: { name: '@projects/server' } },
        publish: { license: 'Apache-2.0', repository: 'github:projects/api', author: 'Projects Team' },
      },
      null,
      2,
    ),
  );
  // The version the user released before: the same API with one more operation (its removal is breaking).
  writeFileSync(
    path.join(app, 'v1.yaml'),
    readFileSync(fixture, 'utf8').replace(
      'paths:\n',
      "paths:\n  /ping:\n    get:\n      operationId: ping\n      responses:\n        '204':\n          description: Alive.\n",
    ),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a new user's path with the packed tool", () => {
  it('--version and generate into a new folder', async () => {
    const v = await cli(['--version']);
    expect(v.stdout.trim()).toBe(
      (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version,
    );
    const r = await cli(['generate', '--out', 'gen', '--quiet']);
    expect(own(r.stderr)).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(path.join(app, 'gen')).sort()).toEqual([
      '.codegen-manifest.json',
      'client',
      'docs',
      'emulator',
      'protocol',
      'server',
      'tables',
      'types',
      'validators',
    ]);
    expect(readFileSync(path.join(app, 'gen/client/client.ts'), 'utf8')).toContain(
      'export class ProjectsClient',
    );
    // Before any release: the spec's info.version, and the config's publishing facts.
    expect(version('gen/client/package.json')).toBe('1.0.0');
    expect(JSON.parse(readFileSync(path.join(app, 'gen/server/package.json'), 'utf8'))).toMatchObject({
      name: '@projects/server',
      license: 'Apache-2.0',
      repository: 'github:projects/api',
      author: 'Projects Team',
    });
  });

  it('a non-empty folder it did not write is refused, and nothing in it is touched', async () => {
    mkdirSync(path.join(app, 'mine'));
    writeFileSync(path.join(app, 'mine/notes.txt'), 'mine');
    const r = await cli(['generate', '--out', 'mine', '--quiet']);
    expect(r.code).toBe(2);
    expect(own(r.stderr)).toMatch(/^error\[output\]: mine\/ is not empty \(notes\.txt\)/);
    expect(readdirSync(path.join(app, 'mine'))).toEqual(['notes.txt']);
    const dot = await cli(['generate', '--out', '.', '--only', 'types', '--quiet']);
    expect(dot.code).toBe(2);
    expect(readFileSync(path.join(app, 'openapi.yaml'), 'utf8')).toBe(readFileSync(fixture, 'utf8'));
  });

  it('--watch regenerates after a save by rename, and after the next one', async () => {
    const child = spawn(
      path.join(app, 'node_modules/.bin/platform-api-codegen'),
      ['generate', '--out', 'gen', '--watch', '--quiet'],
      { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    child.stderr.on('data', (d) => (log += d));
    const until = async (ok: () => boolean, what: string) => {
      for (let waited = 0; !ok(); waited += 100) {
        if (waited > 180_000) throw new Error(`no ${what}; log:\n${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const types = () => readFileSync(path.join(app, 'gen/types/projects.ts'), 'utf8');
    try {
      await until(() => /watching/.test(log), 'watching line');
      for (const field of ['archived', 'color']) {
        const spec = readFileSync(path.join(app, 'openapi.yaml'), 'utf8').replace(
          '        created_at: { type: integer }\n',
          `        created_at: { type: integer }\n        ${field}: { type: string }\n`,
        );
        writeFileSync(path.join(app, '.openapi.yaml.swp'), spec);
        renameSync(path.join(app, '.openapi.yaml.swp'), path.join(app, 'openapi.yaml'));
        await until(
          () =>
            existsSync(path.join(app, 'gen/types/projects.ts')) &&
            types().includes(`${field}?: string`) &&
            log.includes('; watching'),
          `regeneration with ${field}`,
        );
      }
    } finally {
      child.kill('SIGTERM');
    }
    const end = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    cpSync(fixture, path.join(app, 'openapi.yaml'));
    // Stopped between writes it exits 0; a SIGTERM that lands during a write is held until the write is whole,
    // then the run ends by the signal (render/staging.ts).
    expect([0, 'SIGTERM'], log).toContain(end.code ?? end.signal);
  });

  it('build makes publishable packages; npm pack of the build works, of the sources refuses', async () => {
    expect((await cli(['generate', '--out', 'gen', '--quiet'])).code).toBe(0);
    const r = await cli(['build', '--out', 'gen', '--dist', 'dist']);
    // Progress: what is built where (stderr), then each package as soon as it is built, with its time (stdout).
    expect(own(r.stderr)).toBe('building gen/ into dist/ …');
    expect(r.stdout).toMatch(/^built dist\/client\/ \(dist\/esm, dist\/cjs\) in \d+\.\d s$/m);
    expect(r.code).toBe(0);
    // Each package is assembled from its folder and the outputs it imports, in the tree's layout.
    expect(existsSync(path.join(app, 'dist/client/dist/esm/client/index.js'))).toBe(true);
    expect(existsSync(path.join(app, 'dist/client/dist/cjs/client/index.d.ts'))).toBe(true);
    expect(existsSync(path.join(app, 'dist/server/dist/esm/server/index.d.ts'))).toBe(true);
    expect(existsSync(path.join(app, 'gen/client/types'))).toBe(false);
    const packed = await run(
      'npm',
      ['pack', '--json', '--pack-destination', root],
      path.join(app, 'dist/client'),
    );
    expect(packed.code).toBe(0);
    const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
      name: string;
      files: { path: string }[];
    }[];
    expect(info!.name).toBe('@projects/client');
    expect(info!.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        'dist/cjs/client/index.js',
        'dist/esm/types/index.d.ts',
        'dist/esm/tables/enums.js',
      ]),
    );
    const sources = await run('npm', ['pack', '--pack-destination', root], path.join(app, 'gen/client'));
    expect(sources.code).not.toBe(0);
    expect(sources.stderr).toContain('npx platform-api-codegen build');
    expect(readdirSync(path.join(app, 'gen/client')).filter((f) => f.endsWith('.tgz'))).toEqual([]);
  });

  it("the built client calls the built server, mounted in Express under /v1 beside the app's own routes", async () => {
    // The packages `build` compiled from the packed tool's output, loaded as a user's app would load them.
    const server = (await import(
      pathToFileURL(path.join(app, 'dist/server/dist/esm/server/index.js')).href
    )) as Loose;
    const { ProjectsClient } = (await import(
      pathToFileURL(path.join(app, 'dist/client/dist/esm/client/index.js')).href
    )) as Loose;
    const api = server.createServer(
      {
        getProject: (input: Loose) => ({
          id: String(Object.values(input.params as object)[0]),
          name: 'Apollo',
          created_at: 1,
        }),
        listProjects: () => ({
          data: [{ id: 'p1', name: 'Apollo', created_at: 1 }],
          has_more: false,
          next_cursor: null,
        }),
      },
      { authenticate: (key: string) => (key === 'key-1' ? { kind: 'api_key' } : undefined) },
    );
    const web = express();
    web.get('/health', (_req, res) => void res.send('before'));
    web.use('/v1', api.node);
    web.get('/after', (_req, res) => void res.send('after'));
    const listener = await new Promise<Server>((resolve) => {
      const l = web.listen(0, '127.0.0.1', () => resolve(l));
    });
    try {
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const client = new ProjectsClient({ apiKey: 'key-1', baseURL: `${base}/v1`, maxRetries: 0 });
      expect(await client.projects.retrieve('p42')).toEqual({ id: 'p42', name: 'Apollo', created_at: 1 });
      expect((await client.projects.list()).items).toEqual([{ id: 'p1', name: 'Apollo', created_at: 1 }]);
      expect(await (await fetch(`${base}/health`)).text()).toBe('before');
      expect(await (await fetch(`${base}/after`)).text()).toBe('after');
      const refused = await fetch(`${base}/v1/projects/p1`, { headers: { 'x-api-key': 'wrong' } });
      expect(refused.status).toBe(401);
    } finally {
      await new Promise((r) => (listener.closeAllConnections(), listener.close(r)));
    }
  });

  it('lint as their CI gate: a warning fails when asked, and the standard rulesets run beside ours', async () => {
    // The rulesets' packages are optional peers of the tool: the user installs them (from the cache here).
    const peers = await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--save-dev',
        '--save-exact',
        '@stoplight/spectral-core@1.24.1',
        '@stoplight/spectral-rulesets@1.23.1',
        '@stoplight/spectral-parsers@1.0.5',
        '@redocly/openapi-core@2.64.0',
      ],
      app,
    );
    expect(peers.code, peers.stderr).toBe(0);
    const plain = await cli(['lint', '--rulesets', 'spectral,redocly', '--format', 'github']);
    expect(plain.code, plain.stderr).toBe(0);
    // Redocly's recommended set warns of operations without a 4XX response; Spectral's of missing descriptions.
    expect(plain.stdout).toMatch(
      /^::warning file=openapi\.yaml,line=\d+,col=\d+,title=redocly%3Aoperation-4xx-response::/m,
    );
    expect(plain.stdout).toMatch(/^::warning file=openapi\.yaml,line=\d+,col=\d+,title=spectral%3A/m);
    const strict = await cli(['lint', '--rulesets', 'spectral,redocly', '--fail-on', 'warn']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(
      /openapi\.yaml: 8 operations, no error, \d+ warnings: failed \(--fail-on warn\)/,
    );
  });

  it('diff flags a value added to an enum their responses carry', async () => {
    const withStatus = (values: string) =>
      readFileSync(fixture, 'utf8').replace(
        '        created_at: { type: integer }\n',
        `        created_at: { type: integer }\n        status: { type: string, enum: [${values}] }\n`,
      );
    writeFileSync(path.join(app, 'status-1.yaml'), withStatus('active, archived'));
    writeFileSync(path.join(app, 'status-2.yaml'), withStatus('active, archived, deleted'));
    const r = await cli(['diff', 'status-1.yaml', 'status-2.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('**schema Project** `status`: enum value `deleted` added');
    expect(r.stdout).toContain('switch over the values exhaustively');
  });

  it('diff and changelog on their spec; the next generate keeps the version', async () => {
    const diff = await cli(['diff', 'v1.yaml']);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('ping');
    expect(diff.stdout).not.toMatch(/createProject|embeddings/i);
    const log = await cli(['changelog', 'v1.yaml', '--date', '2026-03-01']);
    expect(own(log.stderr)).toBe('');
    expect(log.code).toBe(0);
    expect(log.stdout).toContain('release/client: 1.0.0 → 2.0.0 (breaking: the major version)');
    expect(readFileSync(path.join(app, 'release/client/CHANGELOG.md'), 'utf8')).not.toMatch(/Versioning \d/);
    for (let i = 0; i < 2; i++) {
      expect((await cli(['generate', '--out', 'gen', '--quiet'])).code).toBe(0);
      expect(version('gen/client/package.json')).toBe('2.0.0');
      expect(readFileSync(path.join(app, 'gen/client/CHANGELOG.md'), 'utf8')).toContain(
        '## 2.0.0 (2026-03-01)',
      );
    }
    expect((await cli(['check', '--out', 'gen', '--quiet'])).code).toBe(0);
  });

  it('release --dry-run: their packages, their diff, nothing written', async () => {
    const before = readFileSync(path.join(app, 'release/client/package.json'), 'utf8');
    const r = await cli(['release', 'v1.yaml', '--dry-run', '--date', '2026-03-02']);
    expect(r.code, r.stderr).toBe(0);
    // Progress on stderr, one line per step; a short summary on stdout, the file lists behind --verbose.
    expect(own(r.stderr)).toMatch(
      /diff v1\.yaml → working tree[\s\S]*generate[\s\S]*build client[\s\S]*npm pack server/,
    );
    expect(r.stdout).toContain('next version: 2.0.0 → 3.0.0 (breaking: the major version)');
    expect(r.stdout).toMatch(/^changes: 1 breaking, 0 client renames, \d+ compatible, \d+ documentation$/m);
    expect(r.stdout).toMatch(/would publish projects-client-3\.0\.0\.tgz/);
    expect(r.stdout).toMatch(/would publish projects-server-3\.0\.0\.tgz/);
    expect(r.stdout).not.toMatch(/platform-api|createProject: operation removed|package\.json\s+\d+ B/);
    expect(r.stdout.split('\n').length).toBeLessThan(15);
    expect(readFileSync(path.join(app, 'release/client/package.json'), 'utf8')).toBe(before);
    expect(version('gen/client/package.json')).toBe('2.0.0');
  });

  it('release packs their packages under the configured names, licence and repository', async () => {
    const r = await cli(['release', 'v1.yaml', '--date', '2026-03-03', '--verbose']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/package\.json\s+\d+ B/);
    for (const pkg of ['client', 'server']) {
      const tarball = path.join(app, 'dist', `projects-${pkg}-3.0.0.tgz`);
      const unpacked = path.join(root, `unpacked-${pkg}`);
      mkdirSync(unpacked);
      expect((await run('tar', ['-xzf', tarball, '-C', unpacked], app)).code).toBe(0);
      expect(JSON.parse(readFileSync(path.join(unpacked, 'package/package.json'), 'utf8'))).toMatchObject({
        name: `@projects/${pkg}`,
        version: '3.0.0',
        license: 'Apache-2.0',
        repository: 'github:projects/api',
        author: 'Projects Team',
      });
    }
  });
});
