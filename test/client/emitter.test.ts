/** The client emitter on the real spec: operation specs carry the conditions, bodies and servers the core needs. */
import { beforeAll, describe, expect, it } from 'vitest';
import { emitClient } from '../../generator/emit/client/index.ts';
import { operationSpec } from '../../generator/emit/client/operation-spec.ts';
import type { Api } from '../../generator/ir/types.ts';
import { buildIr } from '../../generator/pipeline.ts';

let api: Api;
beforeAll(async () => {
  api = await buildIr('spec/openapi.yaml');
});
const spec = (id: string) => operationSpec(api.operations.find((o) => o.operationId === id)!);

describe('client emitter', () => {
  it('turns x-when into response conditions', () => {
    expect(spec('createCompletion').responses).toEqual([{ kind: 'json' }, { kind: 'sse', when: { stream: [true] }, terminator: '[DONE]' }]);
    expect(spec('createSpeech').responses).toEqual([{ kind: 'binary' }, { kind: 'sse', when: { stream_format: ['sse'] } }]);
    expect(spec('createTranscription').responses).toEqual([{ kind: 'json' }, { kind: 'text', when: { response_format: ['text', 'srt', 'vtt'] } }]);
  });

  it('records body kinds, multipart encoding, list operations, servers and security', () => {
    expect(spec('createImageEdit')).toMatchObject({ body: 'json|multipart', encoding: { 'image[]': { contentType: 'application/octet-stream', explode: true } } });
    expect(spec('listVectorStores')).toMatchObject({ params: 'query', paging: { kind: 'envelope', param: 'after', items: ['data'] } });
    expect(spec('downloadVideoContent')).toMatchObject({ params: 'query', responses: [{ kind: 'binary' }] });
    expect(spec('exchangeToken')).toMatchObject({ auth: false, servers: [{ url: '{auth_url}' }, { url: '{mtls_auth_url}' }] });
  });

  it('emits one resource file per top-level resource, the core, and is deterministic', () => {
    const files = emitClient(api);
    const paths = files.map((f) => f.path);
    expect(paths).toContain('client/index.ts');
    expect(paths).toContain('client/core/client-base.ts');
    expect(paths).toContain('client/resources/vector-stores.ts');
    expect(paths.filter((p) => p.startsWith('client/resources/'))).toHaveLength(api.resources.children.length);
    expect(emitClient(api).map((f) => f.contents)).toEqual(files.map((f) => f.contents));
  });
});
