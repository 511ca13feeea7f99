/**
 * The emulator keeps its own rules whatever a request sends, and stays up: fields the server assigns stay its own
 * on create and update; the clock stops at dates the API's timestamps can express; the control endpoints take the
 * API's keys, refuse requests from web pages and bound what they read; a timed step the store cannot save is
 * logged and tried again while the emulator serves (the disk's failure simulated at the file-system calls the
 * store makes, not by filling a disk).
 */
import fs, { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunningEmulator } from '../../generated/emulator/index.ts';
import { start } from './helpers.ts';

const running: RunningEmulator[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const e of running.splice(0)) await e.close();
});

async function emulator(options: Parameters<typeof start>[0] = {}) {
  const started = await start(options);
  running.push(started.emulator);
  return started;
}

const json = { 'content-type': 'application/json', authorization: 'Bearer sk-test' };

async function clock(e: RunningEmulator, body: unknown, headers: Record<string, string> = json) {
  const res = await fetch(`${e.url}/_emulator/clock`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string }; now_ms?: number } };
}

describe('fields the server assigns', () => {
  it('stay the emulator’s whatever an update sends (status, created_at, the parent’s id)', async () => {
    const { base } = await emulator();
    const post = (p: string, body: unknown) =>
      fetch(`${base}${p}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    const store = (await (await post('/vector_stores', { name: 's', file_ids: ['file_1'] })).json()) as {
      id: string;
    };
    const before = (await (
      await fetch(`${base}/vector_stores/${store.id}/files/file_1`, { headers: json })
    ).json()) as Record<string, unknown>;
    const res = await post(`/vector_stores/${store.id}/files/file_1`, {
      attributes: { team: 'a' },
      status: 'failed',
      created_at: 1,
      vector_store_id: 'vs_other',
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as Record<string, unknown>;
    expect(after).toMatchObject({
      attributes: { team: 'a' },
      status: before.status,
      created_at: before.created_at,
      vector_store_id: store.id,
    });
    const counts = (await (await fetch(`${base}/vector_stores/${store.id}`, { headers: json })).json()) as {
      file_counts?: { failed?: number };
    };
    expect(counts.file_counts?.failed ?? 0).toBe(0);
  });

  it('stay the emulator’s on create (created_at: -5 is not taken)', async () => {
    const { base } = await emulator();
    const res = await fetch(`${base}/vector_stores`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'n', created_at: -5, status: 'expired', id: 'vs_mine' }),
    });
    const made = (await res.json()) as { created_at: number; status: string; id: string };
    expect(made.created_at).toBeGreaterThan(1_700_000_000);
    expect(made.status).not.toBe('expired');
    expect(made.id).not.toBe('vs_mine');
  });
});

describe('the clock', () => {
  it('refuses a jump past the dates the API can express with a clear 400, and works up to it', async () => {
    const { emulator: e, client } = await emulator();
    for (const advance_ms of [1e300, 8e15, Number.MAX_SAFE_INTEGER]) {
      const r = await clock(e, { advance_ms });
      expect(r.status).toBe(400);
      expect(r.body.error?.message).toMatch(
        /^advance_ms would take the clock past 9999-01-01T00:00:00\.000Z, beyond the dates the API's timestamps express; at most \d+ ms remain$/,
      );
    }
    const room = Number(
      /at most (\d+) ms/.exec((await clock(e, { advance_ms: 1e300 })).body.error!.message)![1],
    );
    // Up to the bound, less a day: creates still answer, with timestamps of four-digit years.
    expect((await clock(e, { advance_ms: room - 86_400_000 })).status).toBe(200);
    const upload = await client.uploads.create({
      bytes: 3,
      filename: 'a.jsonl',
      mime_type: 'text/jsonl',
      purpose: 'batch',
    });
    expect(upload.status).toBe('pending');
    expect(new Date(upload.created_at * 1000).getUTCFullYear()).toBe(9998);
    expect(Number.isSafeInteger(upload.expires_at)).toBe(true);
  });
});

describe('the control endpoints', () => {
  it('take the API keys when the config has some', async () => {
    const { emulator: e } = await emulator({ config: { apiKeys: ['sk-test'] } });
    expect((await fetch(`${e.url}/_emulator/clock`)).status).toBe(401);
    expect((await clock(e, { advance_ms: 1 }, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await clock(e, { advance_ms: 1 }, { ...json, authorization: 'Bearer sk-wrong' })).status).toBe(
      401,
    );
    expect((await fetch(`${e.url}/_emulator/webhooks`, { headers: json })).status).toBe(200);
    expect((await clock(e, { advance_ms: 1 })).status).toBe(200);
  });

  it('refuse what a web page of another origin sends, and a text/plain clock move', async () => {
    const { emulator: e } = await emulator();
    const before = (await (await fetch(`${e.url}/_emulator/clock`)).json()) as { offset_ms: number };
    const cases: Record<string, string>[] = [
      { 'content-type': 'text/plain', origin: 'https://attacker.example' },
      { 'content-type': 'application/json', origin: 'https://attacker.example' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of cases)
      expect((await clock(e, { advance_ms: 3_600_000 }, headers)).status).toBe(403);
    expect((await clock(e, { advance_ms: 3_600_000 }, { 'content-type': 'text/plain' })).status).toBe(415);
    const after = (await (await fetch(`${e.url}/_emulator/clock`)).json()) as { offset_ms: number };
    expect(after.offset_ms).toBe(before.offset_ms);
    // The emulator's own origin is fine.
    expect((await clock(e, { advance_ms: 1 }, { ...json, origin: e.url })).status).toBe(200);
  });

  it('judge a body by its declared length before reading it', { timeout: 60_000 }, async () => {
    const { emulator: e } = await emulator();
    // Headers only: the 64 MiB body is never sent, so an answer proves nothing of it was waited for.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(e.port, '127.0.0.1');
      let out = '';
      socket.on('data', (d) => (out += String(d)));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
      socket.write(
        'POST /_emulator/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 67108864\r\n\r\n',
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('The body is larger than this endpoint takes (4096 bytes).');
  });
});

describe('storage failing', () => {
  it(
    'a timed step that cannot be saved is logged and tried again; the emulator keeps serving',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'emulator-disk-'));
      try {
        const { emulator: e, client, base } = await emulator({ dataDir: dir });
        const upload = await client.uploads.create({
          bytes: 3,
          filename: 'a.jsonl',
          mime_type: 'text/jsonl',
          purpose: 'batch',
        });
        const logged: string[] = [];
        vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));
        // The disk fails first; then the upload's one-hour step falls due (the clock moved in the process, which
        // writes nothing), so no write can succeed before the failure, however slow the machine.
        let failing = true;
        const write = fs.writeSync;
        vi.spyOn(fs, 'writeSync').mockImplementation((...args: unknown[]) => {
          if (failing) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO', errno: -5 });
          return (write as (...a: unknown[]) => number)(...args);
        });
        e.state.clock.advance(3_600_000);
        // A request arms the step's timer (it answers 500 itself: the step it would apply first cannot be saved).
        expect((await fetch(`${base}/models`, { headers: json })).status).toBe(500);
        // Polled: the step's timer fires, fails to save, and says so.
        while (!logged.some((l) => l.includes('a timed step could not be saved')))
          await new Promise((r) => setTimeout(r, 20));
        expect(logged.find((l) => l.startsWith('emulator: a timed step'))).toMatch(
          /^emulator: a timed step could not be saved \(.+\); trying again in 1000 ms$/,
        );
        // Still serving: a request that reads nothing due answers.
        expect((await fetch(`${e.url}/_emulator/clock`)).status).toBe(200);
        failing = false;
        // The step is applied on its retry.
        let status = '';
        while (status !== 'expired') {
          await new Promise((r) => setTimeout(r, 50));
          status = String(
            (e.state.store.get('Upload', upload.id) as { v?: { status?: string } } | undefined)?.v?.status ??
              '',
          );
        }
        expect(status).toBe('expired');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
