// Copied by platform-api-codegen from its runtime (templates/emulator/webhooks.ts). Do not edit: every generation replaces it.
/**
 * Lifecycle events delivered to the configured endpoints per Standard Webhooks: `webhook-id` (the event's id, the
 * same on every retry), `webhook-timestamp` (Unix seconds), `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` with the secret's bytes). A non-2xx answer, a redirect or no answer is retried with
 * exponential backoff, a bounded number of times.
 */
import { createHmac } from 'node:crypto';

export interface WebhookEndpoint {
  url: string;
  secret: string;
  events?: string[];
}

export interface Delivery {
  url: string;
  id: string;
  type: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  lastStatus?: number;
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export class Webhooks {
  readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(
    private readonly endpoints: readonly WebhookEndpoint[],
    private readonly attempts: number,
    private readonly retryMs: number,
  ) {}

  /** Sends `payload`, an event of `type` with id `id` (the `webhook-id`), to every endpoint subscribed to its type. */
  fire(type: string, id: string, payload: unknown): void {
    const body = JSON.stringify(payload);
    for (const e of this.endpoints) {
      if (e.events && !e.events.includes(type)) continue;
      const d: Delivery = { url: e.url, id, type, attempts: 0, status: 'pending' };
      this.deliveries.push(d);
      if (this.deliveries.length > 1000) this.deliveries.shift();
      void this.attempt(e, d, body);
    }
  }

  private async attempt(e: WebhookEndpoint, d: Delivery, body: string): Promise<void> {
    if (this.closed) return;
    d.attempts++;
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await fetch(e.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'platform-api-codegen-emulator',
          'webhook-id': d.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(e.secret, d.id, timestamp, body),
        },
        body,
      });
      d.lastStatus = res.status;
      await res.body?.cancel();
      if (res.status >= 200 && res.status < 300) return void (d.status = 'delivered');
    } catch {
      // No answer: retried below.
    }
    // Closed meanwhile (the fetch above awaited): no retry.
    if (d.attempts >= this.attempts || this.isClosed()) return void (d.status = 'failed');
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.attempt(e, d, body);
      },
      this.retryMs * 2 ** (d.attempts - 1),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
