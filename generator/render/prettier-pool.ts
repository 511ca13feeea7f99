/**
 * Prettier in worker threads that live as long as the process (so repeated pipelines in one process, and the
 * files oxfmt leaves to prettier, do not pay prettier's start-up again). Workers are created on demand, up to
 * `size`; a worker keeps the process alive only while it has work.
 */
import { Worker } from 'node:worker_threads';
import type { Options } from 'prettier';

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>;
}

const slots: Slot[] = [];
let nextId = 0;

function spawn(): Slot {
  const slot: Slot = {
    worker: new Worker(new URL('./format-worker.mjs', import.meta.url)),
    pending: new Map(),
  };
  slot.worker.unref();
  slot.worker.on('message', (msg: { id: number; contents?: string; error?: string }) => {
    const job = slot.pending.get(msg.id);
    if (!job) return;
    slot.pending.delete(msg.id);
    if (!slot.pending.size) slot.worker.unref();
    if (msg.error !== undefined) job.reject(new Error(msg.error));
    else job.resolve(msg.contents!);
  });
  slot.worker.on('error', (error) => {
    for (const job of slot.pending.values()) job.reject(error);
    slot.pending.clear();
    slots.splice(slots.indexOf(slot), 1);
  });
  slots.push(slot);
  return slot;
}

/** Formats one text in the least busy worker, starting a new one while fewer than `size` exist. */
export function formatInPool(contents: string, options: Options, size = 1): Promise<string> {
  let slot = slots.reduce<Slot | undefined>(
    (best, s) => (!best || s.pending.size < best.pending.size ? s : best),
    undefined,
  );
  if (!slot || (slot.pending.size > 0 && slots.length < size)) slot = spawn();
  const id = nextId++;
  if (!slot.pending.size) slot.worker.ref();
  const chosen = slot;
  return new Promise((resolve, reject) => {
    chosen.pending.set(id, { resolve, reject });
    chosen.worker.postMessage({ id, contents, options });
  });
}
