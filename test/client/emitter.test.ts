/**
 * The client emitter on the real spec: an operation as the core reads it (the shared facts of protocol/operations.ts
 * with the client's own fields) carries the conditions, bodies and servers the core needs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emitClient } from '../../generator/emit/client/index.ts';
import { clientOwn } from '../../generator/emit/client/operation-spec.ts';
import { operationFacts } from '../../generator/emit/operation-facts.ts';
import type { Api } from '../../generator/ir/api.ts';
import { buildIr, passOptionsFor } from '../../generator/pipeline.ts';
import { readConfig } from '../../generator/config/load.ts';
import { INTERNAL_NOTE } from '../../generator/emit/templates.ts';

let api: Api;
beforeAll(async () => {
  const { config } = readConfig('codegen.config.json');
  api = await buildIr('spec/openapi.yaml', undefined, undefined, undefined, passOptionsFor(config));
});
const spec = (id: string) => {
  const op = api.operations.find((o) => o.operationId === id)!;
  return { ...operationFacts(op), ...clientOwn(op, api) };
};

describe('client emitter', () => {
  it('turns x-when into response conditions', () => {
    expect(spec('createCompletion').responses).toEqual([
      { kind: 'json', mediaType: 'application/json' },
      {
        kind: 'sse',
        mediaType: 'text/event-stream',
        when: { stream: [true] },
        framing: 'data-only',
        terminator: '[DONE]',
      },
    ]);
    expect(spec('createSpeech').responses).toMatchObject([
      { kind: 'binary' },
      { kind: 'sse', when: { stream_format: ['sse'] } },
    ]);
    expect(spec('createTranscription').responses).toMatchObject([
      { kind: 'json' },
      { kind: 'text', when: { response_format: ['text', 'srt', 'vtt'] } },
    ]);
    expect(spec('createTranscription').status).toBe(200);
  });

  it('records body kinds, multipart encoding, list operations, servers and security', () => {
    expect(spec('createImageEdit')).toMatchObject({
      body: 'json|multipart',
      requestBody: { encoding: { 'image[]': { contentType: 'application/octet-stream', explode: true } } },
    });
    expect(spec('listVectorStores')).toMatchObject({
      params: 'query',
      paging: { kind: 'envelope', param: 'after', items: ['data'] },
    });
    expect(spec('downloadVideoContent')).toMatchObject({ params: 'query', responses: [{ kind: 'binary' }] });
    expect(spec('exchangeToken')).toMatchObject({
      auth: false,
      servers: [{ url: '{auth_url}' }, { url: '{mtls_auth_url}' }],
    });
  });

  it("emits one file per resource, sub-resources in their parent's folder, the core, and is deterministic", () => {
    const files = emitClient(api);
    const paths = files.map((f) => f.path);
    expect(paths).toContain('client/index.ts');
    expect(paths).toContain('client/core/client-base.ts');
    expect(paths).toContain('client/resources/models.ts');
    expect(paths).toContain('client/resources/vector-stores/vector-stores.ts');
    expect(paths).toContain('client/resources/vector-stores/files.ts');
    expect(paths).toContain('client/resources/fine-tuning/alpha/graders.ts');
    const count = (n: { children: readonly unknown[] }): number =>
      n.children.reduce<number>((sum, c) => sum + 1 + count(c as typeof n), 0);
    expect(paths.filter((p) => p.startsWith('client/resources/'))).toHaveLength(count(api.resources));
    // The parent's file holds its own class only; the sub-resource's class is imported from its file.
    const parent = files.find((f) => f.path === 'client/resources/vector-stores/vector-stores.ts')!.contents;
    expect(parent).toContain("import { VectorStoresFiles } from './files.js';");
    expect(parent).not.toContain('class VectorStoresFiles');
    expect(emitClient(api).map((f) => f.contents)).toEqual(files.map((f) => f.contents));
  });

  it('orders methods as the API does: create, retrieve, update, list, delete, then the rest in spec order', () => {
    const node = (path: string) =>
      path
        .split('.')
        .reduce<{ children: typeof api.resources.children; methods: { name: string }[] }>(
          (n, p) => n.children.find((c) => c.property === p)!,
          api.resources as never,
        );
    expect(node('vectorStores').methods.map((m) => m.name)).toEqual([
      'create',
      'retrieve',
      'list',
      'delete',
      'search',
    ]);
    expect(node('audio.voiceConsents').methods.map((m) => m.name)).toEqual(['retrieve', 'update', 'list']);
    // None of the five: the spec's order (/images/variations, /images/edits, /images/generations).
    expect(node('images').methods.map((m) => m.name)).toEqual(['createVariation', 'edit', 'generate']);
    expect(node('videos').methods.map((m) => m.name)).toEqual([
      'create',
      'list',
      'delete',
      'downloadContent',
      'remix',
    ]);
  });

  it('documents members by what they are, not by their names', () => {
    const text = (path: string) => emitClient(api).find((f) => f.path === path)!.contents;
    const client = text('client/client.ts');
    expect(client).toContain('/** Vector stores for file search.');
    expect(client).not.toMatch(/\/\*\* `client\.\w+` \*\//);
    const stores = text('client/resources/vector-stores/vector-stores.ts');
    // A sub-resource of the same tag is described by its calls, not by its parent's text once more.
    expect(stores).toContain("/** Retrieve a vector store file. Update a vector store file's attributes. */");
    expect(stores).toContain('Reached as `client.vectorStores`.');
    // A description that says more than the summary is kept; one that restates it is not.
    expect(stores).toContain('Creates a vector store. A `chunking_strategy` applies only');
    expect(stores).not.toContain('Lists vector stores.');
  });

  it('keeps its transport internal: the index re-exports core/ only, each internal/ file says so, the package exports its root', () => {
    const files = emitClient(api);
    const text = (path: string) => files.find((f) => f.path === path)!.contents;
    const internal = files.filter((f) => f.path.startsWith('client/internal/'));
    expect(internal.map((f) => f.path)).toContain('client/internal/transport.ts');
    // brand.ts holds the config's values, written by the emitter; every copied one carries the note under its banner.
    for (const f of internal.filter((x) => x.verbatim))
      expect(f.contents.split('\n')[1], f.path).toBe(INTERNAL_NOTE);
    const specifiers = [...text('client/index.ts').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    expect(specifiers.filter((s) => s.startsWith('./core/')).length).toBeGreaterThan(5);
    expect(specifiers.filter((s) => s.includes('internal/'))).toEqual([]);
    const pkg = JSON.parse(text('client/package.json')) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
  });
});
