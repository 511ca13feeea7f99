/**
 * The codegen config: every key's validation is a located `invalid-config` error (exit 1 from the CLI), the
 * defaults brand nothing after our API, and a config's values reach the generated client and server.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../generator/cli/generate.ts';
import { validateConfig } from '../../generator/config/load.ts';
import { DEFAULT_CONFIG } from '../../generator/config/types.ts';
import { GeneratorError } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';

const petstore = 'test/fixtures/petstore/openapi.yaml';
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-config-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]) {
  let stderr = '';
  const err = new Writable({
    write(chunk, _e, cb) {
      stderr += String(chunk);
      cb();
    },
  });
  const code = await main(args, new Writable({ write: (_c, _e, cb) => cb() }), err);
  return { code, stderr };
}

function configFile(text: string): string {
  const file = path.join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  return file;
}

describe('codegen config', () => {
  it.each([
    [
      '{\n  "clientName": "pet client"\n}\n',
      '2:3 #/clientName: error[invalid-config]: "pet client" is not a PascalCase identifier',
    ],
    [
      '{\n  "envPrefix": "PETS"\n}\n',
      '2:3 #/envPrefix: error[invalid-config]: "PETS" is not an upper-case prefix ending in "_" (e.g. "ACME_")',
    ],
    [
      '{\n  "clientname": "PetClient"\n}\n',
      '2:3 #/clientname: error[invalid-config]: unknown key "clientname" (did you mean "clientName"?); the keys are',
    ],
    [
      '{\n  "packages": { "client": { "name": "Pets Client" } }\n}\n',
      '2:29 #/packages/client/name: error[invalid-config]: "Pets Client" is not a valid npm package name',
    ],
    [
      '{\n  "packages": { "sdk": {} }\n}\n',
      '2:17 #/packages/sdk: error[invalid-config]: unknown key "sdk"; the keys are client, server',
    ],
    [
      '{\n  "organizationHeader": "Bad Header"\n}\n',
      '2:3 #/organizationHeader: error[invalid-config]: "Bad Header" is not a header name',
    ],
    [
      '{\n  "idempotencyHeader": "Idempotency Key"\n}\n',
      '2:3 #/idempotencyHeader: error[invalid-config]: "Idempotency Key" is not a header name',
    ],
    [
      '{\n  "retryStatuses": [429, "5xx"]\n}\n',
      '2:26 #/retryStatuses/1: error[invalid-config]: "5xx" is not a status (100 to 599) or a range such as "5XX"',
    ],
    [
      '{\n  "defaultHeaders": { "X-Team": 7 }\n}\n',
      '2:23 #/defaultHeaders/X-Team: error[invalid-config]: must be a string',
    ],
    [
      '{\n  "serverVersionHeader": { "name": "Version" }\n}\n',
      '2:3 #/serverVersionHeader/value: error[invalid-config]: must be a non-empty string',
    ],
    [
      '{\n  "accessTokensRejectedBy": "deletePet"\n}\n',
      '2:3 #/accessTokensRejectedBy: error[invalid-config]: must be an array of operationIds',
    ],
    [
      '{\n  "adminKeys": { "acceptedBy": "listPets" }\n}\n',
      '#/adminKeys/acceptedBy: error[invalid-config]: must be an array of operationIds',
    ],
    [
      '{\n  "adminKeys": { "acceptedBy": [], "mesage": "x" }\n}\n',
      '#/adminKeys/mesage: error[invalid-config]: unknown key "mesage" (did you mean "message"?)',
    ],
    ['[1, 2]\n', '1:1 #: error[invalid-config]: must be an object'],
    [
      '{ "clientName": \n',
      '2:1: error[invalid-config]: not valid JSON: the text ends before the JSON value does (a missing } or ])',
    ],
    [
      '{\n  "clientName": "X",\n}\n',
      '3:1: error[invalid-config]: not valid JSON: Expected double-quoted property name',
    ],
  ])('%j is refused with a located error and exit 1', async (text, message) => {
    const file = configFile(text);
    const r = await cli(['--spec', petstore, '--out', path.join(dir, 'never'), '--config', file, '--quiet']);
    expect(r.code).toBe(EXIT.failed);
    expect(r.stderr).toContain(
      message.includes(' error[') || message.startsWith('error[')
        ? message.replace(/^(\d+:\d+)/, `${path.relative(process.cwd(), file)}:$1`)
        : message,
    );
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).not.toMatch(/Flow map|flow collection/i);
  });

  it('every problem at once, each at its key, with "did you mean" by edit distance', async () => {
    const file = configFile(
      '{\n  "clientNmae": "PetClient",\n  "envPrefix": "pets",\n  "packages": { "clinet": {} }\n}\n',
    );
    const r = await cli(['--spec', petstore, '--out', path.join(dir, 'never'), '--config', file, '--quiet']);
    expect(r.code).toBe(EXIT.failed);
    const shown = path.relative(process.cwd(), file);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${shown}:2:3 #/clientNmae: error\\[invalid-config\\]: unknown key "clientNmae" \\(did you mean "clientName"\\?\\)`,
        ),
      ),
      `${shown}:4:17 #/packages/clinet: error[invalid-config]: unknown key "clinet" (did you mean "client"?); the keys are client, server`,
      `${shown}:3:3 #/envPrefix: error[invalid-config]: "pets" is not an upper-case prefix ending in "_" (e.g. "ACME_")`,
      '3 errors',
    ]);
  });

  it('a missing config file is a located error', async () => {
    const r = await cli([
      '--spec',
      petstore,
      '--out',
      path.join(dir, 'never'),
      '--config',
      path.join(dir, 'nope.json'),
      '--quiet',
    ]);
    expect(r.code).toBe(EXIT.failed);
    expect(r.stderr).toMatch(/nope\.json: error\[file-not-found\]: cannot read the config/);
  });

  it('an operationId the spec lacks is a located warning, not an error', async () => {
    const file = configFile('{\n  "accessTokensRejectedBy": ["deletePet"]\n}\n');
    const r = await cli([
      '--spec',
      petstore,
      '--out',
      path.join(dir, 'warned'),
      '--config',
      file,
      '--quiet',
      '--only',
      'types',
    ]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr).toBe(
      `${path.relative(process.cwd(), file)}:2:30 #/accessTokensRejectedBy/0: warning[config-unknown-operation]: accessTokensRejectedBy names "deletePet", which is not an operationId of the spec; the entry has no effect\n1 warning (1 config-unknown-operation); each names the fallback taken\n`,
    );
  });

  it('an adminKeys operationId the spec lacks is a located warning too', async () => {
    const file = configFile('{\n  "adminKeys": { "acceptedBy": ["listPets", "deleteUsers"] }\n}\n');
    const r = await cli([
      '--spec',
      petstore,
      '--out',
      path.join(dir, 'warned-admin'),
      '--config',
      file,
      '--quiet',
      '--only',
      'types',
    ]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr).toContain(
      '#/adminKeys/acceptedBy/1: warning[config-unknown-operation]: adminKeys.acceptedBy names "deleteUsers", which is not an operationId of the spec; the entry has no effect\n',
    );
  });

  it('the defaults name no API, and an object config validates like a file', () => {
    expect(JSON.stringify(DEFAULT_CONFIG)).not.toMatch(/platform|service-/i);
    expect(validateConfig({})).toEqual(DEFAULT_CONFIG);
    expect(() => validateConfig({ envPrefix: 'x' })).toThrow(GeneratorError);
  });

  it("a config's values reach the client, its README and package.json, and the server", async () => {
    const config = {
      clientName: 'PetClient',
      envPrefix: 'PETS_',
      packages: {
        client: { name: '@pets/client', description: 'Pets.' },
        server: { name: '@pets/server', description: 'Pets server.' },
      },
      organizationHeader: 'X-Shop',
      idempotencyHeader: 'Idempotency-Key',
      retryStatuses: ['409', '5XX'],
      defaultHeaders: { 'X-Team': 'blue' },
      serverVersionHeader: { name: 'Pets-Version', value: '2024-01-01' },
      accessTokensRejectedBy: ['createPet'],
      adminKeys: { acceptedBy: ['listPets'] },
    };
    const { files } = await runPipeline({ spec: petstore, config, emitters: ['client', 'server'] });
    const text = (p: string) => files.find((f) => f.path === p)!.contents;
    expect(text('client/client.ts')).toContain('export class PetClient extends ClientBase');
    expect(text('client/client.ts')).toContain(
      'Options default from PETS_API_KEY, PETS_BASE_URL and PETS_ORG_ID.',
    );
    expect(text('client/internal/brand.ts')).toContain(
      "export const ORGANIZATION_HEADER: string | null = 'X-Shop';",
    );
    expect(text('client/internal/brand.ts')).toContain(
      "export const RETRY_STATUSES: readonly string[] = ['409', '5XX'];",
    );
    expect(text('client/internal/brand.ts')).toContain(
      "export const IDEMPOTENCY_HEADER: string | null = 'Idempotency-Key';",
    );
    expect(text('client/internal/brand.ts')).toContain(
      "export const DEFAULT_HEADERS: Readonly<Record<string, string>> = { 'X-Team': 'blue' };",
    );
    expect(text('client/README.md')).toContain("import { PetClient } from '@pets/client';");
    expect(JSON.parse(text('client/package.json'))).toMatchObject({
      name: '@pets/client',
      description: 'Pets.',
      version: expect.any(String),
    });
    expect(JSON.parse(text('server/package.json'))).toMatchObject({ name: '@pets/server' });
    expect(text('server/brand.ts')).toContain("['pets-version', '2024-01-01']");
    expect(text('server/brand.ts')).toContain("ACCESS_TOKENS_REJECTED_BY: readonly string[] = ['createPet']");
    expect(text('server/brand.ts')).toMatch(
      /ADMIN_KEYS: .+ =\s+\{ acceptedBy: \['listPets'\], message: null \};/,
    );
    for (const f of files.filter((x) => x.path.endsWith('.ts') || x.path.endsWith('.md')))
      expect(f.contents, f.path).not.toMatch(/PlatformClient|PLATFORM_|Service-Organization/);
  });

  it('an explicit clientName and envPrefix are honoured, even equal to the old defaults; absent ones come from the title', async () => {
    const spec = path.resolve('test/fixtures/new-user/openapi.yaml');
    const derived = await runPipeline({ spec, format: false });
    expect([derived.api.clientName, derived.api.envPrefix]).toEqual(['ProjectsClient', 'PROJECTS_']);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-given-'));
    try {
      const file = path.join(dir, 'codegen.config.json');
      writeFileSync(file, '{ "clientName": "ApiClient", "envPrefix": "API_" }\n');
      for (const config of [file, { clientName: 'ApiClient', envPrefix: 'API_' }]) {
        const given = await runPipeline({ spec, config, format: false });
        expect([given.api.clientName, given.api.envPrefix]).toEqual(['ApiClient', 'API_']);
        const index = given.files.find((f) => f.path === 'client/index.ts')!.contents;
        expect(index).toMatch(/\bApiClient\b/);
        expect(index).not.toContain('ProjectsClient');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('nothing in templates/ names our API', () => {
    const names =
      /PlatformClient|PlatformError|PLATFORM_|Service-Organization|Service-Project|Service-Version|2020-10-01|deleteModel|Platform API|Administration endpoints/;
    const files = (readdirSync('templates', { recursive: true }) as string[]).filter((p) =>
      statSync(path.join('templates', p)).isFile(),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const p of files) expect(readFileSync(path.join('templates', p), 'utf8'), p).not.toMatch(names);
  });
});
