/**
 * Webhook deliveries over real HTTP to a receiver that verifies with the client: a `webhook-signature` header of
 * many entries verifies with one HMAC whatever the number of entries, and one over the cap (MAX_SIGNATURES) is
 * refused with a message that says so. The cost of 330 entries is measured in `npm run bench:client`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_SIGNATURES, WebhooksBase } from '../../templates/client/core/webhooks.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const body = JSON.stringify({
  object: 'event',
  id: 'evt_1',
  type: 'response.completed',
  created_at: 1_700_000_000,
  data: { id: 'resp_1' },
});
const hooks = new WebhooksBase<{ id: string }>(secret);

let receiver: Server;
let url: string;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.unwrap(new Uint8Array(Buffer.concat(chunks)), req.headers).then(
        (event) => res.writeHead(200, { 'content-type': 'text/plain' }).end(event.id),
        (error: unknown) =>
          res.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => receiver.close());
afterEach(() => vi.restoreAllMocks());

/** A delivery whose signature header holds `wrong` entries that do not match, then the valid one (if `valid`). */
function deliver(wrong: number, valid = true): Promise<Response> {
  const now = Math.floor(Date.now() / 1000);
  const good = new Webhook(secret).sign('msg_1', new Date(now * 1000), body);
  const bad = Array.from(
    { length: wrong },
    (_, i) => `v1,${Buffer.from(`not the signature ${i}`.padEnd(32, '.')).toString('base64')}`,
  );
  const signature = [...bad, ...(valid ? [good] : [])].join(' ');
  return fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now),
      'webhook-signature': signature,
    },
  });
}

describe('a signature header of many entries', () => {
  it(`verifies with the valid entry last of ${MAX_SIGNATURES}, computing one HMAC`, async () => {
    const sign = vi.spyOn(crypto.subtle, 'sign');
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const response = await deliver(MAX_SIGNATURES - 1);
    expect(await response.text()).toBe('evt_1');
    expect(response.status).toBe(200);
    expect(sign).toHaveBeenCalledTimes(1);
    expect(verify).not.toHaveBeenCalled();
  });

  it(`is refused, naming the cap, over ${MAX_SIGNATURES} entries (even with a valid one among them)`, async () => {
    const sign = vi.spyOn(crypto.subtle, 'sign');
    const response = await deliver(MAX_SIGNATURES);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      `The webhook-signature header has ${MAX_SIGNATURES + 1} entries; at most ${MAX_SIGNATURES} are accepted.`,
    );
    const flood = await deliver(330, false);
    expect(await flood.text()).toMatch(/has 330 entries; at most/);
    // Refused before any HMAC is computed.
    expect(sign).not.toHaveBeenCalled();
  });

  it('does not match when every entry is wrong', async () => {
    const response = await deliver(5, false);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('No matching webhook signature.');
  });
});
