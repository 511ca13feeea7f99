/** A client over the core alone, with hand-written operation specs: the core is tested without any spec. */
import { ClientBase } from '../../../templates/client/core/client-base.ts';
import type { OperationSpec, ServerSpec } from '../../../templates/client/internal/operation.ts';
import type { ClientOptions } from '../../../templates/client/core/options.ts';

export const ops = {
  getThing: { id: 'getThing', method: 'GET', path: '/things/{thing_id}', responses: [{ kind: 'json' }] },
  createThing: {
    id: 'createThing',
    method: 'POST',
    path: '/things',
    params: 'body',
    body: 'json',
    responses: [{ kind: 'json' }],
  },
  listThings: {
    id: 'listThings',
    method: 'GET',
    path: '/things',
    params: 'query',
    paging: { kind: 'envelope', param: 'after', items: ['data'] },
    responses: [{ kind: 'json' }],
  },
  streamThing: {
    id: 'streamThing',
    method: 'POST',
    path: '/stream',
    params: 'body',
    body: 'json',
    responses: [{ kind: 'sse', when: { stream: [true] }, terminator: '[DONE]' }, { kind: 'json' }],
  },
  namedStream: {
    id: 'namedStream',
    method: 'POST',
    path: '/named',
    params: 'body',
    body: 'json',
    responses: [{ kind: 'sse' }],
  },
  upload: {
    id: 'upload',
    method: 'POST',
    path: '/upload',
    params: 'body',
    body: 'multipart',
    requestBody: {
      required: true,
      mediaTypes: { 'multipart/form-data': 'multipart' },
      encoding: { 'image[]': { contentType: 'application/octet-stream', explode: true } },
    },
    responses: [{ kind: 'json' }],
  },
  either: {
    id: 'either',
    method: 'POST',
    path: '/either',
    params: 'body',
    body: 'json|multipart',
    responses: [{ kind: 'json' }],
  },
  mixed: {
    id: 'mixed',
    method: 'POST',
    path: '/mixed/{id}',
    params: 'both',
    queryKeys: ['variant'],
    body: 'json',
    responses: [{ kind: 'json' }],
  },
  xml: {
    id: 'xml',
    method: 'POST',
    path: '/xml',
    params: 'body',
    body: 'text',
    requestBody: { required: true, mediaTypes: { 'application/xml': 'text' } },
    responses: [{ kind: 'json' }],
  },
  bytes: {
    id: 'bytes',
    method: 'POST',
    path: '/bytes',
    params: 'body',
    body: 'binary',
    requestBody: { required: true, mediaTypes: { '*/*': 'binary' } },
    responses: [{ kind: 'json' }],
  },
  download: { id: 'download', method: 'GET', path: '/download', responses: [{ kind: 'binary' }] },
  text: {
    id: 'text',
    method: 'POST',
    path: '/text',
    params: 'body',
    body: 'json',
    responses: [{ kind: 'text', when: { format: ['text', 'srt'] } }, { kind: 'json' }],
  },
  token: {
    id: 'token',
    method: 'POST',
    path: '/oauth/token',
    params: 'body',
    body: 'json',
    auth: false,
    servers: [
      { url: '{auth_url}', variables: { auth_url: 'https://auth.example.invalid' } },
      { url: '{mtls_auth_url}', variables: { mtls_auth_url: 'https://mtls.example.invalid' } },
    ] as ServerSpec[],
    responses: [{ kind: 'json' }],
  },
} satisfies Record<string, OperationSpec>;

export class CoreClient extends ClientBase {
  constructor(options: Omit<ClientOptions, 'apiKey'> & { apiKey?: ClientOptions['apiKey'] | null }) {
    super(options, 'https://api.example.invalid/v1');
  }
}
