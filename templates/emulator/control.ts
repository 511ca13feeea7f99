/**
 * The emulator's control endpoints under `/_emulator/`: the clock (`GET`, `POST {advance_ms}`), upload parts, the
 * webhook log. They move time and data for ever with `--data`, so they are guarded before anything is read:
 * - with `apiKeys` configured, they take the same credentials as the API (401 without);
 * - a request a web page sent is refused (403): any `Origin` but the emulator's own, or `Sec-Fetch-Site` other than
 *   `same-origin`/`none`; and the clock's `POST` takes `application/json` only, a type no page can send without
 *   a CORS preflight (which the emulator never grants), so a cross-site "simple" request cannot move time;
 * - a body is read only up to its endpoint's bound (the clock 4 KiB, a part the API's 64 MiB), else 413.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { errorBody } from '../server/core/errors.js';
import { readBody } from '../server/request/read.js';
import { MAX_CLOCK_MS, type Clock } from './clock.js';
import type { State } from './state.js';
import { jsonText, type JsonObject } from './types.js';
import type { Webhooks } from './webhooks.js';

export const CONTROL = '/_emulator/';
const CLOCK_BODY = 4 * 1024;
const PART_BODY = 64 * 1024 * 1024;

export interface ControlDeps {
  state: State;
  clock: Clock;
  webhooks: Webhooks;
  /** Whether the API's credentials are required, and whether a bearer token is one. */
  keysRequired: boolean;
  authenticate(token: string): unknown;
  /** Saves the clock and applies what its move made due. */
  moved(): void;
}

/** A refusal, answered in the API's error envelope (its `type` follows from the status). */
class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

/** How long the body may pause between chunks before the read gives up (the server's own bound). */
const IDLE_MS = 30_000;

/**
 * The body by the server's own reader, only up to `limit` bytes (413 past it, the declared length judged before
 * reading; 408 when the client stops sending).
 */
async function bodyOf(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new ControlError(413, `The body is larger than this endpoint takes (${limit} bytes).`);
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const read = await readBody(req, limit, undefined, IDLE_MS);
  if (read === 'too_large') throw tooLarge();
  if (typeof read === 'string') throw new ControlError(408, 'The body did not arrive in time.');
  return Buffer.from(read.buffer, read.byteOffset, read.byteLength);
}

/** Refuses what a web page could have sent, and a missing or wrong credential when keys are configured. */
function guard(req: IncomingMessage, deps: ControlDeps): void {
  const origin = req.headers.origin;
  const host = req.headers.host;
  const site = req.headers['sec-fetch-site'];
  const own = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  if ((origin !== undefined && !own) || (site !== undefined && site !== 'same-origin' && site !== 'none'))
    throw new ControlError(
      403,
      'The emulator control endpoints take no request from a web page of another origin.',
    );
  if (!deps.keysRequired) return;
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (token === undefined || !deps.authenticate(token))
    throw new ControlError(
      401,
      'The emulator control endpoints take the API keys of its config: send "Authorization: Bearer <key>".',
    );
}

export function controlHandler(
  deps: ControlDeps,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { state, clock } = deps;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = url.pathname.slice(CONTROL.length);
    try {
      guard(req, deps);
      if (route === 'clock' && req.method === 'GET')
        return send(res, 200, { now_ms: clock.now(), offset_ms: clock.offset });
      if (route === 'clock' && req.method === 'POST') {
        if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
          throw new ControlError(415, 'POST /_emulator/clock takes application/json.');
        const body = JSON.parse((await bodyOf(req, CLOCK_BODY)).toString('utf8') || '{}') as {
          advance_ms?: unknown;
        };
        const ms = body.advance_ms;
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
          throw new ControlError(
            400,
            'advance_ms must be a non-negative number of milliseconds',
            null,
            'advance_ms',
          );
        const room = clock.room();
        if (ms > room)
          throw new ControlError(
            400,
            `advance_ms would take the clock past ${new Date(MAX_CLOCK_MS).toISOString()}, beyond the dates the API's timestamps express; at most ${room} ms remain`,
            null,
            'advance_ms',
          );
        clock.advance(ms);
        deps.moved();
        return send(res, 200, { now_ms: clock.now(), offset_ms: clock.offset });
      }
      if (route === 'webhooks' && req.method === 'GET')
        return send(res, 200, { deliveries: deps.webhooks.deliveries });
      const parts = /^(.+)\/([^/]+)\/parts$/.exec(route);
      if (parts && req.method === 'POST')
        return send(
          res,
          ...addPart(state, `/${parts[1]}`, decodeURIComponent(parts[2]!), await bodyOf(req, PART_BODY)),
        );
      throw new ControlError(404, `No emulator control endpoint ${req.method} ${url.pathname}.`);
    } catch (error) {
      const e =
        error instanceof ControlError
          ? error
          : new ControlError(400, error instanceof Error ? error.message : String(error));
      // A refused body is not read on: the connection closes after the answer.
      if (e.status === 413 || e.status === 401 || e.status === 403) res.setHeader('connection', 'close');
      send(res, e.status, errorBody(e.status, e.message, e.code, e.param));
    }
  };
}

/**
 * Adds a part to an item that takes parts (an upload: the API's own part endpoint is not documented, so the
 * emulator offers this one). Allowed only in the item's first state (`pending`), as no parts can be added after.
 */
function addPart(state: State, path: string, id: string, bytes: Buffer): [number, unknown] {
  // The collection by its list or create path (`/uploads`), or its name.
  const coll = state.collectionNamed(path) ?? state.collectionNamed(path.slice(1));
  const collection = coll?.name ?? path;
  const stored = coll && state.get(coll.name, [], id);
  if (!coll || !stored) return [404, errorBody(404, `No item '${id}' in ${collection}.`)];
  const machine = state.machineOf(collection);
  const initial = machine?.transitions.find((t) => t.from === null)?.to;
  if (machine && initial && stored.v[machine.property] !== initial)
    return [
      409,
      errorBody(
        409,
        `No parts can be added while the status is '${jsonText(stored.v[machine.property])}'.`,
        'invalid_state',
        'status',
      ),
    ];
  const part = `part_${randomBytes(12).toString('hex')}`;
  const meta: JsonObject = stored.m ?? {};
  meta.parts = { ...(meta.parts as JsonObject | undefined), [part]: bytes.length };
  stored.m = meta;
  state.put(collection, stored);
  return [
    200,
    {
      id: part,
      object: 'upload.part',
      bytes: bytes.length,
      created_at: state.clock.nowSeconds(),
      upload_id: id,
    },
  ];
}
