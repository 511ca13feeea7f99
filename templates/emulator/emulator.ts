/**
 * The emulator: the generated server (its routing, validation, errors) with handlers acting on an embedded store,
 * the API keys and token exchange of the config, per-key rate limits, lifecycle webhooks, and the control
 * endpoints under `/_emulator/` (the clock, upload parts, the webhook log).
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { openStore, type EmulatorStore } from './store/index.js';
import { Clock } from './clock.js';
import type { EmulatorConfig } from './config.js';
import { fill } from './fill.js';
import { createCompute } from './compute.js';
import { corrected } from './corrections.js';
import { lifecycleEvents } from './events.js';
import { createHandlers, jsonOf, type Compute, type Handler } from './handlers.js';
import { createItems, type Items } from './items.js';
import { State, type Stored, type Transition } from './state.js';
import { jsonText, type EmulatorModel, type JsonObject, type MachineModel } from './types.js';
import type { Routes } from '../server/core/types.js';
import { Webhooks } from './webhooks.js';
import { CONTROL, controlHandler } from './control.js';

/** What the emulator needs of the generated server (`../server/index.js`). */
export interface ServerBinding {
  createServer(
    handlers: Record<string, Handler>,
    options: Record<string, unknown>,
  ): {
    node: (req: IncomingMessage, res: ServerResponse) => void;
    close(o?: { timeout?: number }): Promise<void>;
  };
  /** A module-level function (`../server/index.js` exports it), passed on as it is. */
  guardState: (operationId: string, state: string) => void;
  NODE_SERVER_OPTIONS: object;
  /** The API's base path (`/v1`), where its operations are served. */
  basePath: string;
  /** The shared per-operation table (protocol/operations.ts): each operation's success status and contents. */
  operations: Routes['operations'];
  HttpError: new (
    status: number,
    message: string,
    code?: string | null,
    param?: string | null,
    headers?: Record<string, string>,
  ) => Error;
}

export interface EmulatorOptions {
  /** Port on 127.0.0.1 (0: any free port). Default 0. */
  port?: number;
  /** Directory of the database; in memory when absent. */
  dataDir?: string;
  config?: EmulatorConfig;
  /** Computes answers of operations that compute something (fake outputs); the schema's value otherwise. */
  compute?: Compute;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:<port>`: the API is below `url + basePath`, the control endpoints below `url + '/_emulator/'`. */
  url: string;
  basePath: string;
  port: number;
  state: State;
  webhooks: Webhooks;
  close(): Promise<void>;
}

function parseSteps(
  model: EmulatorModel,
  config: EmulatorConfig,
): (m: MachineModel, from: string, to: string, documentedMs: number | undefined) => number | null {
  const steps = config.steps ?? {};
  for (const [k, v] of Object.entries(steps)) {
    const [machine, edge] = k.split(':') as [string, string];
    const [from, to] = edge.split('->') as [string, string];
    // Own keys only: a key such as `constructor` names no machine (Object.prototype's members are not tables' keys).
    const m = Object.hasOwn(model.machines, machine) ? model.machines[machine] : undefined;
    if (!m)
      throw new Error(
        `config steps.${k}: no state machine "${machine}" (known: ${Object.keys(model.machines).join(', ')})`,
      );
    const documented = m.transitions.find((t) => t.from === from && t.to === to && 'after' in t.on);
    const assumed = model.assumedProgressions.find(
      (a) => a.machine === machine && a.from === from && a.to === to,
    );
    if (!documented && !assumed)
      throw new Error(`config steps.${k}: no time-driven step ${from} -> ${to} in "${machine}"`);
    if (documented && 'after' in documented.on) {
      if (documented.on.bound === 'exactly')
        throw new Error(
          `config steps.${k}: the documents fix this step at ${documented.on.after}; it cannot be changed`,
        );
      if (v === null || v > documented.on.seconds * 1000)
        throw new Error(
          `config steps.${k}: the documents bound this step at ${documented.on.after}; give a delay up to ${documented.on.seconds * 1000} ms`,
        );
    }
  }
  return (m, from, to, documentedMs) => {
    const k = `${m.name}:${from}->${to}`;
    if (Object.hasOwn(steps, k)) return steps[k]!;
    if (documentedMs !== undefined) return documentedMs;
    return (
      model.assumedProgressions.find((a) => a.machine === m.name && a.from === from && a.to === to)
        ?.afterMs ?? null
    );
  };
}

export async function startEmulator(
  declared: EmulatorModel,
  server: ServerBinding,
  options: EmulatorOptions = {},
): Promise<RunningEmulator> {
  const config = options.config ?? {};
  const model = corrected(declared, config);
  const store: EmulatorStore = await openStore(options.dataDir === undefined ? {} : { dir: options.dataDir });
  const saved = store.get('_emulator', 'clock') as { offset?: number } | undefined;
  const clock = new Clock(saved?.offset ?? 0);
  const webhooks = new Webhooks(
    config.webhooks ?? [],
    config.webhookAttempts ?? 5,
    config.webhookRetryMs ?? 1000,
  );
  // Only the webhooks the spec declares, as the emulation pass matched them to the lifecycle (README, "Webhooks").
  const emit = lifecycleEvents(model, clock, (type, id, payload) => {
    if (config.webhooks?.length) webhooks.fire(type, id, payload);
  });
  // Bound below: the state reports transitions to the items, which need the state.
  let items: Items | undefined;
  const onTransition = (t: Transition) => emit(t.collection, t.to, items!.view(t.collection, t.stored));
  let state: State;
  try {
    state = new State(model, store, clock, parseSteps(model, config), onTransition);
    items = createItems(state, config.unknownIds === 'synthesize');
    seed(state, items, config);
  } catch (error) {
    store.close();
    throw error;
  }

  const HttpError = server.HttpError;
  const tokens = new Map<string, number>();
  const fakes = options.compute ?? createCompute(model, () => clock.nowSeconds());
  const compute: Compute = (operationId, op, input, made) => {
    if (op.kind === 'token') {
      const body = jsonOf(input.body);
      if (config.subjectTokens && !config.subjectTokens.includes(jsonText(body.subject_token)))
        throw new HttpError(
          400,
          'The subject token could not be verified.',
          'invalid_subject_token',
          'subject_token',
        );
      const lifetime = config.tokenLifetimeSeconds ?? 3600;
      const token = `at_${randomBytes(24).toString('hex')}`;
      tokens.set(token, clock.now() + lifetime * 1000);
      store.put('_tokens', token, { expires: clock.now() + lifetime * 1000 });
      return fill(
        op.response ?? {},
        {
          access_token: token,
          token_type: 'Bearer',
          expires_in: lifetime,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        },
        { schemas: model.schemas, nowSeconds: clock.nowSeconds() },
      );
    }
    return fakes(operationId, op, input, made);
  };
  const handlers = createHandlers({
    state,
    items,
    guardState: server.guardState,
    compute,
    operations: server.operations,
    emit,
  });

  const keys = new Map<string, number | undefined>();
  for (const k of config.apiKeys ?? [])
    if (typeof k === 'string') keys.set(k, undefined);
    else keys.set(k.key, k.requestsPerMinute);
  const windows = new Map<string, { start: number; count: number }>();
  const authenticate = (token: string) => {
    if (keys.size === 0 || keys.has(token)) return { kind: 'api_key', key: token };
    const expires =
      tokens.get(token) ?? (store.get('_tokens', token) as { expires?: number } | undefined)?.expires;
    if (expires !== undefined && expires > clock.now()) return { kind: 'access_token', key: token };
    return undefined;
  };
  const rateLimit = (ctx: { principal?: { key?: unknown } }) => {
    const key = jsonText(ctx.principal?.key ?? 'anonymous');
    const limit = keys.get(key) ?? config.requestsPerMinute;
    if (limit === undefined) return undefined;
    const now = clock.now();
    let w = windows.get(key);
    if (!w || now - w.start >= 60_000) windows.set(key, (w = { start: now, count: 0 }));
    const resetMs = w.start + 60_000 - now;
    const allowed = w.count < limit;
    // Failed requests count too (documented).
    w.count++;
    const headers: Record<string, string | number> = {};
    const documented = new Set(model.rateLimitHeaders);
    const set = (name: string, value: string | number) => {
      if (documented.has(name)) headers[name] = value;
    };
    set('x-ratelimit-limit-requests', limit);
    set('x-ratelimit-remaining-requests', Math.max(0, limit - w.count));
    set('x-ratelimit-reset-requests', `${Math.ceil(resetMs / 1000)}s`);
    return { allowed, retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)), headers };
  };

  const api = server.createServer(handlers, {
    authenticate,
    rateLimit,
    onError: (e: unknown) => console.error('emulator handler error:', e),
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Consecutive failures of a timed step to be saved; the retry waits longer each time, up to a minute. */
  let failures = 0;
  const arm = () => {
    if (timer) clearTimeout(timer);
    const due = state.nextDueIn();
    if (due === undefined) return;
    timer = setTimeout(
      () => {
        try {
          state.sweep();
          failures = 0;
          arm();
        } catch (error) {
          // The store could not save the step (a full disk, an I/O error): the step stays due, the emulator keeps
          // serving, and the step is tried again.
          const retryMs = Math.min(60_000, 1000 * 2 ** failures++);
          console.error(
            `emulator: a timed step could not be saved (${error instanceof Error ? error.message : String(error)}); trying again in ${retryMs} ms`,
          );
          timer = setTimeout(arm, retryMs);
          timer.unref();
        }
      },
      Math.min(due + 1, 2 ** 31 - 1),
    );
    timer.unref();
  };
  arm();

  const control = controlHandler({
    state,
    clock,
    webhooks,
    keysRequired: keys.size > 0,
    authenticate,
    moved: () => {
      store.put('_emulator', 'clock', { offset: clock.offset });
      state.sweep();
      arm();
    },
  });

  const http: HttpServer = createHttpServer(server.NODE_SERVER_OPTIONS, (req, res) => {
    if (req.url?.startsWith(CONTROL)) return void control(req, res);
    api.node(req, res);
    if (state.nextDueIn() !== undefined) arm();
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    basePath: server.basePath,
    port,
    state,
    webhooks,
    async close() {
      if (timer) clearTimeout(timer);
      webhooks.close();
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      await api.close({ timeout: 1000 }).catch(() => undefined);
      http.closeAllConnections();
      await closed;
      store.close();
    },
  };
}

function seed(state: State, items: Items, config: EmulatorConfig): void {
  for (const [name, values] of Object.entries(config.seed ?? {})) {
    const coll = state.collectionNamed(name);
    if (!coll)
      throw new Error(
        `config seed: no collection ${name} (known: ${Object.keys(state.model.collections).join(', ')})`,
      );
    for (const raw of values) {
      if (typeof raw.id !== 'string') throw new Error(`config seed.${name}: every item needs a string id`);
      if (state.get(coll.name, [], raw.id)) continue;
      // What the server would assign, then the seed's own fields (a seed may set any of them, its state included).
      const made = items.fresh(coll.name, {}, [], items.initialState(coll.name), raw.id);
      const v = fill(
        { $ref: `#/s/${coll.name}` },
        { ...made, ...(raw as JsonObject) },
        {
          schemas: state.model.schemas,
          nowSeconds: state.clock.nowSeconds(),
        },
      ) as JsonObject;
      state.put(coll.name, { v, p: [] } satisfies Stored);
    }
  }
}
