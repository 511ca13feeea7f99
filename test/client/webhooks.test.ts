/** Webhook verification cross-checked with the reference `standardwebhooks` package: each signs, the other verifies. */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { ClientError, WebhookVerificationError } from '../../templates/client/core/errors.ts';
import { signWebhook, verifyWebhookSignature, WebhooksBase } from '../../templates/client/core/webhooks.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const other = 'whsec_' + Buffer.from('another secret key!').toString('base64');
const body = JSON.stringify({
  object: 'event',
  id: 'evt_1',
  type: 'response.completed',
  created_at: 1_700_000_000,
  data: { id: 'resp_1' },
});
const now = Math.floor(Date.now() / 1000);

function referenceHeaders(id: string, at: number, payload = body, key = secret): Record<string, string> {
  const signature = new Webhook(key).sign(id, new Date(at * 1000), payload);
  return { 'webhook-id': id, 'webhook-timestamp': String(at), 'webhook-signature': signature };
}

describe('webhooks', () => {
  const hooks = new WebhooksBase<{ type: string; data: { id: string } }>(secret);

  it('verifies what the reference signs, and unwraps the typed event', async () => {
    const event = await hooks.unwrap(body, referenceHeaders('msg_1', now));
    expect(event.type).toBe('response.completed');
    expect(event.data.id).toBe('resp_1');
    await hooks.verifySignature(new TextEncoder().encode(body), new Headers(referenceHeaders('msg_1', now)));
  });

  it('signs what the reference verifies', async () => {
    const signature = await signWebhook(secret, 'msg_2', now, body);
    const headers = {
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(now),
      'webhook-signature': signature,
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(signature).toBe(new Webhook(secret).sign('msg_2', new Date(now * 1000), body));
  });

  it('accepts any of several signatures', async () => {
    const headers = referenceHeaders('msg_3', now);
    headers['webhook-signature'] =
      `v1,${Buffer.from('wrong').toString('base64')} v2,abc ${headers['webhook-signature']}`;
    await expect(hooks.verifySignature(body, headers)).resolves.toBeUndefined();
  });

  it('rejects a tampered body, a wrong secret, a stale or future timestamp, and missing headers', async () => {
    await expect(
      hooks.unwrap(body.replace('resp_1', 'resp_2'), referenceHeaders('msg_4', now)),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(hooks.unwrap(body, referenceHeaders('msg_4', now, body, other))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    // Read the clock here, not at module load: a slow machine may run this test seconds after `now` was taken.
    const at = Math.floor(Date.now() / 1000);
    await expect(hooks.unwrap(body, referenceHeaders('msg_4', at - 310))).rejects.toThrow(/too old/);
    await expect(hooks.unwrap(body, referenceHeaders('msg_4', at + 310))).rejects.toThrow(/too new/);
    await expect(
      hooks.unwrap(body, referenceHeaders('msg_4', now - 3000), { tolerance: 3600 }),
    ).resolves.toBeTruthy();
    await expect(hooks.unwrap(body, { 'webhook-id': 'x' })).rejects.toThrow(/Missing/);
    await expect(
      hooks.unwrap(body, { ...referenceHeaders('msg_4', now), 'webhook-timestamp': 'yesterday' }),
    ).rejects.toThrow(/timestamp/);
    const otherId = referenceHeaders('msg_4', now);
    otherId['webhook-id'] = 'msg_5';
    await expect(hooks.unwrap(body, otherId)).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('the reference rejects what we sign with another secret', async () => {
    const signature = await signWebhook(other, 'msg_6', now, body);
    expect(() =>
      new Webhook(secret).verify(body, {
        'webhook-id': 'msg_6',
        'webhook-timestamp': String(now),
        'webhook-signature': signature,
      }),
    ).toThrow('No matching signature found');
  });

  it('needs a secret, and a valid one', async () => {
    await expect(new WebhooksBase(undefined).unwrap(body, referenceHeaders('m', now))).rejects.toThrow(
      /No webhook secret/,
    );
    await expect(
      verifyWebhookSignature(body, referenceHeaders('m', now), { secret: 'whsec_!!!' }),
    ).rejects.toBeInstanceOf(ClientError);
  });
});
