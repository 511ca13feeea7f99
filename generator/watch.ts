/**
 * `generate --watch`: runs again after any change in the spec's folder (recursively, so split specs are covered)
 * or to the config, debounced so an editor's save-and-rename is one run. Runs never overlap.
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

const DEBOUNCE_MS = 150;

export async function watchSpec(spec: string, outDir: string, config: string | undefined, run: () => Promise<number>, log: (line: string) => void, signal?: AbortSignal): Promise<void> {
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (file: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        log(`change in ${file}: generating`);
        await run();
      });
    }, DEBOUNCE_MS);
  };
  const specDir = path.dirname(path.resolve(spec));
  const out = path.resolve(outDir);
  // Only spec sources count: the output (and its staging siblings) and caches may live in the same folder.
  const relevant = (file: string) => {
    const full = path.join(specDir, file);
    return /\.(ya?ml|json)$/.test(file) && !file.includes('.generated-') && !full.startsWith(out) && !full.split(path.sep).includes('node_modules');
  };
  watchers.push(watch(specDir, { recursive: true }, (_event, file) => file && relevant(file) && schedule(file)));
  if (config) watchers.push(watch(path.resolve(config), () => schedule(config)));
  log(`watching ${path.dirname(spec)}/${config ? ` and ${config}` : ''} (Ctrl-C stops)`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
}
