/**
 * Type tests, checked by `tsc` (the file is in the project): wrong fields, wrong enum values and missing required
 * fields do not compile, and overloads give each response kind its type. The calls sit in functions that never run.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  APIPromise,
  CompletionChunk,
  Container,
  CreateTranscriptionResponse,
  ImagesResponse,
  Model,
  ModelList,
  PagePromise,
  PlatformClient,
  Stream,
  VectorStore,
  WithResponse,
} from '../helpers/generated.ts';

function compileOnly(client: PlatformClient): void {
  // @ts-expect-error unknown field
  void client.containers.create({ name: 'c', nope: true });
  // @ts-expect-error wrong enum value
  void client.containers.create({ name: 'c', memory_limit: '2g' });
  // @ts-expect-error missing required field `name`
  void client.containers.create({});
  // @ts-expect-error wrong literal (completion_window is only '24h')
  void client.batches.create({ completion_window: '48h', endpoint: '/v1/completions', input_file_id: 'f' });
  // @ts-expect-error a path parameter is required
  void client.vectorStores.retrieve();
  // @ts-expect-error path parameters are strings
  void client.vectorStores.files.retrieve('vs_1', 42);
  // @ts-expect-error wrong query enum value
  void client.videos.list({ order: 'sideways' });
  // @ts-expect-error wrong request option
  void client.models.list({ retries: 3 });
  // @ts-expect-error X.509 mode takes no subject_token... but a JWT type needs one
  void client.auth.exchangeToken({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
    identity_provider_id: 'i',
    service_account_id: 's',
  });
  // @ts-expect-error a file field takes a file, not a number
  void client.videos.characters.create({ name: 'n', video: 42 });

  const file = new Blob(['x']);
  expectTypeOf(client.completions.create({ model: 'm', prompt: 'p', stream: true })).toEqualTypeOf<
    APIPromise<Stream<CompletionChunk>>
  >();
  expectTypeOf(client.completions.create({ model: 'm', prompt: 'p' })).resolves.toHaveProperty('choices');
  expectTypeOf(client.images.edit({ prompt: 'p', images: [{ file_id: 'f' }] })).toEqualTypeOf<
    APIPromise<ImagesResponse>
  >();
  expectTypeOf(
    client.images.edit({ prompt: 'p', images: [{ file_id: 'f' }], stream: true }),
  ).resolves.toMatchTypeOf<Stream<unknown>>();
  expectTypeOf(client.audio.speech.create({ model: 'tts-1', input: 'i', voice: 'alloy' })).toEqualTypeOf<
    APIPromise<Response>
  >();
  expectTypeOf(
    client.audio.speech.create({
      model: 'gpt-4o-mini-tts',
      input: 'i',
      voice: 'alloy',
      stream_format: 'sse',
    }),
  ).toEqualTypeOf<APIPromise<Stream<unknown>>>();
  expectTypeOf(
    client.audio.transcriptions.create({ file, model: 'whisper-1', response_format: 'vtt' }),
  ).toEqualTypeOf<APIPromise<string>>();
  expectTypeOf(client.audio.transcriptions.create({ file, model: 'whisper-1' })).toEqualTypeOf<
    APIPromise<CreateTranscriptionResponse>
  >();
  expectTypeOf(
    client.audio.transcriptions.create({
      file: Buffer.from('x'),
      model: 'whisper-1',
      response_format: 'json',
    }),
  ).toEqualTypeOf<APIPromise<CreateTranscriptionResponse>>();
  expectTypeOf(client.models.list()).toEqualTypeOf<PagePromise<Model, ModelList>>();
  expectTypeOf(client.containers.retrieve('c').withResponse()).toEqualTypeOf<
    Promise<WithResponse<Container>>
  >();
  expectTypeOf(client.videos.downloadContent('v')).toEqualTypeOf<APIPromise<Response>>();
}

async function iterateTypes(client: PlatformClient): Promise<void> {
  for await (const store of client.vectorStores.list()) expectTypeOf(store).toEqualTypeOf<VectorStore>();
  const page = await client.vectorStores.list();
  expectTypeOf(page.hasNextPage()).toEqualTypeOf<boolean>();
  expectTypeOf(page.items).toEqualTypeOf<VectorStore[]>();
}

describe('types', () => {
  it('are checked by tsc', () => {
    expect([compileOnly, iterateTypes].every((f) => typeof f === 'function')).toBe(true);
  });
});
