/**
 * Webhook verification of a 1 MiB delivery whose `webhook-signature` holds 330 `v1,` entries (what fits in Node's
 * 16 KiB header limit), the valid one last: the client (refused by the entry cap), the client at the cap (16
 * entries), the reference `standardwebhooks` package on the same 330-entry header, and the previous method (one
 * Web Crypto `verify` per entry) as the peer the cap and the single HMAC replace. Median and spread over rounds.
 */
import { Webhook } from 'standardwebhooks';
import { MAX_SIGNATURES, verifyWebhookSignature } from '../../generated/client/index.ts';
import { stats } from './stats.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const body = JSON.stringify({
  type: 'response.completed',
  data: { id: 'resp_1', pad: 'x'.repeat(1024 * 1024 - 60) },
});
const bytes = new TextEncoder().encode(body);

function headersWith(entries: number): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const good = new Webhook(secret).sign('msg_1', new Date(now * 1000), body);
  const wrong = Array.from(
    { length: entries - 1 },
    (_, i) => `v1,${Buffer.from(`wrong signature number ${i}`.padEnd(32, '.')).toString('base64')}`,
  );
  return {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(now),
    'webhook-signature': [...wrong, good].join(' '),
  };
}

/** The method before the cap: one HMAC verification per entry. */
async function perEntryVerify(headers: Record<string, string>): Promise<void> {
  const key = await crypto.subtle.importKey(
    'raw',
    Buffer.from(secret.slice('whsec_'.length), 'base64'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const content = new TextEncoder().encode(
    `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`,
  );
  for (const entry of headers['webhook-signature']!.split(' ')) {
    const value = entry.split(',', 2)[1]!;
    if (await crypto.subtle.verify('HMAC', key, Buffer.from(value, 'base64'), content)) return;
  }
  throw new Error('no match');
}

async function time(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
  await run(); // warm-up
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function benchWebhooks(rounds: number): Promise<void> {
  const many = headersWith(330);
  const capped = headersWith(MAX_SIGNATURES);
  const rows: [string, () => Promise<unknown>][] = [
    [
      'client, 330 entries (refused: over the cap)',
      () => verifyWebhookSignature(bytes, many, { secret }).catch((e: unknown) => e),
    ],
    [
      `client, ${MAX_SIGNATURES} entries (the cap), valid last`,
      () => verifyWebhookSignature(bytes, capped, { secret }),
    ],
    [
      'reference standardwebhooks, 330 entries, valid last',
      async () => new Webhook(secret).verify(body, many),
    ],
    ['previous method (one verify per entry), 330 entries', () => perEntryVerify(many)],
  ];
  console.log(`webhook verification, 1 MiB body: ${rounds} rounds`);
  for (const [label, run] of rows) {
    const st = stats(await time(run, rounds));
    console.log(
      `  ${label.padEnd(52)} median ${st.median.toFixed(2)} ms (spread ${st.min.toFixed(2)}–${st.max.toFixed(2)})`,
    );
  }
}
