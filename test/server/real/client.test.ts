/**
 * The generated client against the generated server, for every operation of the real spec, over real loopback
 * HTTP: the operation's SDK call (path from the IR's `sdkPath`, called dynamically) sends a request the
 * server accepts and routes to the right handler, and the handler's response comes back as the call's result.
 * Plus statically typed calls, streaming (completions, image edits), binary (video content, speech), text
 * (transcription as text) and multipart (image variations, transcriptions, voices, video characters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../../generated/client/index.ts';
import type { Operation } from '../../../generator/ir/operation.ts';
import type { Running } from '../helpers.ts';
import { BYTES, selectedContent, validRequest, validResponse } from './requests.ts';
import { operations, pathValue, recordingHandlers, start, TOKEN } from './shared.ts';

const seen = new Map<string, any>();
const returned = new Map<string, unknown>();
let srv: Running;
let client: PlatformClient;

beforeAll(async () => {
  const handlers = recordingHandlers(seen, returned, validResponse);
  srv = await start(handlers);
  client = new PlatformClient({ apiKey: TOKEN, baseURL: `${srv.url}/v1`, maxRetries: 0 });
});
afterAll(async () => srv.close());

/** Positional path parameters in path order, then the body or the query object. */
function argsOf(op: Operation, body: unknown, query: Record<string, unknown>): unknown[] {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const args: unknown[] = names.map((n) => pathValue(n));
  if (op.requestBody) args.push(body);
  else if (op.parameters.some((p) => p.in === 'query')) args.push(query);
  return args;
}

function call(op: Operation, args: unknown[]): Promise<unknown> {
  // Operations with their own servers (exchangeToken: the auth host) are pointed at the test server per request.
  if (op.servers.length) args = [...args, { baseURL: `${srv.url}/v1` }];
  let target: any = client;
  for (const part of op.sdkPath.slice(0, -1)) target = target[part];
  const method = target[op.sdkPath[op.sdkPath.length - 1]!];
  expect(typeof method, `client.${op.sdkPath.join('.')} exists`).toBe('function');
  return method.apply(target, args);
}

describe('every operation: client.<sdkPath>(...) → generated server → handler → result', () => {
  for (const op of operations) {
    it(`client.${op.sdkPath.join('.')}() → ${op.operationId}`, async () => {
      const req = validRequest(op);
      seen.delete(op.operationId);
      const result = await call(op, argsOf(op, req.body, req.query));
      const input = seen.get(op.operationId);
      expect(input, 'handler reached').toBeDefined();
      const pathNames = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      for (const n of pathNames) expect(Object.values(input.params)).toContain(pathValue(n));
      if (req.body && req.content?.kind === 'json') expect(input.body).toMatchObject(req.body);
      for (const [k, v] of Object.entries(req.query)) expect(input.query[k]).toEqual(v);
      const kind = selectedContent(op, req.body)?.kind;
      if (kind === 'binary')
        expect([...new Uint8Array(await (result as Response).arrayBuffer())]).toEqual([...BYTES]);
      // A paged list resolves to its first page: the answer as sent is its `body`.
      else if (op.paging)
        expect(JSON.parse(JSON.stringify((result as { body: unknown }).body))).toMatchObject(
          returned.get(op.operationId) as object,
        );
      else expect(JSON.parse(JSON.stringify(result))).toMatchObject(returned.get(op.operationId) as object);
    });
  }
});

describe('statically typed calls, streaming, binary, text and multipart', () => {
  const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3, 4])], name, { type });

  it('vectorStores.files.retrieve(vectorStoreId, fileId) with path parameters that need encoding', async () => {
    const r = await client.vectorStores.files.retrieve('vs 1?2', 'file#3');
    expect(seen.get('retrieveVectorStoreFile').params).toEqual({ vectorStoreId: 'vs 1?2', fileId: 'file#3' });
    expect(r).toMatchObject(returned.get('retrieveVectorStoreFile') as object);
  });

  it('embeddings.create (typed body and result)', async () => {
    const r = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
      dimensions: 8,
    });
    expect(typeof r.model).toBe('string');
    expect(seen.get('createEmbedding').body).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
      dimensions: 8,
    });
  });

  it('videos.list({ limit: 5 }) arrives as number 5', async () => {
    await client.videos.list({ limit: 5, order: 'asc' });
    expect(seen.get('listVideos').query).toEqual({ limit: 5, order: 'asc' });
  });

  it('completions.create({ stream: true }) yields every data-only event', async () => {
    const stream: any = await client.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'p',
      stream: true,
    });
    const chunks: unknown[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(0);
    expect(seen.get('createCompletion').body.stream).toBe(true);
  });

  it('images.edit({ stream: true }) (JSON body) yields the named events', async () => {
    const stream: any = await client.images.edit({
      prompt: 'p',
      images: [{ image_url: 'https://example.com/a.png' }],
      stream: true,
    } as any);
    const events: any[] = [];
    for await (const e of stream) events.push(e);
    expect(events.length).toBe(2);
  });

  it('images.edit multipart sends image[] files', async () => {
    const r: any = await client.images.edit({ 'image[]': [file('a.png', 'image/png')], prompt: 'p' } as any);
    expect(r).toBeDefined();
    expect(seen.get('createImageEdit').body['image[]']).toHaveLength(1);
  });

  it('videos.downloadContent(videoId, { variant }) returns the bytes', async () => {
    const res = await client.videos.downloadContent('vid_1', { variant: 'thumbnail' });
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([...BYTES]);
    expect(seen.get('downloadVideoContent').query).toEqual({ variant: 'thumbnail' });
  });

  it('audio.speech.create returns the audio bytes', async () => {
    const res: any = await client.audio.speech.create({
      model: 'gpt-4o-mini-tts',
      input: 'hi',
      voice: 'alloy',
    } as any);
    expect([...new Uint8Array(await (res as Response).arrayBuffer())]).toEqual([...BYTES]);
  });

  // The server answers by the request's `x-when` selector: response_format text is text/plain.
  it('audio.transcriptions.create with response_format text returns the text', async () => {
    const r = await client.audio.transcriptions.create({
      file: file('a.wav', 'audio/wav'),
      model: 'whisper-1',
      response_format: 'text',
    } as any);
    expect(r).toBe('hello transcript\n');
    expect(seen.get('createTranscription').body.file).toBeInstanceOf(Blob);
  });

  it('transcription with response_format text is answered as text/plain', async () => {
    const form = new FormData();
    form.append('file', file('a.wav', 'audio/wav'));
    form.append('model', 'whisper-1');
    form.append('response_format', 'text');
    const r = await fetch(`${srv.url}/v1/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await r.text()).toBe('hello transcript\n');
  });

  it('images.createVariation uploads a file (multipart)', async () => {
    await client.images.createVariation({ image: file('a.png', 'image/png'), n: 2 });
    const body = seen.get('createImageVariation').body;
    expect(body.image).toBeInstanceOf(Blob);
    expect(await (body.image as Blob).arrayBuffer()).toEqual(new Uint8Array([1, 2, 3, 4]).buffer);
  });

  it('audio.voices.create and videos.characters.create upload files (multipart)', async () => {
    const v = validRequest(operations.find((o) => o.operationId === 'createVoice')!);
    await client.audio.voices.create(v.body as any);
    expect(Object.values(seen.get('createVoice').body).some((x) => x instanceof Blob)).toBe(true);
    const c = validRequest(operations.find((o) => o.operationId === 'createVideoCharacter')!);
    await client.videos.characters.create(c.body as any);
    expect(Object.values(seen.get('createVideoCharacter').body).some((x) => x instanceof Blob)).toBe(true);
  });

  it('a request the server rejects surfaces as an APIError with the envelope', async () => {
    await expect(
      client.embeddings.create({ model: 'text-embedding-ada-002', input: 'a', dimensions: 8 }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
