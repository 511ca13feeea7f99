/**
 * Every guard of the state tables, over HTTP with the generated client: the operation is refused (409,
 * `invalid_state`, in the API's error envelope) in each state the table leaves out and allowed in each it names.
 * The states before a documented move come from the emulator's assumed progressions, driven by its clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../generated/client/index.ts';
import type { RunningEmulator } from '../../generated/emulator/index.ts';
import { advance, invalidAnswers, start, STEP } from './helpers.ts';

let emulator: RunningEmulator;
let client: PlatformClient;
let base: string;

beforeAll(async () => {
  ({ emulator, client, base } = await start());
});
afterAll(async () => {
  await emulator.close();
});

async function refused(call: Promise<unknown>, allowed: string[]): Promise<void> {
  const error = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as
    | { status?: number; body?: { error?: { type?: string; code?: string; message?: string } } }
    | undefined;
  expect(error?.status).toBe(409);
  expect(error?.body?.error).toMatchObject({ type: 'invalid_state_error', code: 'invalid_state' });
  for (const s of allowed) expect(error?.body?.error?.message).toContain(s);
}

/** A video in `queued` (new), `in_progress` (after a STEP) or `completed` (after two): assumed steps. */
async function video(state: 'queued' | 'in_progress' | 'completed'): Promise<string> {
  const v = await client.videos.create({ prompt: 'a cat' });
  expect(v.status).toBe('queued');
  if (state !== 'queued') await advance(emulator, STEP);
  if (state === 'completed') await advance(emulator, STEP);
  return v.id;
}

describe('video guards', () => {
  it('deleteVideo: only completed or failed', async () => {
    for (const s of ['queued', 'in_progress'] as const)
      await refused(client.videos.delete(await video(s)), ['completed', 'failed']);
    const id = await video('completed');
    expect(await client.videos.delete(id)).toMatchObject({ id, deleted: true });
  });

  it('remixVideo: only completed', async () => {
    for (const s of ['queued', 'in_progress'] as const)
      await refused(client.videos.remix(await video(s), { prompt: 'again' }), ['completed']);
    const id = await video('completed');
    const remix = await client.videos.remix(id, { prompt: 'again' });
    expect(remix.id).not.toBe(id);
    expect(remix.status).toBe('queued');
  });

  it('createVideoEdit: only a completed source (body video.id)', async () => {
    for (const s of ['queued', 'in_progress'] as const)
      await refused(client.videos.edits.create({ prompt: 'edit', video: { id: await video(s) } }), [
        'completed',
      ]);
    const edit = await client.videos.edits.create({
      prompt: 'edit',
      video: { id: await video('completed') },
    });
    expect(edit.status).toBe('queued');
    await expect(
      client.videos.edits.create({ prompt: 'edit', video: { id: 'video_missing' } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('createVideoExtension: only a completed source (body video.id)', async () => {
    for (const s of ['queued', 'in_progress'] as const)
      await refused(
        client.videos.extensions.create({ prompt: 'more', seconds: '4', video: { id: await video(s) } }),
        ['completed'],
      );
    const ext = await client.videos.extensions.create({
      prompt: 'more',
      seconds: '4',
      video: { id: await video('completed') },
    });
    expect(ext.status).toBe('queued');
  });
});

describe('transition guards', () => {
  it('cancelBatch: only in_progress (not validating, not cancelling, not completed)', async () => {
    const make = () =>
      client.batches.create({
        completion_window: '24h',
        endpoint: '/v1/embeddings',
        input_file_id: 'file_x',
      });
    await refused(client.batches.cancel((await make()).id), ['in_progress']);
    const b = await make();
    await advance(emulator, STEP);
    expect((await client.batches.cancel(b.id)).status).toBe('cancelling');
    await refused(client.batches.cancel(b.id), ['in_progress']);
    const c = await make();
    await advance(emulator, 3 * STEP);
    await refused(client.batches.cancel(c.id), ['in_progress']);
  });

  it('completeUpload and cancelUpload: only pending', async () => {
    const make = () =>
      client.uploads.create({ bytes: 0, filename: 'f.jsonl', mime_type: 'text/jsonl', purpose: 'batch' });
    const cancelled = await make();
    expect((await client.uploads.cancel(cancelled.id)).status).toBe('cancelled');
    await refused(client.uploads.cancel(cancelled.id), ['pending']);
    await refused(client.uploads.complete(cancelled.id, { part_ids: [] }), ['pending']);
    const completed = await make();
    expect((await client.uploads.complete(completed.id, { part_ids: [] })).status).toBe('completed');
    await refused(client.uploads.complete(completed.id, { part_ids: [] }), ['pending']);
    await refused(client.uploads.cancel(completed.id), ['pending']);
    const parts = await fetch(`${emulator.url}/_emulator/uploads/${completed.id}/parts`, {
      method: 'POST',
      body: 'late',
    });
    expect(parts.status).toBe(409);
  });

  it('fine-tuning jobs: the tables document no transition; an unknown job is 404', async () => {
    await expect(client.fineTuning.jobs.cancel('ftjob_missing')).rejects.toMatchObject({ status: 404 });
    const res = await fetch(`${base}/fine_tuning/jobs/ftjob_missing/cancel`, {
      method: 'POST',
      headers: { authorization: 'Bearer k' },
    });
    expect(await res.json()).toMatchObject({ error: { type: 'not_found_error' } });
  });

  it('answered only values of the response schemas', () => {
    expect(invalidAnswers()).toEqual([]);
  });
});
