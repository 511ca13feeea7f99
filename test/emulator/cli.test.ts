/**
 * The `emulate` command: its help and every refusal (usage, config, spec), and durability: the emulator of our
 * spec, run as a child process with `--data`, is killed with SIGKILL after its answers and restarted on the same
 * folder; everything acknowledged is there, and the lifecycles go on from where they were.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/emulate.ts';
import { usageOf } from '../../generator/cli/args.ts';
import { EMULATE } from '../../generator/cli/commands.ts';
import { main as tool } from '../../generator/cli/index.ts';
import { PlatformClient } from '../../generated/client/index.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'emulate-cli-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(
    args,
    { write: (s: string) => (out += s) },
    { write: (s: string) => (err += s) },
    { until: Promise.resolve() },
  );
  return { code, out, err };
}

describe('emulate: help and refusals', () => {
  it('prints its help, and the tool lists the command', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toBe(`${usageOf(EMULATE)}\n`);
    for (const flag of ['--spec', '--port', '--data', '--config']) expect(help.out).toContain(flag);
    let listed = '';
    expect(await tool(['--help'], { write: (s: string) => (listed += s) })).toBe(0);
    expect(listed).toMatch(/emulate\s+serve a stateful emulator/);
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await run(['--prot', '1'])).code).toBe(2);
    const port = await run(['--port', 'abc']);
    expect(port.code).toBe(2);
    expect(port.err).toContain('--port must be an integer');
    expect((await run(['--strict', '--tolerant'])).code).toBe(2);
  });

  it('refuses a missing, malformed or wrong config with exit 2, naming the key', async () => {
    const missing = await run([
      '--spec',
      'test/fixtures/petstore-expanded/openapi.yaml',
      '--config',
      path.join(dir, 'none.json'),
    ]);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toContain('no such file');
    writeFileSync(path.join(dir, 'syntax.json'), '{ "apiKeys": [ }');
    const syntax = await run([
      '--spec',
      'test/fixtures/petstore-expanded/openapi.yaml',
      '--config',
      path.join(dir, 'syntax.json'),
    ]);
    expect(syntax.code).toBe(2);
    expect(syntax.err).toMatch(/error\[config\]: .*syntax\.json: .*JSON/);
    writeFileSync(path.join(dir, 'key.json'), JSON.stringify({ apiKeyz: [] }));
    const key = await run([
      '--spec',
      'test/fixtures/petstore-expanded/openapi.yaml',
      '--config',
      path.join(dir, 'key.json'),
    ]);
    expect(key.code).toBe(2);
    expect(key.err).toContain('apiKeyz: unknown key');
    writeFileSync(path.join(dir, 'steps.json'), JSON.stringify({ steps: { 'upload:pending->expired': 5 } }));
    const steps = await run(['--spec', 'spec/openapi.yaml', '--config', path.join(dir, 'steps.json')]);
    expect(steps.code).toBe(2);
    expect(steps.err).toContain('the documents fix this step at PT1H');
  });

  it('reads names of Object.prototype in steps and seed as data: no such machine or collection, exit 2', async () => {
    for (const [config, message] of [
      [{ steps: { 'constructor:a->b': 5 } }, 'config steps.constructor:a->b: no state machine "constructor"'],
      [{ steps: { '__proto__:a->b': 5 } }, 'config steps.__proto__:a->b: no state machine "__proto__"'],
      [{ steps: { 'toString:a->b': null } }, 'config steps.toString:a->b: no state machine "toString"'],
      [{ seed: { constructor: [{ id: 'x' }] } }, 'config seed: no collection constructor'],
      [{ seed: { hasOwnProperty: [{ id: 'x' }] } }, 'config seed: no collection hasOwnProperty'],
    ] as const) {
      const file = path.join(dir, 'proto.json');
      writeFileSync(file, JSON.stringify(config));
      const r = await run(['--spec', 'spec/openapi.yaml', '--config', file]);
      expect(r.err).toContain(message);
      expect(r.code).toBe(2);
    }
  });

  it('reports a spec it cannot read with exit 1 and its location', async () => {
    const r = await run(['--spec', path.join(dir, 'nope.yaml')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('nope.yaml');
  });
});

/** Starts `emulate` as a child process and resolves with its URL once it listens. */
function child(args: string[]): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/tool.ts', 'emulate', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve({ proc, url: m[1]! });
    });
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('exit', (code) => reject(new Error(`emulate exited ${code}: ${err}`)));
  });
}

describe('emulate --data', () => {
  it('keeps everything acknowledged through kill -9, and the lifecycles go on', async () => {
    const data = path.join(dir, 'data');
    // Batches stay in_progress until cancelled (the assumed step to finalizing off): real time cannot move them on.
    const config = path.join(dir, 'emulator.json');
    writeFileSync(config, JSON.stringify({ steps: { 'batch:in_progress->finalizing': null } }));
    const first = await child([
      '--spec',
      'spec/openapi.yaml',
      '--port',
      '0',
      '--data',
      data,
      '--config',
      config,
    ]);
    const client = new PlatformClient({ apiKey: 'k', baseURL: `${first.url}/v1`, maxRetries: 0 });
    const stores: string[] = [];
    for (let i = 0; i < 20; i++)
      stores.push((await client.vectorStores.create({ name: `s${i}`, file_ids: [`file_${i}`] })).id);
    const batch = await client.batches.create({
      completion_window: '24h',
      endpoint: '/v1/embeddings',
      input_file_id: 'file_1',
    });
    await fetch(`${first.url}/_emulator/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 1000 }),
    });
    expect((await client.batches.cancel(batch.id)).status).toBe('cancelling');
    const exited = new Promise((r) => first.proc.once('exit', r));
    first.proc.kill('SIGKILL');
    await exited;

    const second = await child([
      '--spec',
      'spec/openapi.yaml',
      '--port',
      '0',
      '--data',
      data,
      '--config',
      config,
    ]);
    const again = new PlatformClient({ apiKey: 'k', baseURL: `${second.url}/v1`, maxRetries: 0 });
    const listed: string[] = [];
    for await (const s of again.vectorStores.list({ order: 'asc', limit: 7 })) listed.push(s.id);
    expect(listed).toEqual(stores);
    expect((await again.vectorStores.files.retrieve(stores[3]!, 'file_3')).vector_store_id).toBe(stores[3]);
    const clock = (await (await fetch(`${second.url}/_emulator/clock`)).json()) as { offset_ms: number };
    expect(clock.offset_ms).toBe(1000);
    const status = async () => {
      for await (const b of again.batches.list()) if (b.id === batch.id) return b.status;
      return undefined;
    };
    expect(await status()).toBe('cancelling');
    await fetch(`${second.url}/_emulator/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 600_000 }),
    });
    expect(await status()).toBe('cancelled');
    second.proc.kill('SIGTERM');
  });
});
