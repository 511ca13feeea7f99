/**
 * A content-addressed cache of the formatter's output, so that regenerating after a small spec change formats
 * only the files that changed. The key covers the formatting engine's identity (versions of prettier and
 * oxfmt), the options and the unformatted text, so a hit is always what the formatter would print. Lives in
 * `node_modules/.cache/platform-api-codegen/`, as other build tools' caches do; a missing or unreadable cache
 * only costs time.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRETTIER_OPTIONS } from './prettier-options.ts';

export const DEFAULT_CACHE_DIR = 'node_modules/.cache/platform-api-codegen/format';

export interface FormatCache {
  get(contents: string, engine: string): string | undefined;
  set(contents: string, engine: string, formatted: string): void;
}

export function createFormatCache(dir: string): FormatCache {
  const options = JSON.stringify(PRETTIER_OPTIONS);
  const key = (contents: string, engine: string) =>
    createHash('sha256')
      .update(engine)
      .update('\0')
      .update(options)
      .update('\0')
      .update(contents)
      .digest('hex');
  let ready = false;
  return {
    get(contents, engine) {
      try {
        return readFileSync(path.join(dir, key(contents, engine)), 'utf8');
      } catch {
        return undefined;
      }
    },
    set(contents, engine, formatted) {
      try {
        if (!ready) mkdirSync(dir, { recursive: true });
        ready = true;
        writeFileSync(path.join(dir, key(contents, engine)), formatted);
      } catch {
        // A read-only or full disk only means no caching.
      }
    },
  };
}
