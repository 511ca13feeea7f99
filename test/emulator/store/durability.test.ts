import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openStore } from '../../../templates/emulator/store/index.js';
import { LOCK_FILE } from '../../../templates/emulator/store/lock.js';
import { ackLine, itemValue, schedule, type Operation } from './fixtures/schedule.js';

const scratch = mkdtempSync(join(tmpdir(), 'emulator-durable-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const writer = join(import.meta.dirname, 'fixtures', 'writer.ts');

function apply(items: Map<string, number>, pairs: Set<number>, op: Operation): void {
  if (op.verb === 'put') items.set(op.id, op.n);
  else if (op.verb === 'del') items.delete(op.id);
  else pairs.add(op.n);
}

/** Starts the writer; `waitFor(n)` resolves once n lines arrived or it exited. */
function startWriter(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let partial = '';
  const waiters: { count: number; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const w of waiters.splice(0))
      if (lines.length >= w.count) w.resolve();
      else waiters.push(w);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    stderr: () => stderr,
    /** Resolves when `count` lines arrived or the child exited, whichever first. */
    waitFor: (count: number) =>
      Promise.race([
        new Promise<void>((resolve) =>
          lines.length >= count ? resolve() : waiters.push({ count, resolve }),
        ),
        exited,
      ]),
  };
}

describe('EmulatorStore with a directory', () => {
  it('keeps every acknowledged write through kill -9 of the writing process, then writes on', async () => {
    const dir = join(scratch, 'killed');
    // What the store holds, in list order (a Map keeps the store's rules: a replaced key keeps its place, a deleted
    // one put again goes to the end), carried from round to round: each round rewrites the earlier rounds' ids.
    let items = new Map<string, number>();
    let pairs = new Set<number>();
    for (let round = 0; round < 3; round++) {
      const run = startWriter(dir);
      await run.waitFor(400 + round * 150);
      run.child.kill('SIGKILL');
      await run.exited;
      expect(run.stderr()).toBe('');
      const [ready, ...acked] = run.lines;
      expect(ready).toBe('ready');
      expect(acked.length).toBeGreaterThan(300);

      const ops = schedule(1_000_000);
      for (const line of acked) {
        const op = ops.next().value as Operation;
        expect(line).toBe(ackLine(op));
        apply(items, pairs, op);
      }
      // The operation in flight at the kill may have landed or not, but never in part.
      const inFlight = ops.next().value as Operation;
      const ifLanded = { items: new Map(items), pairs: new Set(pairs) };
      apply(ifLanded.items, ifLanded.pairs, inFlight);

      const store = await openStore({ dir });
      const found = store.list('items', { order: 'asc', limit: 1_000_000 }).items;
      const foundPairs = store.list('pairs', { order: 'asc', limit: 1_000_000 }).items;
      const expected = (state: { items: Map<string, number>; pairs: Set<number> }) => ({
        items: [...state.items.values()].map(itemValue),
        pairs: [...state.pairs].flatMap((n) => [{ n }, { n }]),
      });
      expect([expected({ items, pairs }), expected(ifLanded)]).toContainEqual({
        items: found,
        pairs: foundPairs,
      });
      store.close();
      // The next round starts from what was recovered.
      if (JSON.stringify(expected(ifLanded)) === JSON.stringify({ items: found, pairs: foundPairs })) {
        ({ items, pairs } = ifLanded);
      }
    }
  });

  it('keeps data, list order and deleted-item cursors across close and reopen; new items go after old ones', async () => {
    const dir = join(scratch, 'reopen');
    const first = await openStore({ dir });
    for (const id of ['a', 'b', 'c', 'd']) first.put('c', id, id);
    first.delete('c', 'b');
    first.close();
    const second = await openStore({ dir });
    second.put('c', 'e', 'e');
    expect(second.list('c', { order: 'asc', limit: 10 }).items).toEqual(['a', 'c', 'd', 'e']);
    expect(second.list('c', { order: 'asc', limit: 10, after: 'b' }).items).toEqual(['c', 'd', 'e']);
    second.close();
    expect(readdirSync(dir).sort()).toEqual([DATABASE_FILE]);
  });

  it('creates a missing directory, nested', async () => {
    const dir = join(scratch, 'deep', 'er', 'dir');
    const store = await openStore({ dir });
    store.put('c', 'a', 1);
    store.close();
    expect(readdirSync(dir)).toContain(DATABASE_FILE);
  });

  it('refuses a directory that a live process holds, naming it, and one this process already opened', async () => {
    const dir = join(scratch, 'held');
    const run = startWriter(dir);
    await run.waitFor(2);
    await expect(openStore({ dir })).rejects.toThrow(
      `The data directory ${dir} is in use by process ${run.child.pid}. Stop it first; if no emulator runs there, delete ${join(dir, LOCK_FILE)}.`,
    );
    run.child.kill('SIGKILL');
    await run.exited;

    const own = await openStore({ dir });
    await expect(openStore({ dir })).rejects.toThrow(/in use by this process \(opened twice\)/);
    own.close();
    const again = await openStore({ dir });
    again.close();
  });

  it('clears a stale lock (its process is gone), SQLite lock directory included', async () => {
    const dir = join(scratch, 'stale');
    const seed = await openStore({ dir });
    seed.put('c', 'a', 1);
    seed.close();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(join(dir, LOCK_FILE), `${gone.stdout}\n`);
    mkdirSync(join(dir, `${DATABASE_FILE}.lock`));
    const store = await openStore({ dir });
    expect(store.get('c', 'a')).toBe(1);
    store.close();
    // A lock file holding no pid is stale too.
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    (await openStore({ dir })).close();
  });

  it('refuses a database written by a newer emulator', async () => {
    const dir = join(scratch, 'newer');
    (await openStore({ dir })).close();
    const sqlite = (await import('node-sqlite3-wasm')).default;
    const db = new sqlite.Database(join(dir, DATABASE_FILE));
    // A WAL database opens in this file system only with exclusive locking (no shared memory).
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('PRAGMA user_version = 99');
    db.close();
    await expect(openStore({ dir })).rejects.toThrow(
      "The emulator's database was written by a newer emulator (schema 99); this one reads 1.",
    );
    // The refusal released the directory.
    await expect(openStore({ dir })).rejects.toThrow(/newer emulator/);
  });

  it('reports a database file that is not one, naming it, and leaves the directory free', async () => {
    const dir = join(scratch, 'garbage');
    mkdirSync(dir);
    writeFileSync(
      join(dir, DATABASE_FILE),
      'this is not a database, just text long enough to be read as a header '.repeat(20),
    );
    const message = `Cannot open the emulator's database ${join(dir, DATABASE_FILE)}: file is not a database.`;
    await expect(openStore({ dir })).rejects.toThrow(message);
    await expect(openStore({ dir })).rejects.toThrow(message);
  });

  it('reports a data directory that cannot be created', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    await expect(openStore({ dir: join(file, 'sub') })).rejects.toThrow(/ENOTDIR/);
  });
});
