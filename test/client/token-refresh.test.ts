/**
 * Token refresh over real HTTP: a token exchange server and an API server that accepts only unexpired tokens, with
 * an injected clock (no waiting on wall time). A failed refresh keeps the cached token while it is valid and is
 * retried with backoff; only an expired token with a failing exchange fails calls. A missing, zero or negative
 * `expires_in` gets the documented floor instead of an exchange per call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationError, InternalServerError } from '../../templates/client/core/errors.ts';
import { AccessTokenProvider, type ExchangedToken } from '../../templates/client/core/token-provider.ts';
import { CoreClient, ops } from './helpers/core-client.ts';
import { json, startServer, type TestServer } from './helpers/server.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const HOUR = 3_600_000;

/** Exchange and API servers sharing one fake clock; `auth.failing` makes the exchange answer 500. */
async function setup(expiresIn: unknown) {
  const state = { now: 1_700_000_000_000, failing: false, issued: 0 };
  const expiry = new Map<string, number>();
  const auth = await startServer((_req, res) => {
    if (state.failing) return json(res, 500, { error: { message: 'exchange unavailable' } });
    const token = `tok-${++state.issued}`;
    // The server's own idea of expiry: the real lifetime, an hour, whatever it announced.
    expiry.set(token, state.now + HOUR);
    json(
      res,
      200,
      expiresIn === undefined
        ? { access_token: token, token_type: 'Bearer' }
        : { access_token: token, token_type: 'Bearer', expires_in: expiresIn },
    );
  });
  const api = await startServer((req, res) => {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const until = expiry.get(token);
    if (until === undefined || state.now >= until)
      return json(res, 401, { error: { message: 'expired token' } });
    json(res, 200, { token });
  });
  servers.push(auth, api);
  const exchanger = new CoreClient({ apiKey: null, serverVariables: { auth_url: auth.url }, maxRetries: 0 });
  const tokens = new AccessTokenProvider(
    () => exchanger.call<ExchangedToken>(ops.token, { params: { grant_type: 'token-exchange' } }),
    { now: () => state.now },
  );
  const client = new CoreClient({ apiKey: tokens.apiKey, baseURL: api.url, maxRetries: 0 });
  const call = () => client.call<{ token: string }>(ops.getThing, { path: { thing_id: 'a' } });
  return { state, auth, api, call, tokens };
}

describe('a failing refresh', () => {
  it('keeps using the cached token until it expires, retrying the exchange with backoff', async () => {
    const { state, auth, call } = await setup(3600);
    expect(await call()).toEqual({ token: 'tok-1' });
    // 30 s before expiry (inside the 60 s refresh margin), the exchange fails: every call still succeeds.
    state.now += HOUR - 30_000;
    state.failing = true;
    const results = await Promise.all(Array.from({ length: 100 }, () => call()));
    expect(results.every((r) => r.token === 'tok-1')).toBe(true);
    // One refresh attempt, then a backoff of 1 s, doubling: the exchange is not hammered.
    expect(auth.requests).toHaveLength(2);
    for (let i = 0; i < 10; i++) await call();
    expect(auth.requests).toHaveLength(2);
    state.now += 1_000;
    await call();
    expect(auth.requests).toHaveLength(3);
    state.now += 1_500;
    await call();
    expect(auth.requests).toHaveLength(3);
    state.now += 500;
    expect(await call()).toEqual({ token: 'tok-1' });
    expect(auth.requests).toHaveLength(4);
    // The exchange recovers: the next attempt (after the 4 s backoff) brings a new token.
    state.failing = false;
    state.now += 4_000;
    expect(await call()).toEqual({ token: 'tok-2' });
    expect(auth.requests).toHaveLength(5);
  });

  it('fails only once no valid token is left, and then tries the exchange on every call', async () => {
    const { state, auth, call } = await setup(3600);
    await call();
    state.failing = true;
    state.now += HOUR - 10_000;
    expect(await call()).toEqual({ token: 'tok-1' });
    state.now += 10_000; // expired
    await expect(call()).rejects.toBeInstanceOf(InternalServerError);
    await expect(call()).rejects.toThrow(/exchange unavailable/);
    expect(auth.requests).toHaveLength(4);
    state.failing = false;
    expect(await call()).toEqual({ token: 'tok-2' });
  });

  it('invalidate() after a 401 forgets the token and exchanges again', async () => {
    const { state, tokens, call } = await setup(7200); // announces two hours, the server keeps it one
    await call();
    state.now += HOUR;
    await expect(call()).rejects.toBeInstanceOf(AuthenticationError);
    tokens.invalidate();
    expect(await call()).toEqual({ token: 'tok-2' });
  });
});

describe('an expires_in that is missing, zero or negative', () => {
  for (const expiresIn of [undefined, 0, -5, 'soon']) {
    it(`${expiresIn === undefined ? 'missing' : JSON.stringify(expiresIn)}: the token is kept for the 30 s floor, not exchanged per call`, async () => {
      const { state, auth, call } = await setup(expiresIn);
      for (let i = 0; i < 10; i++) expect(await call()).toEqual({ token: 'tok-1' });
      expect(auth.requests).toHaveLength(1);
      // Refreshed at half the floor (the 60 s margin is capped at half the lifetime).
      state.now += 14_999;
      await call();
      expect(auth.requests).toHaveLength(1);
      state.now += 1;
      expect(await call()).toEqual({ token: 'tok-2' });
      expect(auth.requests).toHaveLength(2);
    });
  }
});
