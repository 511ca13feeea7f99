/**
 * Long streams through both adapters: what was sent is freed while the stream runs (WeakRefs to the chunks and the
 * heap after a full collection, not time), and a stream whose items are always ready leaves the event loop to
 * other clients (one that reads it in another process, as curl would, while a request of this process is answered
 * before the stream ends).
 */
import { spawn } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { fetchBridge, listen, type Running } from './helpers.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const TOKEN = 'sk-streams';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const CHUNK = 256 * 1024;
/** Chunks of the memory stream (64 MiB); the first TRACKED are watched through WeakRefs. */
const CHUNKS = 256;
const TRACKED = 64;
/** The endless stream's guard: it ends after this many chunks (256 MiB) if nothing else ends it. */
const GUARD = 262_144;

let sent: WeakRef<Uint8Array>[] = [];
/** Opened by the test once it has measured, so the memory stream can finish. */
let release: () => void = () => {};
/** The latest endless stream: the chunks it has produced, and whether it has ended. */
interface Endless {
  produced: number;
  ended: boolean;
}
let endless: Endless | undefined;
const latest = (): Endless | undefined => endless;

const handlers: Record<string, (input: any) => unknown> = {
  createSpeech: (input) => {
    if (input.body.input === 'endless') {
      const state: Endless = { produced: 0, ended: false };
      endless = state;
      return (async function* () {
        try {
          // Small items (SSE-sized), every one ready at once: nothing here ever waits, and each write fits the
          // socket's buffer, so no backpressure makes the server wait either.
          const chunk = new Uint8Array(1024);
          while (state.produced < GUARD) {
            state.produced++;
            yield chunk;
          }
        } finally {
          state.ended = true;
        }
      })();
    }
    return (async function* () {
      const gate = new Promise<void>((resolve) => (release = resolve));
      for (let i = 0; i < CHUNKS; i++) {
        if (i === CHUNKS - 16) await gate;
        const chunk = new Uint8Array(CHUNK).fill(i & 0xff);
        if (i < TRACKED) sent.push(new WeakRef(chunk));
        yield chunk;
      }
    })();
  },
  createEmbedding: () => ({
    object: 'list',
    model: 'm',
    data: [{ object: 'embedding', index: 0, embedding: [0.5] }],
    usage: { prompt_tokens: 1, total_tokens: 1 },
  }),
};

let node: Running;
let viaFetch: Running;
beforeAll(async () => {
  const app = server.createServer(handlers, {
    authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined),
  });
  node = await listen(app.node);
  viaFetch = await listen(fetchBridge(app.fetch));
});
afterAll(async () => {
  await node.close();
  await viaFetch.close();
});

const adapters = () =>
  [
    ['node', () => node],
    ['fetch', () => viaFetch],
  ] as const;

const speech = (input: string) => JSON.stringify({ input, model: 'tts-1', voice: 'alloy' });

/** Bytes in use: the heap and the buffers outside it, after a full collection. */
async function used(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

describe('a long stream', () => {
  it.each(adapters())('frees the chunks it has sent (%s adapter)', { timeout: 120_000 }, async (_, base) => {
    sent = [];
    const before = await used();
    const res = await fetch(`${base().url}/v1/audio/speech`, {
      method: 'POST',
      headers: auth,
      body: speech('x'),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = 0;
    // Read until the producer waits at its gate: 240 chunks (60 MiB) sent, the stream still open.
    while (received < (CHUNKS - 16) * CHUNK) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
    const during = await used();
    const kept = sent.filter((ref) => ref.deref() !== undefined).length;
    release();
    while (!(await reader.read()).done);
    expect(received).toBe((CHUNKS - 16) * CHUNK);
    expect(kept).toBe(0);
    // 60 MiB went through; what is held stays far below it.
    expect(during - before).toBeLessThan(16 * 1024 * 1024);
  });

  it.each(adapters())(
    'with every item ready leaves the event loop to other requests (%s adapter)',
    { timeout: 180_000 },
    async (_, base) => {
      endless = undefined;
      // The stream's reader is another process, as curl would be: it reads as fast as the socket gives.
      const reader = spawn(
        process.execPath,
        [
          '-e',
          `const http = require('node:http');
           const req = http.request(process.argv[1], { method: 'POST', headers: JSON.parse(process.argv[2]) }, (res) => {
             res.on('data', () => {});
             res.on('end', () => process.exit(0));
           });
           req.end(process.argv[3]);`,
          `${base().url}/v1/audio/speech`,
          JSON.stringify(auth),
          speech('endless'),
        ],
        { stdio: 'ignore' },
      );
      try {
        // Polled: the stream is under way once it has produced a few chunks.
        while ((latest()?.produced ?? 0) < 64) await new Promise((r) => setTimeout(r, 5));
        const stream = latest()!;
        const res = await fetch(`${base().url}/v1/embeddings`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ input: 'x', model: 'text-embedding-ada-002' }),
        });
        expect(res.status).toBe(200);
        // Answered while the stream still runs, not after its reader or its guard ended it.
        expect(stream.ended).toBe(false);
        expect(stream.produced).toBeLessThan(GUARD);
      } finally {
        reader.kill();
      }
    },
  );
});
