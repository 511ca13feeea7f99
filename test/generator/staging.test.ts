/**
 * No staging folder outlives a run: a generate signalled (SIGINT, SIGTERM) while it writes finishes the write and
 * its cleanup, then ends by the signal; one killed outright (SIGKILL) leaves them to the next run, which removes
 * them, or puts back the previous output a swap had moved aside. Real child processes, signalled once their
 * staging folder exists (polled, no fixed delay).
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readManifest, writeTree } from '../../generator/render/write.ts';

const writer = path.resolve('test/fixtures/staging/writer.ts');
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-staging-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const staged = (folder: string) =>
  existsSync(folder) ? readdirSync(folder).filter((f) => f.startsWith('.generated-')) : [];

/** Starts the writer, waits until it stages, sends `signal`; resolves with how it ended. */
function signalMidWrite(out: string, signal: NodeJS.Signals, label: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, out, label], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += String(c)));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  let sent = false;
  const poll = setInterval(() => {
    if (!sent && (staged(dir).length > 0 || staged(out).length > 0)) {
      sent = true;
      child.kill(signal);
    }
  }, 1);
  return ended.then((end) => {
    clearInterval(poll);
    return { ...end, sent, stdout };
  });
}

/** The tree `writer.ts` writes is whole: every file, all from the same run. */
function whole(out: string, label: string): boolean {
  const files = readManifest(out) ?? [];
  return (
    files.length === 3000 &&
    files.every((f) => readFileSync(path.join(out, f), 'utf8').startsWith(`// ${label} `))
  );
}

describe('staging folders', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'are gone after %s mid-write; the run ends by the signal with the output whole',
    { timeout: 120_000 },
    async (signal) => {
      const out = path.join(dir, 'out');
      writeTree(out, [{ path: 'a.ts', contents: '// before\n' }]);
      const end = await signalMidWrite(out, signal, 'new');
      expect(end.sent).toBe(true);
      // The write (and the writer's last line) completed, then the held signal ended the process.
      expect(end).toMatchObject({ signal, stdout: 'done\n' });
      expect(staged(dir)).toEqual([]);
      expect(staged(out)).toEqual([]);
      expect(whole(out, 'new')).toBe(true);
    },
  );

  it(
    'left by a killed run are removed by the next, which writes as usual',
    { timeout: 120_000 },
    async () => {
      const out = path.join(dir, 'out');
      writeTree(out, [{ path: 'a.ts', contents: '// before\n' }]);
      const end = await signalMidWrite(out, 'SIGKILL', 'new');
      expect(end.signal).toBe('SIGKILL');
      writeTree(out, [{ path: 'b.ts', contents: '// after\n' }]);
      expect(staged(dir)).toEqual([]);
      expect(readManifest(out)).toEqual(['b.ts']);
    },
  );

  it('puts back an output a killed run had moved aside, and leaves other outputs and live runs alone', async () => {
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid!));
    });
    const out = path.join(dir, 'out');
    const aside = path.join(dir, `.generated-old-${dead}-1-out`);
    writeTree(aside, [{ path: 'a.ts', contents: '// before\n' }]);
    const other = path.join(dir, `.generated-new-${dead}-1-other`);
    const live = path.join(dir, `.generated-new-${process.ppid}-1-out`);
    mkdirSync(other);
    mkdirSync(live);
    writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    writeTree(out, [{ path: 'a.ts', contents: '// after\n' }]);
    expect(readFileSync(path.join(out, 'a.ts'), 'utf8')).toBe('// after\n');
    expect(readdirSync(dir).sort()).toEqual(
      [path.basename(other), path.basename(live), 'keep.txt', 'out'].sort(),
    );
  });
});
