/**
 * The generated client drives our API's emulator over HTTP through whole lifecycles: an upload in parts, completed
 * into a file, a batch from that file, cancelled, and `cancelled` once the clock has moved; a vector store with
 * files and their counts; every list paged to the end. Every JSON answer is checked by the response validator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../generated/client/index.ts';
import type { RunningEmulator } from '../../generated/emulator/index.ts';
import { advance, answered, invalidAnswers, start, STEP } from './helpers.ts';

let emulator: RunningEmulator;
let client: PlatformClient;

beforeAll(async () => {
  ({ emulator, client } = await start());
});
afterAll(async () => {
  await emulator.close();
});

async function addPart(uploadId: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const res = await fetch(`${emulator.url}/_emulator/uploads/${uploadId}/parts`, {
    method: 'POST',
    body: bytes,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function batchStatus(id: string): Promise<string | undefined> {
  for await (const b of client.batches.list()) if (b.id === id) return b.status;
  return undefined;
}

describe('upload → file → batch → cancel', () => {
  it('runs the documented lifecycle, with the assumed progression and the clock', async () => {
    const upload = await client.uploads.create({
      bytes: 11,
      filename: 'requests.jsonl',
      mime_type: 'text/jsonl',
      purpose: 'batch',
    });
    expect(upload.status).toBe('pending');
    expect(upload.object).toBe('upload');
    expect(upload.expires_at).toBe(upload.created_at + 3600);
    const p1 = await addPart(upload.id, new TextEncoder().encode('{"a":'));
    const p2 = await addPart(upload.id, new TextEncoder().encode('1}\n\n\n\n'));
    const done = await client.uploads.complete(upload.id, { part_ids: [p1, p2] });
    expect(done.status).toBe('completed');
    expect(done.file?.bytes).toBe(11);
    expect(done.file?.filename).toBe('requests.jsonl');
    const fileId = done.file!.id;

    const batch = await client.batches.create({
      completion_window: '24h',
      endpoint: '/v1/completions',
      input_file_id: fileId,
    });
    expect(batch.status).toBe('validating');
    expect(batch.input_file_id).toBe(fileId);
    // validating → in_progress is an emulator assumption (one STEP here).
    await advance(emulator, STEP);
    expect(await batchStatus(batch.id)).toBe('in_progress');
    const cancelling = await client.batches.cancel(batch.id);
    expect(cancelling.status).toBe('cancelling');
    expect(typeof cancelling.cancelling_at).toBe('number');
    await advance(emulator, 9 * 60 * 1000);
    expect(await batchStatus(batch.id)).toBe('cancelling');
    await advance(emulator, 60 * 1000);
    expect(await batchStatus(batch.id)).toBe('cancelled');
  });

  it('refuses to complete with parts that do not add up to the bytes given at creation', async () => {
    const upload = await client.uploads.create({
      bytes: 5,
      filename: 'a.jsonl',
      mime_type: 'text/jsonl',
      purpose: 'batch',
    });
    const part = await addPart(upload.id, new Uint8Array(4));
    await expect(client.uploads.complete(upload.id, { part_ids: [part] })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('expires a pending upload exactly one hour after creation', async () => {
    const upload = await client.uploads.create({
      bytes: 1,
      filename: 'b.jsonl',
      mime_type: 'text/jsonl',
      purpose: 'batch',
    });
    await advance(emulator, 3600 * 1000);
    await expect(client.uploads.cancel(upload.id)).rejects.toMatchObject({ status: 409 });
  });

  it('answers 404 in the error envelope for an unknown id', async () => {
    const error = await client.batches.cancel('batch_missing').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
    const res = await fetch(`${emulator.url}/v1/uploads/nope/cancel`, {
      method: 'POST',
      headers: { authorization: 'Bearer k' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'not_found_error', code: 'not_found' } });
  });
});

describe('vector store → files → counts', () => {
  it('counts the files by status as they move', async () => {
    const store = await client.vectorStores.create({ name: 'docs', file_ids: ['file_a', 'file_b'] });
    expect(store.status).toBe('in_progress');
    expect(store.file_counts).toMatchObject({ in_progress: 2, completed: 0, total: 2 });
    const file = await client.vectorStores.files.retrieve(store.id, 'file_a');
    expect(file.status).toBe('in_progress');
    expect(file.vector_store_id).toBe(store.id);
    await advance(emulator, STEP);
    const later = await client.vectorStores.retrieve(store.id);
    expect(later.status).toBe('completed');
    expect(later.file_counts).toMatchObject({ in_progress: 0, completed: 2, total: 2 });
    const updated = await client.vectorStores.files.update(store.id, 'file_b', {
      attributes: { lang: 'en' },
    });
    expect(updated.attributes).toEqual({ lang: 'en' });
    await expect(client.vectorStores.files.retrieve(store.id, 'file_c')).rejects.toMatchObject({
      status: 404,
    });
    const deleted = await client.vectorStores.delete(store.id);
    expect(deleted).toMatchObject({ id: store.id, deleted: true });
    await expect(client.vectorStores.retrieve(store.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('lists', () => {
  it('pages every list to the end with for await, in order, without repeats', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await client.vectorStores.create({ name: `s${i}` })).id);
    const seen: string[] = [];
    for await (const s of client.vectorStores.list({ limit: 2, order: 'asc' })) seen.push(s.id);
    expect(seen.filter((id) => made.includes(id))).toEqual(made);
    const desc: string[] = [];
    for await (const s of client.vectorStores.list({ limit: 3 })) desc.push(s.id);
    expect(desc.filter((id) => made.includes(id))).toEqual([...made].reverse());
    const page = await client.vectorStores.list({ limit: 2, order: 'asc', after: made[2]! });
    expect(page.body).toMatchObject({ object: 'list', has_more: true, first_id: made[3], last_id: made[4] });
    const before = await client.vectorStores.list({ limit: 2, order: 'asc', before: made[4]! });
    expect(before.body.data.map((s) => s.id)).toEqual([made[2], made[3]]);
    for (let i = 0; i < 3; i++) await client.containers.create({ name: `c${i}` });
    let containers = 0;
    for await (const _ of client.containers.list({ limit: 1 })) containers++;
    expect(containers).toBe(3);
    let batches = 0;
    for await (const _ of client.batches.list()) batches++;
    expect(batches).toBeGreaterThan(0);
    let videos = 0;
    for await (const _ of client.videos.list({ limit: 1 })) videos++;
    expect(videos).toBe(0);
    let models = 0;
    for await (const _ of client.models.list()) models++;
    expect(models).toBe(0);
    let consents = 0;
    for await (const _ of client.audio.voiceConsents.list({ limit: 5 })) consents++;
    expect(consents).toBe(0);
  });

  it('answered only values of the response schemas', () => {
    expect(answered.length).toBeGreaterThan(20);
    expect(invalidAnswers()).toEqual([]);
  });
});
