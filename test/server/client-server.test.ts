/**
 * The generated client against the generated server, for every operation of the fixture spec, over real
 * loopback HTTP: what the client sends passes the server's validation and reaches the handler, and what the
 * handler returns comes back to the client; a request the server rejects surfaces as the client's APIError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../validators/fixture.ts';
import { listen, raw, statusOf, type Running } from './helpers.ts';

let client: any;
let srv: Running;
const calls: Record<string, any> = {};

beforeAll(async () => {
  const out = await generateFixture('client-server');
  const server = await import(`${out}/server/index.ts`);
  const { PlatformClient } = await import(`${out}/client/index.ts`);
  const record = (id: string, result: (input: any) => unknown) => (input: any) => {
    calls[id] = input;
    return result(input);
  };
  const app = server.createServer(
    {
      createEmbedding: record('createEmbedding', (i) => ({
        object: 'list',
        model: i.body.model,
        data: [{ object: 'embedding', index: 0, embedding: [1] }],
      })),
      createCompletion: record('createCompletion', (i) =>
        i.body.stream
          ? (async function* () {
              yield { id: 'c', object: 'text_completion', text: 'a' };
              yield { id: 'c', object: 'text_completion', text: 'b' };
            })()
          : { id: 'c', object: 'text_completion', text: 'hi' },
      ),
      listThings: record('listThings', (i) => ({
        object: 'list',
        data: [{ id: `m${i.query.limit}` }],
        has_more: false,
      })),
      deleteVideo: record('deleteVideo', (i) => ({ id: i.params.videoId, deleted: true })),
      downloadVideoContent: record('downloadVideoContent', () => new Uint8Array([7, 8, 9])),
      createImageEdit: record('createImageEdit', () => ({ created: 42 })),
      runGrader: record('runGrader', () => ({ reward: 0.5 })),
      deleteModel: record('deleteModel', (i) => ({ id: i.params.model, deleted: true })),
      createTree: record('createTree', (i) => server.reply(201, i.body)),
    },
    { authenticate: (token: string) => (token === 'sk-test' ? { kind: 'api_key' } : undefined) },
  );
  srv = await listen(app.node);
  client = new PlatformClient({ apiKey: 'sk-test', baseURL: `${srv.url}/v1`, maxRetries: 0 });
});
afterAll(async () => srv.close());

describe('generated client → generated server', () => {
  it('createEmbedding', async () => {
    const r = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(r.data[0].embedding).toEqual([1]);
    expect(calls.createEmbedding.body.encoding_format).toBe('float');
  });
  it('createCompletion, plain and streamed', async () => {
    expect((await client.completions.create({ model: 'm', prompt: 'p' })).text).toBe('hi');
    const stream = await client.completions.create({ model: 'm', prompt: 'p', stream: true });
    const texts: string[] = [];
    for await (const chunk of stream) texts.push(chunk.text);
    expect(texts).toEqual(['a', 'b']);
  });
  it('an inherited `stream` field selects no stream on either side (own properties only, protocol/selection.ts)', async () => {
    // JSON.stringify sends own properties only: the server sees no `stream` and answers JSON; the client must expect JSON too.
    const inherited = Object.assign(Object.create({ stream: true }) as object, { model: 'm', prompt: 'p' });
    expect((await client.completions.create(inherited)).text).toBe('hi');
    expect(calls.createCompletion.body.stream).not.toBe(true);
  });
  it('listThings with coerced query parameters', async () => {
    const page = await client.things.list({ limit: 3, include: ['a', 'b'] });
    expect(calls.listThings.query).toMatchObject({ limit: 3, include: ['a', 'b'] });
    expect(page.items[0].id).toBe('m3');
  });
  it('deleteVideo and deleteModel with path parameters', async () => {
    expect(await client.videos.delete('vid 1:x%')).toEqual({ id: 'vid 1:x%', deleted: true });
    // Decoded, a path parameter is one segment: '/' (and '\\', control characters, '.', '..') is refused.
    const refused = await client.videos.delete('vid/../x').catch((e: unknown) => e);
    expect(refused.status).toBe(400);
    expect(refused.error?.code ?? refused.body?.error?.code).toBe('invalid_path');
    expect((await client.models.delete('ft:abc')).id).toBe('ft:abc');
  });
  it('downloadVideoContent returns bytes', async () => {
    const res = await client.videos.content.retrieve('v1', { variant: 'thumbnail' });
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([7, 8, 9]);
    expect(calls.downloadVideoContent.query).toEqual({ variant: 'thumbnail' });
  });
  it('createImageEdit uploads a file as multipart', async () => {
    const r = await client.images.edits.create({
      image: new File([new Uint8Array([1, 2])], 'a.png', { type: 'image/png' }),
      prompt: 'p',
      n: 2,
    });
    expect(r.created).toBe(42);
    expect(calls.createImageEdit.body.n).toBe(2);
    expect(calls.createImageEdit.body.image).toBeInstanceOf(Blob);
  });
  it('runGrader and createTree (no auth needed for createTree)', async () => {
    expect(
      (
        await client.fineTuning.alpha.graders.run({
          grader: { type: 'string_check', name: 'n', input: 'i', reference: 'r', operation: 'eq' },
          model_sample: 's',
        })
      ).reward,
    ).toBe(0.5);
    const tree = {
      id: '123e4567-e89b-12d3-a456-426614174000',
      tree: { name: 'root', children: [{ name: 'leaf' }] },
    };
    expect(await client.trees.create(tree)).toEqual(tree);
  });
  it('a request the server rejects becomes an APIError with the envelope', async () => {
    const error = await client.embeddings
      .create({ model: 'text-embedding-3-small', input: '' })
      .catch((e: unknown) => e);
    expect(error.status).toBe(400);
    expect(JSON.stringify(error.error ?? error.body ?? error.message)).toContain('/body/input');
  });
});

/**
 * `X-Client-Request-Id` has one rule, 1 to 512 printable ASCII characters (protocol/request-id.ts): the server
 * answers 400 to exactly the ids the client refuses before sending, and accepts the ids the client sends.
 */
describe('the X-Client-Request-Id rule, the same on both sides', () => {
  const IDS: { name: string; id: string; valid: boolean }[] = [
    { name: 'one character', id: 'a', valid: true },
    { name: 'spaces and punctuation', id: 'run 7: retry #2 (~)', valid: true },
    { name: '512 characters', id: 'x'.repeat(512), valid: true },
    { name: 'empty', id: '', valid: false },
    { name: '513 characters', id: 'x'.repeat(513), valid: false },
    { name: 'a tab inside', id: 'a\tb', valid: false },
    { name: 'non-ASCII', id: 'naïve', valid: false },
  ];
  const body = JSON.stringify({ model: 'text-embedding-3-small', input: 'x' });
  it.each(IDS)('$name: the server and the client agree (valid: $valid)', async ({ id, valid }) => {
    const request = `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk-test\r\nContent-Type: application/json\r\nX-Client-Request-Id: ${id}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    const answer = await raw(srv.port, [Buffer.from(request, 'utf8')]);
    expect(statusOf(answer)).toBe(valid ? 200 : 400);
    if (!valid) expect(answer).toContain('"code":"invalid_client_request_id"');
    const sent = await client.embeddings
      .create({ model: 'text-embedding-3-small', input: 'x' }, { clientRequestId: id })
      .then(
        () => 'sent',
        (e: any) => e,
      );
    if (valid) expect(sent).toBe('sent');
    else
      expect(String(sent.message)).toBe(
        'clientRequestId must be 1 to 512 printable ASCII characters (X-Client-Request-Id).',
      );
  });
});
