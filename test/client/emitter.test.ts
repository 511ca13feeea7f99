/**
 * The client emitter on the real spec: an operation as the core reads it (the shared facts of protocol/operations.ts
 * with the client's own fields) carries the conditions, bodies and servers the core needs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emitClient } from '../../generator/emit/client/index.ts';
import { clientOwn } from '../../generator/emit/client/operation-spec.ts';
import { operationFacts } from '../../generator/emit/operation-facts.ts';
import type { Api } from '../../generator/ir/api.ts';
import { buildIr } from '../../generator/pipeline.ts';

let api: Api;
beforeAll(async () => {
  api = await buildIr('spec/openapi.yaml');
});
const spec = (id: string) => {
  const op = api.operations.find((o) => o.operationId === id)!;
  return { ...operationFacts(op), ...clientOwn(op) };
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

  it('emits one resource file per top-level resource, the core, and is deterministic', () => {
    const files = emitClient(api);
    const paths = files.map((f) => f.path);
    expect(paths).toContain('client/index.ts');
    expect(paths).toContain('client/core/client-base.ts');
    expect(paths).toContain('client/resources/vector-stores.ts');
    expect(paths.filter((p) => p.startsWith('client/resources/'))).toHaveLength(
      api.resources.children.length,
    );
    expect(emitClient(api).map((f) => f.contents)).toEqual(files.map((f) => f.contents));
  });
});
