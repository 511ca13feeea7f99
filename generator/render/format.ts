/**
 * Formats every generated file (TypeScript, Markdown, JSON) in prettier's style with a fixed configuration.
 * Prettier's output is the contract (`npm run check:format` runs `prettier --check` over `generated/` and
 * every golden tree). To reach it fast, TypeScript and Markdown go through oxfmt, a native prettier-compatible
 * formatter about ten times faster, and its output is aligned with prettier where the two are known to differ
 * (`oxfmt-align.ts`); a file whose oxfmt output shows a difference that cannot be aligned is formatted by
 * prettier itself, in a worker thread (none of our outputs needs it today). `engine: 'prettier'` formats everything with prettier.
 */
import os from 'node:os';
import type * as Prettier from 'prettier';
import type { GeneratedFile } from '../emit/contract.ts';
import type { FormatCache } from './format-cache.ts';
import { alignWithPrettier } from './oxfmt-align.ts';
import { formatInPool } from './prettier-pool.ts';
import { PRETTIER_OPTIONS } from './prettier-options.ts';

export { PRETTIER_OPTIONS } from './prettier-options.ts';

export type FormatEngine = 'oxfmt' | 'prettier';

const PARSERS: Record<string, string> = { '.ts': 'typescript', '.md': 'markdown', '.json': 'json' };

export function parserFor(path: string): string | undefined {
  return PARSERS[/\.[a-z]+$/.exec(path)?.[0] ?? ''];
}

function prettierOptions(path: string): Prettier.Options {
  return { ...PRETTIER_OPTIONS, parser: parserFor(path)! };
}

/** Formats files with prettier in worker threads (largest first, so the pool stays balanced); order is kept. */
async function formatWithPrettier(files: GeneratedFile[]): Promise<string[]> {
  const size = Math.max(1, Math.min(os.availableParallelism(), 3));
  const order = files.map((_, i) => i).sort((a, b) => files[b]!.contents.length - files[a]!.contents.length);
  const out: string[] = new Array(files.length);
  await Promise.all(
    order.map(async (i) => {
      const file = files[i]!;
      try {
        out[i] = await formatInPool(file.contents, prettierOptions(file.path), size);
      } catch (error) {
        throw new Error(`prettier failed on ${file.path}: ${(error as Error).message}`);
      }
    }),
  );
  return out;
}

/** oxfmt's output aligned with prettier's, or undefined when the file must go to prettier. */
let oxfmt: Promise<typeof import('oxfmt').format | undefined> | undefined;

async function formatWithOxfmt(file: GeneratedFile): Promise<string | undefined> {
  // Without a native binding for this platform, every file goes to prettier: slower, same bytes.
  oxfmt ??= import('oxfmt').then(
    (m) => m.format,
    () => undefined,
  );
  const format = await oxfmt;
  if (!format) return undefined;
  // The name only tells oxfmt the language: `package.json` would be sorted and read as prettier's
  // json-stringify, where our prettier call formats every `.json` file with the json parser.
  const result = await format(`file${/\.[a-z]+$/.exec(file.path)![0]}`, file.contents, {
    ...PRETTIER_OPTIONS,
  });
  if (result.errors.length) return undefined;
  return parserFor(file.path) === 'typescript'
    ? alignWithPrettier(result.code, PRETTIER_OPTIONS.printWidth)
    : result.code;
}

/**
 * oxfmt formats on native threads and holds each file's tree until its result is read: every file at once took
 * GitHub's run from 1 GB to 2 GB of resident memory. A file in flight per core (at most 4) keeps the cores busy.
 */
const OXFMT_IN_FLIGHT = Math.min(4, Math.max(2, os.availableParallelism()));

/** `fn` over `items` with at most `limit` calls pending at once; results in order. */
async function inFlight<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The identity of the formatting engine, part of the cache key: a new version invalidates cached output. */
export async function engineId(engine: FormatEngine): Promise<string> {
  const prettier = (await import('prettier/package.json', { with: { type: 'json' } })).default.version;
  if (engine === 'prettier') return `prettier ${prettier}`;
  const oxfmt = (await import('oxfmt/package.json', { with: { type: 'json' } })).default.version;
  return `prettier ${prettier} oxfmt ${oxfmt} align 3`;
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
    const formatted = await inFlight(work, OXFMT_IN_FLIGHT, formatWithOxfmt);
    work.forEach((f, i) => {
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
