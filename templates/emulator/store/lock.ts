/**
 * One process per data directory. node-sqlite3-wasm locks a database by creating `<file>.lock/`, which a killed
 * process leaves behind (SQLite would then answer "database is locked" forever). A pid file taken first tells a
 * stale lock (its process is gone) from a live one; a stale one is cleared, SQLite's directory with it.
 */
import { readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'emulator.lock';

export interface DirLock {
  release(): void;
}

export function acquireDirLock(dir: string, databaseFile: string): DirLock {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const owner = readOwner(path);
    if (owner !== undefined && isAlive(owner)) {
      const who = owner === process.pid ? 'this process (opened twice)' : `process ${owner}`;
      throw new Error(
        `The data directory ${dir} is in use by ${who}. Stop it first; if no emulator runs there, delete ${path}.`,
      );
    }
    removeIfPresent(() => unlinkSync(path));
  }
  // Ours now: whatever SQLite lock is left there belongs to a process that is gone.
  removeIfPresent(() => rmdirSync(`${databaseFile}.lock`));
  return {
    release() {
      if (readOwner(path) === process.pid) removeIfPresent(() => unlinkSync(path));
    },
  };
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeIfPresent(remove: () => void): void {
  try {
    remove();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
