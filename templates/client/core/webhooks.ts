/**
 * Standard Webhooks verification (https://www.standardwebhooks.com): HMAC-SHA256 with the base64 key of a `whsec_`
 * secret over `${webhook-id}.${webhook-timestamp}.${body}`, computed once and compared in constant time with each
 * of the space-separated `v1,<base64>` signatures (at most `MAX_SIGNATURES`), and a timestamp within `tolerance`
 * of now.
 */
import { ENV_PREFIX } from '../internal/brand.js';
import { ClientError, WebhookVerificationError } from './errors.js';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface WebhookVerifyOptions {
  /** `whsec_<base64>`; defaults to the client's `webhookSecret`. */
  secret?: string;
  /** Allowed clock difference in seconds, either way. Default 300 (5 minutes). */
  tolerance?: number;
  /** Current Unix time in seconds (for tests). */
  now?: number;
}

const DEFAULT_TOLERANCE = 300;
/**
 * Most entries a `webhook-signature` header may hold. Several exist while a secret is rotated; a header of hundreds
 * is not a real delivery, and refusing it bounds the work done for an unauthenticated request.
 */
export const MAX_SIGNATURES = 16;
const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join(' ') : found;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary);
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  const key = base64ToBytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!key || key.length === 0) throw new ClientError('The webhook secret is not a `whsec_` base64 secret.');
  return crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function signedContent(id: string, timestamp: string, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const payload = typeof body === 'string' ? encoder.encode(body) : body;
  const out = new Uint8Array(prefix.length + payload.length);
  out.set(prefix);
  out.set(payload, prefix.length);
  return out;
}

/** Equal bytes, in time that depends only on the lengths (the length of an HMAC-SHA256 is public). */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** The `webhook-signature` value (`v1,<base64>`) for a delivery: for senders and tests. */
export async function signWebhook(
  secret: string,
  id: string,
  timestamp: number,
  body: string | Uint8Array,
): Promise<string> {
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    signedContent(id, String(timestamp), body),
  );
  return `v1,${bytesToBase64(new Uint8Array(signature))}`;
}

/** Throws `WebhookVerificationError` unless the delivery is authentic and fresh. `rawBody` must be the unparsed body. */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  options: WebhookVerifyOptions & { secret: string },
): Promise<void> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header.');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp header.');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  const sent = Number(timestamp);
  if (now - sent > tolerance) throw new WebhookVerificationError('Webhook timestamp is too old.');
  if (sent - now > tolerance) throw new WebhookVerificationError('Webhook timestamp is too new.');
  const entries = signatures.split(' ');
  if (entries.length > MAX_SIGNATURES) {
    throw new WebhookVerificationError(
      `The webhook-signature header has ${entries.length} entries; at most ${MAX_SIGNATURES} are accepted.`,
    );
  }
  // One HMAC for the delivery, compared with every entry: the cost does not grow with the number of entries.
  const expected = new Uint8Array(
    await crypto.subtle.sign('HMAC', await hmacKey(options.secret), signedContent(id, timestamp, rawBody)),
  );
  for (const entry of entries) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const bytes = base64ToBytes(value);
    if (bytes && constantTimeEqual(bytes, expected)) return;
  }
  throw new WebhookVerificationError('No matching webhook signature.');
}

/** `client.webhooks`: verifies deliveries and returns the typed event. */
export class WebhooksBase<Event> {
  private readonly defaultSecret: string | undefined;

  constructor(defaultSecret: string | undefined) {
    this.defaultSecret = defaultSecret;
  }

  private secret(options: WebhookVerifyOptions): string {
    const secret = options.secret ?? this.defaultSecret;
    if (!secret)
      throw new ClientError(
        `No webhook secret: pass \`secret\` or set \`webhookSecret\` / ${ENV_PREFIX}WEBHOOK_SECRET.`,
      );
    return secret;
  }

  async verifySignature(
    rawBody: string | Uint8Array,
    headers: WebhookHeaders,
    options: WebhookVerifyOptions = {},
  ): Promise<void> {
    await verifyWebhookSignature(rawBody, headers, { ...options, secret: this.secret(options) });
  }

  /** Verifies, then parses the body as the event. */
  async unwrap(
    rawBody: string | Uint8Array,
    headers: WebhookHeaders,
    options: WebhookVerifyOptions = {},
  ): Promise<Event> {
    await this.verifySignature(rawBody, headers, options);
    const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
    try {
      return JSON.parse(text) as Event;
    } catch {
      throw new WebhookVerificationError('The webhook body is not JSON.');
    }
  }
}
