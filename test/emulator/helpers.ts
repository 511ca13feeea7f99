/** Starting our API's emulator (generated/emulator) on a free port, moving its clock, validating its answers. */
import {
  MODEL,
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../generated/emulator/index.ts';
import { PlatformClient } from '../../generated/client/index.ts';
import { validateResponse } from '../../generated/validators/index.ts';
import { matchRoute } from '../../generated/server/index.ts';

/**
 * One assumed step in the tests: a minute, not the default second, so that real time (which the emulator's clock
 * also follows) cannot take an item a step further between a test's requests on a loaded machine.
 */
export const STEP = 60_000;
export const STEPS: Record<string, number> = Object.fromEntries(
  MODEL.assumedProgressions.map((a) => [`${a.machine}:${a.from}->${a.to}`, STEP]),
);

export async function start(
  options: EmulatorOptions = {},
): Promise<{ emulator: RunningEmulator; client: PlatformClient; base: string }> {
  const emulator = await startEmulator({
    port: 0,
    ...options,
    config: { ...options.config, steps: { ...STEPS, ...options.config?.steps } },
  });
  const base = `${emulator.url}${emulator.basePath}`;
  const client = new PlatformClient({ apiKey: 'sk-test', baseURL: base, maxRetries: 0, fetch: checkedFetch });
  return { emulator, client, base };
}

/** Moves the emulator's clock; `key`: an API key of its config, when it has `apiKeys`. */
export async function advance(emulator: RunningEmulator, ms: number, key = 'sk-test'): Promise<void> {
  const res = await fetch(`${emulator.url}/_emulator/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ advance_ms: ms }),
  });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
}

/** Every JSON answer that passes through the client, with the operation it answered, for the response validator. */
export const answered: { operationId: string; status: number; body: unknown }[] = [];

const checkedFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const operationId = matchRoute(url.pathname.replace(/^\/v1/, ''))?.methods[method];
  if (operationId && (res.headers.get('content-type') ?? '').includes('application/json')) {
    answered.push({ operationId, status: res.status, body: await res.clone().json() });
  }
  return res;
};

/** The errors of every recorded answer that does not validate against its operation's response schema. */
export function invalidAnswers(): string[] {
  return answered.flatMap((a) => {
    const result = validateResponse(
      a.operationId as Parameters<typeof validateResponse>[0],
      a.status,
      a.body,
    ) as { ok: boolean; errors?: unknown };
    return result.ok ? [] : [`${a.operationId} ${a.status}: ${JSON.stringify(result.errors).slice(0, 400)}`];
  });
}
