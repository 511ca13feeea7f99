/**
 * `emulate` on a spec through the command's own code path (generate → compile → serve) in this process, as a user
 * runs it; every emulator started here is closed after the file's tests.
 */
import { afterAll } from 'vitest';
import { main } from '../../generator/cli/emulate.ts';

const closers: (() => void)[] = [];
afterAll(() => closers.forEach((c) => c()));

export interface Served {
  /** The API's root: `http://127.0.0.1:<port><basePath>`. */
  base: string;
  /** `http://127.0.0.1:<port>`: the control endpoints are below `/_emulator/`. */
  origin: string;
  /** Resolves with the command's exit code once it closes. */
  done: Promise<number>;
  out: string[];
  close(): Promise<number>;
}

export async function serve(spec: string, args: string[] = []): Promise<Served> {
  let stop!: () => void;
  const until = new Promise<void>((r) => (stop = r));
  closers.push(stop);
  let listening!: (url: string) => void;
  const url = new Promise<string>((r) => (listening = r));
  const out: string[] = [];
  const sink = { write: (s: string) => out.push(s) };
  const done = main(['--spec', spec, '--port', '0', ...args], sink, sink, { until, onListening: listening });
  const origin = await Promise.race([url, done.then((code) => `exit ${code}: ${out.join('')}`)]);
  if (!origin.startsWith('http')) throw new Error(origin);
  const line = out.find((l) => l.startsWith('Emulating'))!;
  return { base: line.match(/at (\S+)/)![1]!, origin, done, out, close: () => (stop(), done) };
}

export const send = (url: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method,
    headers: {
      authorization: 'Bearer t',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/**
 * Polls `fn` until it gives a value. No fixed wait: a loaded machine takes what it takes; the bound (two minutes)
 * only stops a hang, with `what` in the message.
 */
export async function until<T>(what: string, fn: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`waited two minutes for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
