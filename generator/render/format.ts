/**
 * Formats every generated file with prettier (TypeScript, Markdown, JSON), with a fixed configuration.
 * Prettier is most of generation time, so files are spread over a small pool of worker threads (one per
 * spare core) plus the main thread; output does not depend on which thread formatted a file.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import * as prettier from 'prettier';
import type { GeneratedFile } from '../diagnostics.ts';
import type { FormatCache } from './format-cache.ts';

export const PRETTIER_OPTIONS: prettier.Options = {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  proseWrap: 'preserve',
  endOfLine: 'lf',
};

const PARSERS: Record<string, string> = { '.ts': 'typescript', '.md': 'markdown', '.json': 'json' };

function optionsFor(path: string): prettier.Options | undefined {
  const parser = PARSERS[/\.[a-z]+$/.exec(path)?.[0] ?? ''];
  return parser ? { ...PRETTIER_OPTIONS, parser } : undefined;
}

function formatInWorker(worker: Worker, jobs: GeneratedFile[]): Promise<GeneratedFile[]> {
  return new Promise((resolve, reject) => {
    const out: GeneratedFile[] = [];
    let next = 0;
    const send = () => {
      const file = jobs[next];
      if (!file) return resolve(out);
      worker.postMessage({ id: next, contents: file.contents, options: optionsFor(file.path) });
    };
    worker.on('message', (msg: { id: number; contents?: string; error?: string }) => {
      const file = jobs[msg.id]!;
      if (msg.error !== undefined) return reject(new Error(`prettier failed on ${file.path}: ${msg.error}`));
      out.push({ ...file, contents: msg.contents! });
      next++;
      send();
    });
    worker.on('error', reject);
    send();
  });
}

export async function formatFiles(files: GeneratedFile[], cache?: FormatCache): Promise<GeneratedFile[]> {
  const plain = files.filter((f) => !optionsFor(f.path));
  const cached: GeneratedFile[] = [];
  const work: GeneratedFile[] = [];
  for (const f of files) {
    const options = optionsFor(f.path);
    if (!options) continue;
    const hit = cache?.get(f.contents, options);
    if (hit !== undefined) cached.push({ ...f, contents: hit });
    else work.push(f);
  }
  work.sort((a, b) => b.contents.length - a.contents.length);
  const workers = Math.min(Math.max(0, os.availableParallelism() - 1), 3, Math.floor(work.length / 4));
  // Largest first, dealt round-robin: the main thread takes one share, each worker another.
  const shares: GeneratedFile[][] = Array.from({ length: workers + 1 }, () => []);
  work.forEach((f, i) => shares[i % shares.length]!.push(f));
  const pool = shares.slice(1).map(() => new Worker(new URL('./format-worker.mjs', import.meta.url)));
  try {
    const results = await Promise.all([
      Promise.all(shares[0]!.map(async (f) => ({ ...f, contents: await prettier.format(f.contents, optionsFor(f.path)!) }))),
      ...pool.map((w, i) => formatInWorker(w, shares[i + 1]!)),
    ]);
    const formatted = results.flat();
    if (cache) {
      const source = new Map(work.map((f) => [f.path, f.contents]));
      for (const f of formatted) cache.set(source.get(f.path)!, optionsFor(f.path)!, f.contents);
    }
    return [...plain, ...cached, ...formatted];
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
