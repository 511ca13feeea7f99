/**
 * The emulator's config at work over HTTP: API keys, the token exchange's short-lived tokens (honoured until they
 * expire on the emulator's clock), per-key rate limits with the documented headers and 429 + Retry-After, and
 * lifecycle webhooks signed per Standard Webhooks (verified with the `standardwebhooks` package), retried with
 * backoff under a stable `webhook-id`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../generated/client/index.ts';
import { startEmulator, type RunningEmulator } from '../../generated/emulator/index.ts';
import { advance, STEP, STEPS } from './helpers.ts';

const SECRET = `whsec_${Buffer.from('emulator-test-secret-0123456789').toString('base64')}`;
let emulator: RunningEmulator;
let receiver: Server;
let base: string;
const received: { headers: Record<string, string>; body: string; status: number }[] = [];
let failNext = 1;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const status = failNext-- > 0 ? 500 : 200;
      received.push({ headers: req.headers as Record<string, string>, body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  emulator = await startEmulator({
    port: 0,
    config: {
      apiKeys: ['sk-good', { key: 'sk-limited', requestsPerMinute: 2 }],
      subjectTokens: ['jwt-ok'],
      tokenLifetimeSeconds: 60,
      webhooks: [{ url: hook, secret: SECRET, events: ['batch.validating', 'batch.cancelled'] }],
      webhookRetryMs: 20,
      steps: STEPS,
    },
  });
  base = `${emulator.url}${emulator.basePath}`;
});
afterAll(async () => {
  await emulator.close();
  await new Promise((r) => receiver.close(r));
});

const get = (key: string) => fetch(`${base}/vector_stores`, { headers: { authorization: `Bearer ${key}` } });

async function until<T>(fn: () => T | undefined): Promise<T> {
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

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

describe('webhooks', () => {
  it('delivers signed lifecycle events, retrying a failed delivery under the same webhook-id', async () => {
    const client = new PlatformClient({ apiKey: 'sk-good', baseURL: base, maxRetries: 0 });
    const batch = await client.batches.create({
      completion_window: '24h',
      endpoint: '/v1/embeddings',
      input_file_id: 'file_1',
    });
    const delivered = await until(() => received.find((r) => r.status === 200 && r.body.includes(batch.id)));
    const attempts = received.filter((r) => r.body.includes(batch.id));
    expect(attempts.length).toBe(2);
    expect(attempts[0]!.status).toBe(500);
    expect(attempts[0]!.headers['webhook-id']).toBe(delivered.headers['webhook-id']);
    const event = new Webhook(SECRET).verify(delivered.body, delivered.headers) as {
      object: string;
      id: string;
      type: string;
      data: { id: string };
    };
    expect(event).toMatchObject({ object: 'event', type: 'batch.validating', data: { id: batch.id } });
    expect(event.id).toMatch(/^evt_/);
    expect(delivered.headers['webhook-id']).toBe(event.id);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another-secret-0123456789').toString('base64')}`).verify(
        delivered.body,
        delivered.headers,
      ),
    ).toThrow('No matching signature found');
    // Moving to in_progress is not subscribed; cancelling → cancelled is.
    await advance(emulator, STEP, 'sk-good');
    await client.batches.cancel(batch.id);
    await advance(emulator, 10 * 60 * 1000, 'sk-good');
    const cancelled = await until(() =>
      received.find((r) => r.status === 200 && r.body.includes('batch.cancelled')),
    );
    expect(new Webhook(SECRET).verify(cancelled.body, cancelled.headers)).toMatchObject({
      type: 'batch.cancelled',
      data: { id: batch.id, status: 'cancelled' },
    });
    expect(received.some((r) => r.body.includes('batch.in_progress'))).toBe(false);
  });
});
