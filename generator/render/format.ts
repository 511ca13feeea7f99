/**
 * Formats every generated file (TypeScript, Markdown, JSON) in prettier's style with a fixed configuration.
 * Prettier's output is the contract (`npm run check:format` runs `prettier --check` over `generated/` and
 * every golden tree). To reach it fast, TypeScript and Markdown go through oxfmt, a native prettier-compatible
 * formatter about ten times faster, and its output is aligned with prettier where the two are known to differ
 * (`oxfmt-align.ts`); a file whose oxfmt output shows a difference that cannot be aligned, and every JSON file,
 * is formatted by prettier itself, in a worker thread. `engine: 'prettier'` formats everything with prettier.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type * as Prettier from 'prettier';
import type { GeneratedFile } from '../emit/index.ts';
import type { FormatCache } from './format-cache.ts';
import { alignWithPrettier } from './oxfmt-align.ts';

export type FormatEngine = 'oxfmt' | 'prettier';

export const PRETTIER_OPTIONS = {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  proseWrap: 'preserve',
  endOfLine: 'lf',
} as const satisfies Prettier.Options;

const PARSERS: Record<string, string> = { '.ts': 'typescript', '.md': 'markdown', '.json': 'json' };

export function parserFor(path: string): string | undefined {
  return PARSERS[/\.[a-z]+$/.exec(path)?.[0] ?? ''];
}

function prettierOptions(path: string): Prettier.Options {
  return { ...PRETTIER_OPTIONS, parser: parserFor(path)! };
}

/** Formats files with prettier in worker threads (largest first, dealt round-robin); order is kept. */
async function formatWithPrettier(files: GeneratedFile[]): Promise<string[]> {
  if (!files.length) return [];
  const order = files.map((_, i) => i).sort((a, b) => files[b]!.contents.length - files[a]!.contents.length);
  const workers = Math.max(1, Math.min(os.availableParallelism(), 3, Math.ceil(files.length / 4)));
  const shares: number[][] = Array.from({ length: workers }, () => []);
  order.forEach((index, i) => shares[i % workers]!.push(index));
  const out: string[] = new Array(files.length);
  const pool = shares.map(() => new Worker(new URL('./format-worker.mjs', import.meta.url)));
  try {
    await Promise.all(
      pool.map(
        (worker, w) =>
          new Promise<void>((resolve, reject) => {
            const jobs = shares[w]!;
            let next = 0;
            const send = () => {
              const index = jobs[next];
              if (index === undefined) return resolve();
              worker.postMessage({ id: index, contents: files[index]!.contents, options: prettierOptions(files[index]!.path) });
            };
            worker.on('message', (msg: { id: number; contents?: string; error?: string }) => {
              if (msg.error !== undefined) return reject(new Error(`prettier failed on ${files[msg.id]!.path}: ${msg.error}`));
              out[msg.id] = msg.contents!;
              next++;
              send();
            });
            worker.on('error', reject);
            send();
          }),
      ),
    );
    return out;
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

/** oxfmt's output aligned with prettier's, or undefined when the file must go to prettier. */
async function formatWithOxfmt(file: GeneratedFile): Promise<string | undefined> {
  const { format } = await import('oxfmt');
  const result = await format(file.path, file.contents, { ...PRETTIER_OPTIONS });
  if (result.errors.length) return undefined;
  return parserFor(file.path) === 'typescript' ? alignWithPrettier(result.code, PRETTIER_OPTIONS.printWidth) : result.code;
}

/** The identity of the formatting engine, part of the cache key: a new version invalidates cached output. */
export async function engineId(engine: FormatEngine): Promise<string> {
  const prettier = (await import('prettier/package.json', { with: { type: 'json' } })).default.version;
  if (engine === 'prettier') return `prettier ${prettier}`;
  const oxfmt = (await import('oxfmt/package.json', { with: { type: 'json' } })).default.version;
  return `prettier ${prettier} oxfmt ${oxfmt} align 1`;
}

export interface FormatStats {
  cached: number;
  oxfmt: number;
  prettier: number;
}

export async function formatFiles(
  files: GeneratedFile[],
  cache?: FormatCache,
  engine: FormatEngine = 'oxfmt',
  stats: FormatStats = { cached: 0, oxfmt: 0, prettier: 0 },
): Promise<GeneratedFile[]> {
  const id = cache ? await engineId(engine) : '';
  const results = new Map<GeneratedFile, string>();
  const work = files.filter((f) => {
    if (!parserFor(f.path)) return false;
    const hit = cache?.get(f.contents, `${id} ${parserFor(f.path)}`);
    if (hit !== undefined) results.set(f, hit);
    return hit === undefined;
  });
  stats.cached += results.size;
  const toPrettier: GeneratedFile[] = [];
  if (engine === 'prettier') toPrettier.push(...work);
  else {
    const native = work.filter((f) => parserFor(f.path) !== 'json');
    toPrettier.push(...work.filter((f) => parserFor(f.path) === 'json'));
    const formatted = await Promise.all(native.map(formatWithOxfmt));
    native.forEach((f, i) => {
      const text = formatted[i];
      if (text === undefined) toPrettier.push(f);
      else results.set(f, text);
    });
    stats.oxfmt += formatted.filter((t) => t !== undefined).length;
  }
  const fromPrettier = await formatWithPrettier(toPrettier);
  toPrettier.forEach((f, i) => results.set(f, fromPrettier[i]!));
  stats.prettier += toPrettier.length;
  if (cache) for (const f of work) cache.set(f.contents, `${id} ${parserFor(f.path)}`, results.get(f)!);
  return files.map((f) => (results.has(f) ? { ...f, contents: results.get(f)! } : f));
}
