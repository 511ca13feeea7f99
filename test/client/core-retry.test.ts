/** Retries by the seeds' rules, timeouts and aborts, over real HTTP; waits are recorded by an injected clock. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  InternalServerError,
  RateLimitError,
} from '../../templates/client/core/errors.ts';
import { cancelsThroughDispatcher } from '../../templates/client/internal/dispatch-cancel.ts';
import { retryAfterMs, retryDelay } from '../../templates/client/internal/retry.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { fakeClock, json, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers with the given statuses in turn, then 200. */
function sequence(steps: { status: number; headers?: Record<string, string>; body?: unknown }[]) {
  let i = 0;
  return startServer((_req, res) => {
    const step = steps[i++];
    if (!step) return json(res, 200, { ok: true });
    json(res, step.status, step.body ?? { error: { message: 'try again' } }, step.headers);
  });
}

describe('retries', () => {
  it('retries 408, 429 and 5xx, honoring Retry-After seconds plus a small random delay', async () => {
    server = await sequence([
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 500 },
      { status: 408 },
      { status: 503 },
    ]);
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxRetries: 4, clock });
    expect(await client.call(ops.getThing, { path: { thing_id: 'a' } })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(5);
    expect(clock.sleeps[0]).toBeGreaterThan(3000);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(3000 + 400);
    // Backoff doubles (random fixed at 0.5: 87.5% of nominal).
    expect(clock.sleeps.slice(1)).toEqual([875, 1750, 3500]);
  });

  it('returns a 409 at once by default: an illegal transition (invalid_state) needs the caller to act', async () => {
    server = await sequence([
      { status: 409, body: { error: { type: 'invalid_state', message: 'The batch is completed.' } } },
    ]);
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toMatchObject({
      status: 409,
    });
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('retries the statuses the retryStatuses option names, codes and ranges, client-wide or per request', async () => {
    server = await sequence([{ status: 409 }, { status: 418 }]);
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: server.url,
      clock: fakeClock(),
      retryStatuses: [409, '4XX'],
    });
    expect(await client.call(ops.getThing, { path: { thing_id: 'a' } })).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    await server.close();
    server = await sequence([{ status: 503 }]);
    const noRetry = new CoreClient({ apiKey: 'k', baseURL: server.url, clock: fakeClock() });
    await expect(
      noRetry.call(ops.getThing, { path: { thing_id: 'a' } }, { retryStatuses: [] }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a retryStatuses entry that is not a status or a range', () => {
    expect(
      () => new CoreClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:1', retryStatuses: ['5xx0'] }),
    ).toThrow(/retryStatuses`: "5xx0" is not a status/);
    expect(() => new CoreClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:1', retryStatuses: [99] })).toThrow(
      /99 is not a status/,
    );
  });

  it('honors Retry-After as an HTTP date', async () => {
    const clock = fakeClock(Date.parse('2026-01-01T00:00:00Z'));
    server = await sequence([{ status: 503, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' } }]);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock });
    await client.call(ops.getThing, { path: { thing_id: 'a' } });
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(10_000);
    expect(clock.sleeps[0]).toBeLessThan(11_000);
  });

  it('ignores an invalid or huge Retry-After and backs off instead', () => {
    const clock = fakeClock();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), clock.now())).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '-1' }), clock.now())).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '86400' }), clock.now())).toBeUndefined();
    expect(retryDelay(1, new Headers({ 'retry-after': 'soon' }), clock)).toBe(437.5);
  });

  it('gives up after maxRetries with the last error', async () => {
    server = await sequence([{ status: 500 }, { status: 502 }, { status: 503 }, { status: 504 }]);
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxRetries: 2, clock });
    const error = await client.call(ops.getThing, { path: { thing_id: 'a' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
    expect(server.requests).toHaveLength(3);
  });

  it('per-request maxRetries overrides the client', async () => {
    server = await sequence([{ status: 500 }, { status: 500 }]);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, maxRetries: 5, clock: fakeClock() });
    await expect(
      client.call(ops.getThing, { path: { thing_id: 'a' } }, { maxRetries: 0 }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  it('stops when the next wait would pass the total retry time', async () => {
    server = await sequence([
      { status: 429, headers: { 'retry-after': '20' } },
      { status: 429, headers: { 'retry-after': '20' } },
    ]);
    const clock = fakeClock();
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: server.url,
      maxRetries: 10,
      maxRetryTime: 30_000,
      clock,
    });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      RateLimitError,
    );
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toHaveLength(1);
  });

  it('never retries a quota or billing 429', async () => {
    server = await sequence([
      {
        status: 429,
        headers: { 'retry-after': '1' },
        body: {
          error: {
            message: 'You exceeded your current quota',
            code: 'insufficient_quota',
            type: 'insufficient_quota',
          },
        },
      },
    ]);
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock });
    const error = (await client
      .call(ops.getThing, { path: { thing_id: 'a' } })
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe('insufficient_quota');
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('does not retry other 4xx', async () => {
    server = await sequence([{ status: 400 }]);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock: fakeClock() });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toThrow('400 try again');
    expect(server.requests).toHaveLength(1);
  });

  it('retries connection errors', async () => {
    let n = 0;
    server = await startServer((_req, res, raw) => {
      if (n++ === 0) raw.socket.destroy();
      else json(res, 200, { ok: true });
    });
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock });
    expect(await client.call(ops.getThing, { path: { thing_id: 'a' } })).toEqual({ ok: true });
    expect(clock.sleeps).toHaveLength(1);
    const lost = new CoreClient({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
    n = 0;
    await expect(lost.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      APIConnectionError,
    );
  });

  it('resends a JSON body identically on retry', async () => {
    server = await sequence([{ status: 500 }]);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock: fakeClock() });
    await client.call(ops.createThing, { params: { a: 1 } });
    expect(server.requests.map((r) => r.json)).toEqual([{ a: 1 }, { a: 1 }]);
  });
});

describe('timeouts and aborts', () => {
  it('times out a request whose server never answers', async () => {
    server = await startServer(() => undefined);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, timeout: 50, maxRetries: 0 });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
  });

  it('times out a body that stalls after the headers, and retries timeouts', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, timeout: 50, maxRetries: 1, clock });
    await expect(
      client.call(ops.getThing, { path: { thing_id: 'a' } }, { timeout: 30 }),
    ).rejects.toBeInstanceOf(APITimeoutError);
    // One retry was made (whether the second request reached the server within 30 ms depends on load).
    expect(clock.sleeps).toHaveLength(1);
  });

  it("on Node's own fetch, a timeout or the caller's signal closes the request's connection (cancelled through the dispatcher, no signal)", async () => {
    expect(cancelsThroughDispatcher(globalThis.fetch)).toBe(true);
    let closed = 0;
    server = await startServer((_req, _res, raw) => {
      raw.socket.on('close', () => closed++);
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, timeout: 50, maxRetries: 0 });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
    while (closed === 0) await new Promise((r) => setTimeout(r, 5));
    expect(server.requests).toHaveLength(1);
    const controller = new AbortController();
    const pending = client.call(
      ops.getThing,
      { path: { thing_id: 'a' } },
      { timeout: 60_000, signal: controller.signal },
    );
    while (server.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    while (closed < 2) await new Promise((r) => setTimeout(r, 5));
  });

  it('times out a request still waiting for a connection, and keeps a dispatcher given in fetchOptions', async () => {
    // A dispatcher that never hands the request to a connection: undici's own pool does this while every
    // connection is busy. The timeout still fails the call.
    const stuck = { dispatch: () => true };
    const waiting = new CoreClient({
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:65000',
      timeout: 50,
      maxRetries: 0,
      fetchOptions: { dispatcher: stuck },
    });
    await expect(waiting.call(ops.getThing, { path: { thing_id: 'a' } })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
    // So does the caller's signal, with the timeout off.
    const controller = new AbortController();
    const pending = waiting.call(
      ops.getThing,
      { path: { thing_id: 'a' } },
      { timeout: 0, signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    server = await startServer((_req, res) => json(res, 200, { id: 'a' }));
    // Node's fetch sets the global dispatcher when it first runs: looked up when fetch calls.
    const global = () =>
      (globalThis as Record<symbol, { dispatch(options: object, handler: object): boolean }>)[
        Symbol.for('undici.globalDispatcher.1')
      ]!;
    let dispatched = 0;
    const counting = {
      dispatch: (options: object, handler: object) => (dispatched++, global().dispatch(options, handler)),
    };
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: server.url,
      maxRetries: 0,
      fetchOptions: { dispatcher: counting },
    });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).resolves.toEqual({ id: 'a' });
    expect(dispatched).toBe(1);
  });

  it('timeout 0 turns the timeout off: a slow answer arrives, and a plain request carries no signal', async () => {
    server = await startServer((_req, res) => {
      setTimeout(() => json(res, 200, { id: 'a' }), 80);
    });
    const signals: (AbortSignal | null | undefined)[] = [];
    const tracking: typeof fetch = (input, init) => {
      signals.push(init?.signal);
      return fetch(input, init);
    };
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: server.url,
      timeout: 0,
      maxRetries: 0,
      fetch: tracking,
    });
    await expect(client.call(ops.getThing, { path: { thing_id: 'a' } })).resolves.toEqual({ id: 'a' });
    expect(signals).toEqual([undefined]);
    // A caller's signal still cancels it.
    const controller = new AbortController();
    const pending = client.call(ops.getThing, { path: { thing_id: 'a' } }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('aborts by signal, before and during a request, without retrying', async () => {
    server = await startServer(() => undefined);
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url });
    const before = new AbortController();
    before.abort();
    await expect(
      client.call(ops.getThing, { path: { thing_id: 'a' } }, { signal: before.signal }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
    const during = new AbortController();
    const pending = client.call(ops.getThing, { path: { thing_id: 'a' } }, { signal: during.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    during.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  it('aborts during a retry wait', async () => {
    server = await sequence([{ status: 500 }]);
    const controller = new AbortController();
    const clock = {
      ...fakeClock(),
      sleep: (_ms: number, signal?: AbortSignal) =>
        new Promise<void>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    };
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock });
    const pending = client.call(ops.getThing, { path: { thing_id: 'a' } }, { signal: controller.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });
});
