/**
 * The emulator's credentials at work over HTTP: API keys, the token exchange's short-lived tokens (honoured until they
 * expire on the emulator's clock), and per-key rate limits with the documented headers and 429 + Retry-After.
 * (Webhooks: helpdesk.test.ts, on a spec that declares one its lifecycle sends.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../generated/client/index.ts';
import { startEmulator, type RunningEmulator } from '../../generated/emulator/index.ts';
import { advance, STEPS } from './helpers.ts';

let emulator: RunningEmulator;
let base: string;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    config: {
      apiKeys: ['sk-good', { key: 'sk-limited', requestsPerMinute: 2 }],
      subjectTokens: ['jwt-ok'],
      tokenLifetimeSeconds: 60,
      steps: STEPS,
    },
  });
  base = `${emulator.url}${emulator.basePath}`;
});
afterAll(async () => {
  await emulator.close();
});

const get = (key: string) => fetch(`${base}/vector_stores`, { headers: { authorization: `Bearer ${key}` } });

describe('API keys and the token exchange', () => {
  it('accepts the configured keys and refuses others with 401', async () => {
    expect((await get('sk-good')).status).toBe(200);
    const bad = await get('sk-unknown');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: { type: 'authentication_error' } });
  });

  it('issues short-lived tokens the emulator honours until they expire', async () => {
    const exchange = (subject: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
          subject_token: subject,
          identity_provider_id: 'idp_1',
          service_account_id: 'sa_1',
        }),
      });
    const refused = await exchange('jwt-forged');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_subject_token' } });
    const ok = await exchange('jwt-ok');
    expect(ok.status).toBe(200);
    const token = (await ok.json()) as { access_token: string; expires_in: number; token_type: string };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
    const client = new PlatformClient({ apiKey: token.access_token, baseURL: base, maxRetries: 0 });
    expect((await client.vectorStores.create({ name: 'via token' })).name).toBe('via token');
    await advance(emulator, 61_000, 'sk-good');
    await expect(client.vectorStores.list()).rejects.toMatchObject({ status: 401 });
  });
});

describe('rate limits', () => {
  it('counts requests per key, with the documented headers, then 429 with Retry-After', async () => {
    const first = await get('sk-limited');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit-requests')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining-requests')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+s$/);
    expect((await get('sk-limited')).headers.get('x-ratelimit-remaining-requests')).toBe('0');
    const limited = await get('sk-limited');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { type: 'rate_limit_error' } });
    // Another key has its own budget; a minute later (emulator clock) the limited key has a new one.
    expect((await get('sk-good')).status).toBe(200);
    await advance(emulator, 60_000, 'sk-good');
    expect((await get('sk-limited')).status).toBe(200);
  });
});
