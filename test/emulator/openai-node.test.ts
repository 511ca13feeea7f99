/**
 * openai-node (a client written by others, pinned as a dev dependency) runs an upload → batch → cancel flow, a
 * vector store with files, and auto-paged lists against our API's emulator, without errors.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../generated/emulator/index.ts';
import { advance, STEP, STEPS } from './helpers.ts';

let emulator: RunningEmulator;
let openai: OpenAI;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, config: { steps: STEPS } });
  openai = new OpenAI({
    apiKey: 'sk-emulator',
    baseURL: `${emulator.url}${emulator.basePath}`,
    maxRetries: 0,
  });
});
afterAll(async () => {
  await emulator.close();
});

describe('openai-node against the emulator', () => {
  it('upload → complete → batch from the file → cancel → cancelled', async () => {
    const upload = await openai.uploads.create({
      bytes: 3,
      filename: 'in.jsonl',
      mime_type: 'text/jsonl',
      purpose: 'batch',
    });
    expect(upload.status).toBe('pending');
    // The API's part endpoint is not documented; the emulator's control endpoint adds the part.
    const part = (await (
      await fetch(`${emulator.url}/_emulator/uploads/${upload.id}/parts`, { method: 'POST', body: 'abc' })
    ).json()) as { id: string };
    const completed = await openai.uploads.complete(upload.id, { part_ids: [part.id] });
    expect(completed.status).toBe('completed');
    expect(completed.file?.id).toBeTruthy();
    const batch = await openai.batches.create({
      completion_window: '24h',
      endpoint: '/v1/embeddings',
      input_file_id: completed.file!.id,
    });
    expect(batch.status).toBe('validating');
    await advance(emulator, STEP);
    expect((await openai.batches.cancel(batch.id)).status).toBe('cancelling');
    await advance(emulator, 600_000);
    const statuses = new Map<string, string>();
    for await (const b of openai.batches.list({ limit: 1 })) statuses.set(b.id, b.status);
    expect(statuses.get(batch.id)).toBe('cancelled');
  });

  it('vector store → files → counts, list paged with for await, delete', async () => {
    const store = await openai.vectorStores.create({ name: 'kb', file_ids: ['file_1', 'file_2', 'file_3'] });
    expect(store.file_counts.total).toBe(3);
    await advance(emulator, STEP);
    expect((await openai.vectorStores.retrieve(store.id)).file_counts).toMatchObject({
      completed: 3,
      in_progress: 0,
    });
    const file = await openai.vectorStores.files.retrieve('file_2', { vector_store_id: store.id });
    expect(file.status).toBe('completed');
    const updated = await openai.vectorStores.files.update('file_2', {
      vector_store_id: store.id,
      attributes: { topic: 'x' },
    });
    expect(updated.attributes).toEqual({ topic: 'x' });
    for (let i = 0; i < 4; i++) await openai.vectorStores.create({ name: `more ${i}` });
    const ids: string[] = [];
    for await (const s of openai.vectorStores.list({ limit: 2 })) ids.push(s.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(await openai.vectorStores.delete(store.id)).toMatchObject({ id: store.id, deleted: true });
    await expect(openai.vectorStores.retrieve(store.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('containers and models', async () => {
    const c = await openai.containers.create({ name: 'box' });
    expect((await openai.containers.retrieve(c.id)).name).toBe('box');
    let n = 0;
    for await (const _ of openai.containers.list()) n++;
    expect(n).toBe(1);
    await openai.containers.delete(c.id);
    await expect(openai.containers.retrieve(c.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const models: string[] = [];
    for await (const m of openai.models.list()) models.push(m.id);
    expect(models).toEqual([]);
  });
});
