/**
 * `generate --watch`: runs again after a change to any file the last run read (the spec's files, followed through
 * `$ref`s, and the config), debounced so an editor's save is one run. Runs never overlap.
 *
 * Each file is watched by path with `fs.watchFile` (a stat poll), not `fs.watch`: an inode watch dies when an
 * editor saves by writing a new file and renaming it over the old one (`sed -i`, vim, most IDEs), and when a file
 * is deleted and created again; a path poll sees all of these, and in-place writes too. After each run the list
 * of files is refreshed, so a `$ref` to a new file is watched from then on.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import path from 'node:path';

const DEBOUNCE_MS = 150;
const POLL_MS = 200;

export interface WatchTarget {
  /** The files to watch now (absolute or relative to the working directory). */
  files: () => string[];
}

export async function watchSpec(
  target: WatchTarget,
  run: () => Promise<unknown>,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const watched = new Map<string, (curr: Stats, prev: Stats) => void>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (file: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        log(`change in ${path.relative(process.cwd(), file) || file}: generating`);
        await run();
        arm();
      });
    }, DEBOUNCE_MS);
  };
  const arm = () => {
    const now = new Set(target.files().map((f) => path.resolve(f)));
    for (const [file, listener] of watched) {
      if (now.has(file)) continue;
      unwatchFile(file, listener);
      watched.delete(file);
    }
    for (const file of now) {
      if (watched.has(file)) continue;
      // Any difference counts: content (mtime, size), a new inode (rename-save), gone or back (nlink 0 ↔ 1).
      const listener = (curr: Stats, prev: Stats) => {
        if (
          curr.mtimeMs !== prev.mtimeMs ||
          curr.size !== prev.size ||
          curr.ino !== prev.ino ||
          curr.nlink !== prev.nlink
        )
          schedule(file);
      };
      watchFile(file, { interval: POLL_MS, persistent: true }, listener);
      watched.set(file, listener);
    }
  };
  arm();
  log(
    `watching ${watched.size} file${watched.size === 1 ? '' : 's'} (the spec's and the config) (Ctrl-C stops)`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  clearTimeout(timer);
  for (const [file, listener] of watched) unwatchFile(file, listener);
  await running;
}
