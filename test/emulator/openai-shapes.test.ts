/**
 * Multipart fields in bracket notation, as openai-node (pinned as a dev dependency) sends an object field
 * (`expires_after[anchor]`, `expires_after[seconds]`) and an array field (`include[]`), read back by the emulator's
 * validators into the values the schema describes and stored as sent; a property the schema itself names with
 * brackets (`tags[]`) is kept as it is. A body that asks for one of two fields, refused with neither, names them;
 * one that takes exactly one of two (`oneOf`), refused with both, names them too.
 */
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, serve, type Served } from './serve.ts';

let served: Served;
let openai: OpenAI;

beforeAll(async () => {
  served = await serve('test/fixtures/openai-shapes/openapi.yaml');
  openai = new OpenAI({ apiKey: 'My API Key', baseURL: served.base, maxRetries: 0 });
});
afterAll(async () => {
  await served.close();
});

/** The fixture's file echoes `expires_after`, which openai-node's `FileObject` type does not declare. */
const expiresAfter = (file: object) => (file as { expires_after?: unknown }).expires_after;
const upload = () => toFile(Buffer.from('{}\n'), 'in.jsonl', { type: 'application/jsonl' });

describe('multipart fields in bracket notation', () => {
  it('an object field sent by openai-node as expires_after[…] is read back, validated and stored', async () => {
    const file = await openai.files.create({
      file: await upload(),
      purpose: 'assistants',
      expires_after: { anchor: 'created_at', seconds: 3600 },
    });
    expect(expiresAfter(file)).toEqual({ anchor: 'created_at', seconds: 3600 });
    expect(expiresAfter(await openai.files.retrieve(file.id))).toEqual({
      anchor: 'created_at',
      seconds: 3600,
    });
  });

  it('a nested leaf is checked against its schema at its own path', async () => {
    const err = await openai.files
      .create({
        file: await upload(),
        purpose: 'assistants',
        expires_after: { anchor: 'created_at', seconds: 12 },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String((err as Error).message)).toContain('/body/expires_after/seconds');
  });

  it('an array field sent by openai-node as include[] is read back as a list', async () => {
    const res = await openai.audio.transcriptions.create({
      file: await toFile(Buffer.from('RIFF'), 'a.wav', { type: 'audio/wav' }),
      model: 'whisper-1',
      include: ['logprobs'],
      temperature: 0.5,
    });
    expect(typeof res.text).toBe('string');
    const bad = await openai.audio.transcriptions
      .create({
        file: await toFile(Buffer.from('RIFF'), 'a.wav', { type: 'audio/wav' }),
        model: 'whisper-1',
        include: ['nope' as 'logprobs'],
      })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String((bad as Error).message)).toContain('/body/include/0');
  });

  it('a property named with brackets (tags[]) keeps its name', async () => {
    const form = new FormData();
    form.set('file', new File(['{}'], 'in.jsonl'));
    form.set('purpose', 'batch');
    form.append('tags[]', 'a');
    form.append('tags[]', 'b');
    const res = await fetch(`${served.base}/files`, {
      method: 'POST',
      headers: { authorization: 'Bearer t' },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Record<string, unknown>)['tags[]']).toEqual(['a', 'b']);
  });
});

describe('a body that asks for one field of two', () => {
  it('is refused with neither, in a message that names both', async () => {
    const res = await send(`${served.base}/file_batches`, 'POST', {});
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('must be a value with file_ids or a value with files');
    expect((await send(`${served.base}/file_batches`, 'POST', { file_ids: ['f'] })).status).toBe(200);
  });
});

describe('a body that takes exactly one field of two', () => {
  it('is refused with both, in a message that names them, and accepted with one', async () => {
    const both = await send(`${served.base}/threads`, 'POST', {
      file_search: { vector_store_ids: ['vs_1'], vector_stores: [{}] },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(await both.json())).toContain(
      'matches more than one of: a value with vector_store_ids, a value with vector_stores',
    );
    const one = await send(`${served.base}/threads`, 'POST', { file_search: { vector_stores: [{}] } });
    expect(one.status).toBe(200);
  });
});
