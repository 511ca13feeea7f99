/**
 * The generated READMEs of specs that are not ours describe those specs: their operations, paging, credentials,
 * and no section for what they lack (webhooks, streams, state machines, uploads). Every ts snippet type-checks
 * against the client and server generated beside it, and no name of our API (derived from our spec's IR) appears.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { propertiesOf } from '../../generator/ir/queries.ts';
import type { Api } from '../../generator/ir/api.ts';
import { buildIr, runPipeline } from '../../generator/pipeline.ts';
import { envPrefixFor } from '../../generator/naming/env-prefix.ts';
import { originOf, stampOrigin } from '../../generator/render/origin.ts';
import { snippetProblems } from './helpers/snippets.ts';

const root = path.resolve(import.meta.dirname, '../..');
const work = path.join(root, '.tmp', 'foreign-readmes');
const SPECS = {
  petstore: 'test/fixtures/petstore/openapi.yaml',
  projects: 'test/fixtures/docs/projects.yaml',
} as const;
type Name = keyof typeof SPECS;
const trees = {} as Record<
  Name,
  { dir: string; api: Api; client: string; server: string; clientClass: string; docs: string }
>;
let ours: Api;

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  for (const [name, spec] of Object.entries(SPECS) as [Name, string][]) {
    const result = await runPipeline({
      spec: path.join(root, spec),
      mode: 'tolerant',
      emitters: ['client', 'server', 'docs'],
    });
    const dir = path.join(work, name);
    for (const f of result.files) {
      mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      writeFileSync(path.join(dir, f.path), f.contents);
    }
    const read = (p: string) => readFileSync(path.join(dir, p), 'utf8');
    trees[name] = {
      dir,
      api: result.api,
      client: read('client/README.md'),
      server: read('server/README.md'),
      clientClass: read('client/client.ts'),
      docs: result.files
        .filter((f) => f.path.startsWith('docs/'))
        .map((f) => f.contents)
        .join('\n'),
    };
  }
  ours = await buildIr(path.join(root, 'spec/openapi.yaml'));
}, 600_000); // a bound, not a speed check: two generations on a loaded 2-core machine

/** Names only our API has: its operations, SDK calls, resources, webhooks, schemas, multipart fields and config. */
function ourNames(foreign: Api): string[] {
  const theirs = new Set([
    ...foreign.operations.flatMap((o) => [o.operationId, o.sdkPath.join('.'), ...o.sdkPath]),
    ...foreign.schemas.map((s) => s.name),
  ]);
  const multipart = ours.operations.flatMap((o) =>
    (o.requestBody?.contents ?? [])
      .filter((c) => c.kind === 'multipart')
      .flatMap((c) => propertiesOf(ours, c.type).map((p) => p.name)),
  );
  const derived = [
    ...ours.operations.map((o) => o.operationId),
    ...ours.operations.map((o) => `client.${o.sdkPath.join('.')}`),
    ...ours.operations.map((o) => `${o.sdkPath.join('.')}(`),
    ...ours.operations.map((o) => o.sdkPath.join('.')),
    ...ours.resources.children.map((c) => `client.${c.property}`),
    ...ours.webhooks.map((w) => w.name),
    ...ours.schemas.map((s) => s.name).filter((n) => /[a-z][A-Z]/.test(n)),
    ...multipart.filter((n) => n.endsWith('[]')),
  ];
  // What the issue saw, and our config's names.
  const seen = [
    'after` = `last_id',
    'bearer authentication',
    'exchangeToken',
    'Events in the spec',
    "guardState('deleteVideo'",
    'PlatformClient',
    'PlatformError',
    'PLATFORM_',
    '@platform-api',
    'Service-Organization',
    'Service-Project',
    'API_API_KEY',
    'ORG_ID',
    'PROJECT_ID',
  ];
  return [...new Set([...derived.filter((n) => !theirs.has(n.replace(/^client\.|\($/g, ''))), ...seen])];
}

function mentions(text: string, names: string[]): string[] {
  return names.filter((n) =>
    new RegExp(`(?<![\\w$.-])${n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w$-])`).test(text),
  );
}

describe('READMEs generated for specs that are not ours', () => {
  it('derives enough of our names to check against', () => {
    const names = ourNames(trees.projects.api);
    expect(names.length).toBeGreaterThan(100);
    expect(names).toEqual(
      expect.arrayContaining([
        'client.models',
        'client.completions.create',
        'audio.speech.create',
        'createSpeech',
        'image[]',
        'client.vectorStores.list',
      ]),
    );
    // What the README of a foreign spec said before: each is caught.
    const before =
      'const { data } = await client.models.list().withResponse(); `completions.create({ ..., stream: true })`; `audio.speech.create` returns; (`image[]`, `include[]`)';
    expect(mentions(before, names)).toEqual(
      expect.arrayContaining(['client.models', 'completions.create(', 'audio.speech.create', 'image[]']),
    );
  });

  it.each(Object.keys(SPECS) as Name[])(
    '%s: no name of our API appears in the client and server READMEs and the docs',
    (name) => {
      const t = trees[name];
      expect(mentions(t.client, ourNames(t.api))).toEqual([]);
      expect(mentions(t.server, ourNames(t.api))).toEqual([]);
      expect(t.docs).toContain(`# ${t.api.title}`);
      expect(mentions(t.docs, ourNames(t.api))).toEqual([]);
      expect(
        mentions(t.clientClass, [
          'auth.exchangeToken',
          'ORG_ID',
          'PROJECT_ID',
          'API_API_KEY',
          'PlatformClient',
          'PLATFORM_',
          'spec/openapi.yaml',
        ]),
      ).toEqual([]);
      // With no config, the client's name comes from the title ("Acme Projects API" → AcmeProjectsClient).
      expect(t.api.clientName).toBe(name === 'projects' ? 'AcmeProjectsClient' : 'SwaggerPetstoreClient');
    },
  );

  it.each(Object.keys(SPECS) as Name[])(
    '%s: every ts snippet of the READMEs type-checks against the generated client and server',
    (name) => {
      const { count, problems } = snippetProblems(
        trees[name].dir,
        trees[name].api.clientName,
        path.join(work, `snippets-${name}`),
      );
      expect(count).toBeGreaterThan(5);
      expect(problems).toEqual([]);
    },
    600_000,
  );

  it('projects (X-API-Key, cursor paging, an upload, no webhooks, streams or state machines): says so, and only that', () => {
    const { client, server } = trees.projects;
    expect(client).toContain('The key is sent as the `X-API-Key` header.');
    expect(client).toContain('apiKey: process.env.ACME_PROJECTS_API_KEY');
    expect(client).toContain(
      '- `client.projects.list`: `cursor` = `next_cursor` of each answer, until it is empty',
    );
    expect(client).toContain(
      'for await (const item of client.projects.list({ limit: 20 })) console.log(item);',
    );
    expect(client).toContain("client.projects.attachments.create('project_123', {");
    expect(client).toContain('(`labels`) are sent as repeated');
    for (const absent of [
      '## Webhooks',
      '## Streaming',
      '## Token exchange',
      'webhookSecret',
      'serverVariables',
      'organization:',
      'Bearer',
    ])
      expect(client).not.toContain(absent);
    expect(server).toContain('authentication by the `X-API-Key` header (401, 403)');
    expect(server).toContain('turns the credential (the `X-API-Key` header) into a principal');
    for (const absent of ['## guardState', '## Streaming', '## Binary responses', 'bearer'])
      expect(server).not.toContain(absent);
  });

  it("reads its key from an environment variable named after info.title (never API_API_KEY), or the config's prefix", async () => {
    const { AcmeProjectsClient: ApiClient } = (await import(
      path.join(trees.projects.dir, 'client/index.ts')
    )) as {
      AcmeProjectsClient: new (o?: object) => {
        baseURL: string;
        organization: string | null;
        project: string | null;
      };
    };
    const names = [
      'ACME_PROJECTS_API_KEY',
      'ACME_PROJECTS_BASE_URL',
      'ACME_PROJECTS_ORG_ID',
      'ACME_PROJECTS_PROJECT_ID',
    ] as const;
    const saved = names.map((k) => [k, process.env[k]] as const);
    try {
      delete process.env.ACME_PROJECTS_API_KEY;
      expect(() => new ApiClient()).toThrow(/ACME_PROJECTS_API_KEY/);
      // The message names no part of an API this one does not have.
      expect(() => new ApiClient()).not.toThrow(/token exchange/);
      process.env.ACME_PROJECTS_API_KEY = 'k';
      process.env.ACME_PROJECTS_BASE_URL = 'http://127.0.0.1:9';
      // No organization or project header is configured: stray variables of those names are not read.
      process.env.ACME_PROJECTS_ORG_ID = 'org-1';
      process.env.ACME_PROJECTS_PROJECT_ID = 'proj-1';
      const client = new ApiClient();
      expect(client.baseURL).toBe('http://127.0.0.1:9');
      expect([client.organization, client.project]).toEqual([null, null]);
    } finally {
      for (const [k, v] of saved)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
    // The rule the naming pass applies when the config names no prefix (a configured one: test/passes/names.test.ts).
    expect(envPrefixFor('The Petstore REST API v2', 'ApiClient')).toBe('PETSTORE_');
    expect(envPrefixFor('API', 'ApiClient')).toBe('OPENAPI_');
    expect(envPrefixFor('API', 'ShopClient')).toBe('SHOP_');
  });

  it('names the real input and command in the first line of every generated file (runtime copies name their template)', () => {
    const { dir } = trees.projects;
    const banner =
      'Generated by platform-api-codegen from test/fixtures/docs/projects.yaml. Do not edit: run `npx platform-api-codegen generate --spec test/fixtures/docs/projects.yaml`.';
    for (const file of [
      'client/index.ts',
      'client/client.ts',
      'server/index.ts',
      'types/index.ts',
      'validators/index.ts',
    ])
      expect(readFileSync(path.join(dir, file), 'utf8').split('\n')[0], file).toBe(`// ${banner}`);
    for (const file of ['client/README.md', 'server/README.md'])
      expect(readFileSync(path.join(dir, file), 'utf8').split('\n')[0], file).toBe(`<!-- ${banner} -->`);
    expect(readFileSync(path.join(dir, 'client/core/pagination.ts'), 'utf8').split('\n')[0]).toBe(
      '// Copied by platform-api-codegen from its runtime (templates/client/core/pagination.ts). Do not edit: every generation replaces it.',
    );
    const ownFirstLines = [
      'generated/client/index.ts',
      'generated/server/README.md',
      'generated/docs/README.md',
    ].map((f) => readFileSync(path.join(root, f), 'utf8').split('\n')[0]);
    for (const l of ownFirstLines)
      expect(l).toContain('from spec/openapi.yaml. Do not edit: run `npm run generate`.');
  });

  it('writes the origin as a command line would: relative paths, a config other than the default, no comment breakers', () => {
    const cwd = path.join(root, 'test');
    expect(originOf('../spec/openapi.yaml', undefined, cwd)).toEqual({
      spec: '../spec/openapi.yaml',
      command: 'npm run generate',
    });
    expect(originOf(path.join(root, 'spec/openapi.yaml'), undefined, root)).toEqual({
      spec: 'spec/openapi.yaml',
      command: 'npm run generate',
    });
    expect(originOf('/elsewhere/api.yaml', undefined, cwd).spec).toBe('/elsewhere/api.yaml');
    expect(originOf('their api.yaml', 'conf/codegen.json', cwd)).toEqual({
      spec: 'their api.yaml',
      command: "npx platform-api-codegen generate --spec 'their api.yaml' --config conf/codegen.json",
    });
    expect(originOf('a.yaml', path.join(cwd, 'codegen.config.json'), cwd).command).toBe(
      'npx platform-api-codegen generate --spec a.yaml',
    );
    const [md, ts, copied] = stampOrigin(
      [
        { path: 'a.md', contents: '<!-- Generated by platform-api-codegen. Do not edit. -->\n# A' },
        { path: 'a.ts', contents: 'export {};' },
        { path: 'b.ts', contents: 'export {};', verbatim: true },
      ],
      { spec: 'x-->y`\u2028.yaml', command: 'gen --spec x-->y`.yaml' },
    );
    expect(md!.contents).toBe(
      '<!-- Generated by platform-api-codegen from x- ->y.yaml. Do not edit: run `gen --spec x- ->y.yaml`. -->\n# A',
    );
    expect(ts!.contents).toBe(
      '// Generated by platform-api-codegen from x-->y.yaml. Do not edit: run `gen --spec x-->y.yaml`.\nexport {};',
    );
    expect(copied!.contents).toBe('export {};');
  });

  it('petstore (bearer, a list envelope without a cursor parameter): one page, no upload or stream section', () => {
    const { client, server } = trees.petstore;
    expect(client).toContain('The key is sent as `Authorization: Bearer <key>`.');
    expect(client).toContain('apiKey: process.env.SWAGGER_PETSTORE_API_KEY');
    expect(client).toContain('- `client.pets.list`: one page (the operation declares no cursor parameter)');
    for (const absent of ['## Uploads', '## Streaming', '## Webhooks', '## guardState'])
      expect(client).not.toContain(absent);
    expect(server).toContain('authentication by `Authorization: Bearer <key>` (401, 403)');
  });
});
