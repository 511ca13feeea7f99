/**
 * Retries of POST and PATCH after a connection failure, over real HTTP: the server creates the resource, then
 * drops the connection before answering. Without an idempotency key or an explicit opt-in the failure is thrown
 * (the request may have been applied); with a key, the same key goes out on every attempt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  InternalServerError,
} from '../../templates/client/core/errors.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { APIConnectionError as GeneratedConnectionError, PlatformClient } from './helpers/generated.ts';
import { fakeClock, json, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Creates a resource for every request (once per idempotency key when one is sent), and drops the connection
 * without an answer for the first `drops` requests.
 */
async function creatingServer(drops = Infinity) {
  const created: string[] = [];
  const byKey = new Map<string, string>();
  let n = 0;
  const s = await startServer((req, res, raw) => {
    const key = req.headers['idempotency-key'] as string | undefined;
    let id = key === undefined ? undefined : byKey.get(key);
    if (id === undefined) {
      id = `thing_${created.length + 1}`;
      created.push(id);
      if (key !== undefined) byKey.set(key, id);
    }
    if (n++ < drops) raw.socket.destroy();
    else json(res, 200, { id });
  });
  return { server: s, created };
}

describe('a POST whose connection drops after it was sent', () => {
  it('is not retried without a key: one create, and an error saying it may have been applied', async () => {
    const { server: s, created } = await creatingServer();
    server = s;
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: s.url, maxRetries: 2, clock });
    const error = (await client
      .call(ops.createThing, { params: { name: 'a' } })
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(
      /POST \/things may have reached the server: it may have been applied, so it is not retried/,
    );
    expect(created).toEqual(['thing_1']);
    expect(clock.sleeps).toEqual([]);
  });

  it('the generated client: batches.create creates one batch, not three', async () => {
    const { server: s, created } = await creatingServer();
    server = s;
    const client = new PlatformClient({ apiKey: 'k', baseURL: s.url, clock: fakeClock() });
    await expect(
      client.batches.create({
        input_file_id: 'file_1',
        endpoint: '/v1/chat/completions',
        completion_window: '24h',
      }),
    ).rejects.toBeInstanceOf(GeneratedConnectionError);
    expect(created).toHaveLength(1);
  });

  it('with an idempotency header: one key, generated once and sent unchanged on every attempt', async () => {
    const { server: s, created } = await creatingServer(2);
    server = s;
    const clock = fakeClock();
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: s.url,
      maxRetries: 2,
      clock,
      idempotencyHeader: 'Idempotency-Key',
    });
    expect(await client.call(ops.createThing, { params: { name: 'a' } })).toEqual({ id: 'thing_1' });
    const keys = s.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created).toEqual(['thing_1']);
    // The next call gets a new key.
    await client.call(ops.createThing, { params: { name: 'b' } });
    expect(s.requests[3]!.headers['idempotency-key']).not.toBe(keys[0]);
  });

  it('a key given per call, or in the request headers, is sent as given', async () => {
    const { server: s } = await creatingServer(1);
    server = s;
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: s.url,
      clock: fakeClock(),
      idempotencyHeader: 'Idempotency-Key',
    });
    await client.call(ops.createThing, { params: {} }, { idempotencyKey: 'mine-1' });
    await client.call(ops.createThing, { params: {} }, { headers: { 'idempotency-key': 'mine-2' } });
    expect(s.requests.map((r) => r.headers['idempotency-key'])).toEqual(['mine-1', 'mine-1', 'mine-2']);
  });

  it('is retried when the caller opts in, per client or per call', async () => {
    const { server: s, created } = await creatingServer(1);
    server = s;
    const perClient = new CoreClient({
      apiKey: 'k',
      baseURL: s.url,
      clock: fakeClock(),
      retryNonIdempotent: true,
    });
    expect(await perClient.call(ops.createThing, { params: {} })).toEqual({ id: 'thing_2' });
    const perCall = new CoreClient({ apiKey: 'k', baseURL: s.url, clock: fakeClock(), maxRetries: 1 });
    await perCall.call(ops.createThing, { params: {} }, { retryNonIdempotent: true });
    expect(created).toEqual(['thing_1', 'thing_2', 'thing_3']);
    // Per call false beats the client's opt-in.
    const { server: s2 } = await creatingServer();
    const off = new CoreClient({
      apiKey: 'k',
      baseURL: s2.url,
      clock: fakeClock(),
      retryNonIdempotent: true,
    });
    await expect(off.call(ops.createThing, { params: {} }, { retryNonIdempotent: false })).rejects.toThrow(
      /may have been applied/,
    );
    expect(s2.requests).toHaveLength(1);
    await s2.close();
  });

  it('a POST that timed out waiting for the answer is not retried either', async () => {
    server = await startServer(() => undefined);
    // Attempts are counted where fetch hands them to the connection pool: on a loaded machine the 50 ms can run out
    // before the server has read the request, so the server's own count could be 0.
    // Node's fetch sets the global dispatcher when it first runs: looked up when fetch calls.
    const global = () =>
      (globalThis as Record<symbol, { dispatch(options: object, handler: object): boolean }>)[
        Symbol.for('undici.globalDispatcher.1')
      ]!;
    let attempts = 0;
    const counting = {
      dispatch: (options: object, handler: object) => (attempts++, global().dispatch(options, handler)),
    };
    const client = new CoreClient({
      apiKey: 'k',
      baseURL: server.url,
      timeout: 50,
      maxRetries: 2,
      clock: fakeClock(),
      fetchOptions: { dispatcher: counting },
    });
    const error = (await client.call(ops.createThing, { params: {} }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.message).toMatch(/timed out after POST \/things may have reached the server/);
    expect(attempts).toBe(1);
    expect(server.requests.length).toBeLessThanOrEqual(1);
  });

  it('a refused connection (nothing was sent) is retried, and 5xx answers keep their rules', async () => {
    const closed = await startServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const clock = fakeClock();
    const client = new CoreClient({ apiKey: 'k', baseURL: url, maxRetries: 2, clock });
    await expect(client.call(ops.createThing, { params: {} })).rejects.toBeInstanceOf(APIConnectionError);
    expect(clock.sleeps).toHaveLength(2);
    let n = 0;
    server = await startServer((_req, res) =>
      n++ < 1 ? json(res, 503, { error: { message: 'busy' } }) : json(res, 200, { id: 'x' }),
    );
    const retrying = new CoreClient({ apiKey: 'k', baseURL: server.url, clock: fakeClock() });
    expect(await retrying.call(ops.createThing, { params: {} })).toEqual({ id: 'x' });
    n = -10;
    await expect(
      new CoreClient({ apiKey: 'k', baseURL: server.url, clock: fakeClock(), maxRetries: 1 }).call(
        ops.createThing,
        { params: {} },
      ),
    ).rejects.toBeInstanceOf(InternalServerError);
  });

  it('a GET is still retried after a dropped connection', async () => {
    let n = 0;
    server = await startServer((_req, res, raw) => {
      if (n++ === 0) raw.socket.destroy();
      else json(res, 200, { id: 'a' });
    });
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock: fakeClock() });
    expect(await client.call(ops.getThing, { path: { thing_id: 'a' } })).toEqual({ id: 'a' });
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an idempotencyKey without an idempotency header, or one that is not printable ASCII, before sending', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    const plain = new CoreClient({ apiKey: 'k', baseURL: server.url });
    await expect(plain.call(ops.createThing, { params: {} }, { idempotencyKey: 'k1' })).rejects.toThrow(
      /idempotencyKey needs an idempotency header/,
    );
    const keyed = new CoreClient({ apiKey: 'k', baseURL: server.url, idempotencyHeader: 'Idempotency-Key' });
    await expect(
      keyed.call(ops.createThing, { params: {} }, { idempotencyKey: 'with space' }),
    ).rejects.toThrow(/1 to 255 printable ASCII/);
    await expect(keyed.call(ops.createThing, { params: {} }, { idempotencyKey: '' })).rejects.toThrow(
      /1 to 255 printable ASCII/,
    );
    expect(server.requests).toEqual([]);
    expect(() => new CoreClient({ apiKey: 'k', idempotencyHeader: 'Idempotency Key' })).toThrow(
      'idempotencyHeader must be a header name, got "Idempotency Key".',
    );
  });

  it('a header value fetch refuses to send is reported as such, not as a request that may have been applied', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    const client = new CoreClient({ apiKey: 'k', baseURL: server.url, clock: fakeClock(), maxRetries: 0 });
    const error = (await client
      .call(ops.createThing, { params: {} }, { headers: { 'X-Bad': 'line\nbreak' } })
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).not.toMatch(/may have been applied/);
    expect(server.requests).toEqual([]);
  });
});
