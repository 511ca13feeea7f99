/**
 * Graceful shutdown (issue 21, item 8), over real loopback HTTP through both adapters: `close({ server, timeout })`
 * stops the listener, ends an open SSE stream cleanly through the handler's signal, lets a request in flight
 * finish, answers later requests 503 (a request the node adapter had received but not started yet is answered as usual),
 * closes idle keep-alive connections, and at the timeout cuts what is left.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { fetchBridge, listen, type Running } from './helpers.ts';

const TOKEN = 'sk-close';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const EMBED = JSON.stringify({ model: 'm', input: 'x' });
const ADAPTERS = ['node', 'fetch'] as const;
const running: Running[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});

/** A promise with its resolve function. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function start(adapter: (typeof ADAPTERS)[number], handlers: Record<string, (input: any) => unknown>) {
  const app = server.createServer(handlers, {
    authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined),
    onError: () => undefined,
  });
  const base = await listen(adapter === 'node' ? app.node : fetchBridge(app.fetch));
  running.push(base);
  return { app, base };
}

describe('close({ server, timeout })', () => {
  it.each(ADAPTERS)(
    'ends streams cleanly, lets requests in flight finish, stops accepting, then resolves (%s)',
    async (adapter) => {
      const streamStarted = deferred();
      const embeddingStarted = deferred();
      const release = deferred();
      let streamReason: unknown;
      let streamFinally = false;
      const { app, base } = await start(adapter, {
        createCompletion: ({ signal }) =>
          (async function* () {
            try {
              yield { id: 'c', object: 'text_completion', choices: [] };
              streamStarted.resolve();
              await new Promise((resolve) => signal.addEventListener('abort', resolve));
              streamReason = signal.reason;
            } finally {
              streamFinally = true;
            }
          })(),
        createEmbedding: async () => {
          embeddingStarted.resolve();
          await release.promise;
          return { object: 'list', model: 'm', data: [], usage: { prompt_tokens: 1, total_tokens: 1 } };
        },
      });
      const stream = await fetch(`${base.url}/v1/completions`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ model: 'm', prompt: 'p', stream: true }),
      });
      expect(stream.status).toBe(200);
      const text = stream.text();
      await streamStarted.promise;
      const inFlight = fetch(`${base.url}/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED });
      await embeddingStarted.promise;

      const closed = app.close({ server: base.server, timeout: 600_000 });
      // The stream ends as a complete HTTP message (no error), without the [DONE] terminator of a finished stream.
      const events = await text;
      expect(events).toContain('data: {"id":"c"');
      expect(events).not.toContain('[DONE]');
      expect(streamReason).toBeInstanceOf(server.ServerClosingError);
      expect((streamReason as server.ServerClosingError).reason).toBe('shutdown');
      // No new connection is accepted.
      await expect(
        new Promise((resolve, reject) =>
          net.connect(base.port, '127.0.0.1').on('connect', resolve).on('error', reject),
        ),
      ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      // The request in flight is answered, and its connection then closes.
      release.resolve();
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(answered.headers.get('connection')).toBe('close');
      await closed;
      expect(streamFinally).toBe(true);
    },
  );

  it.each(ADAPTERS)(
    'answers requests that start after close() with 503 and Connection: close (%s)',
    async (adapter) => {
      const release = deferred();
      const started = deferred();
      const { app, base } = await start(adapter, {
        createEmbedding: async () => {
          started.resolve();
          await release.promise;
          return { object: 'list', model: 'm', data: [], usage: { prompt_tokens: 1, total_tokens: 1 } };
        },
      });
      const call = () => fetch(`${base.url}/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED });
      const first = call();
      await started.promise;
      // Without `server` the listener still accepts: what arrives is refused, so a client retries elsewhere.
      const closed = app.close({ timeout: 600_000 });
      const late = await call();
      expect(late.status).toBe(503);
      expect(late.headers.get('connection')).toBe('close');
      expect(late.headers.get('retry-after')).toBe('1');
      expect((await late.json()).error.code).toBe('shutting_down');
      release.resolve();
      expect((await first).status).toBe(200);
      await closed;
    },
  );

  it.each(ADAPTERS)('closes idle keep-alive connections (%s)', async (adapter) => {
    const { app, base } = await start(adapter, {
      createEmbedding: () => ({
        object: 'list',
        model: 'm',
        data: [],
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
    });
    const socket = net.connect(base.port, '127.0.0.1');
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const answered = new Promise<string>((resolve) => {
      let out = '';
      socket.on('data', (d) => {
        out += String(d);
        // A whole body: a JSON object, or the last chunk of a chunked one (fetch adapter).
        if (/\r\n\r\n[\s\S]*(\}|\r\n0\r\n\r\n)$/.test(out)) resolve(out);
      });
    });
    socket.write(
      `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${EMBED.length}\r\n\r\n${EMBED}`,
    );
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    await app.close({ server: base.server, timeout: 600_000 });
    await ended;
    expect(socket.destroyed).toBe(true);
  });

  it.each(ADAPTERS)('at the timeout, aborts what is left and cuts its connection (%s)', async (adapter) => {
    const started = deferred();
    const aborted = deferred<unknown>();
    const { app, base } = await start(adapter, {
      createEmbedding: ({ signal }) => {
        signal.addEventListener('abort', () => aborted.resolve(signal.reason));
        started.resolve();
        return new Promise(() => undefined); // never answers
      },
    });
    const stuck = fetch(`${base.url}/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED }).then(
      (r) => r.status,
      () => 'cut',
    );
    await started.promise;
    await app.close({ server: base.server, timeout: 50 });
    expect(await stuck).toBe('cut');
    // The handler's signal aborts too: through the cut connection (node) or with the shutdown's reason (fetch).
    const reason = await aborted.promise;
    if (adapter === 'fetch') expect((reason as server.ServerClosingError).reason).toBe('timeout');
  });

  it('answers a request received before close() as usual, though the adapter had not started it yet (node)', async () => {
    const { app, base } = await start('node', {
      createEmbedding: () => ({
        object: 'list',
        model: 'm',
        data: [],
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
    });
    // Called in the same turn as the request's arrival: server.node has queued it for the turn's batch, not started it.
    let closed: Promise<void> | undefined;
    base.server.once('request', () => {
      closed = app.close({ server: base.server, timeout: 600_000 });
    });
    const answered = await fetch(`${base.url}/v1/embeddings`, { method: 'POST', headers: auth, body: EMBED });
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { object: string }).object).toBe('list');
    await closed;
  });
});
