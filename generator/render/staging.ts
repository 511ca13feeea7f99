/**
 * The staging folders of a write (`.generated-new-…` built beside or inside the output, `.generated-old-…` the
 * previous output while the new one is swapped in) never outlive the run: a SIGINT or SIGTERM that arrives during
 * the write is held until the write and its cleanup are done, then delivered; those a run killed outright
 * (SIGKILL, a crash) left are removed by the next run, and a previous output caught between the two renames of a
 * swap is put back.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const STAGING = /^\.generated-(new|old)-(\d+)-\d+-(.*)$/;

/** The name of a staging folder for `target`: the process, the time, and the output's own name. */
export function stagingName(kind: 'new' | 'old', target: string): string {
  return `.generated-${kind}-${process.pid}-${Date.now()}-${path.basename(target)}`;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes what runs that died left beside and inside `target`; puts back an output they had moved aside. */
export function recoverStaging(target: string): void {
  for (const dir of [path.dirname(target), target]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const m = STAGING.exec(name);
      if (!m || m[3] !== path.basename(target) || alive(Number(m[2]))) continue;
      const full = path.join(dir, name);
      if (m[1] === 'old' && dir !== target && !existsSync(target)) renameSync(full, target);
      else rmSync(full, { recursive: true, force: true });
    }
  }
}

/**
 * Runs the synchronous `write` with SIGINT and SIGTERM held: Node delivers a signal to a listener only once the
 * write has returned (and cleaned up), then the listeners stay one more turn of the event loop to receive it, and
 * the first signal received is raised again with the default action.
 */
export function deferSignals<T>(write: () => T): T {
  const received: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals) => received.push(signal);
  process.on('SIGINT', hold);
  process.on('SIGTERM', hold);
  try {
    return write();
  } finally {
    setTimeout(() =>
      setImmediate(() => {
        process.off('SIGINT', hold);
        process.off('SIGTERM', hold);
        if (received.length) process.kill(process.pid, received[0]);
      }),
    );
  }
}
