/**
 * A content-addressed cache of prettier's output, so that regenerating after a small spec change formats only
 * the files that changed. The key covers prettier's version, the options and the unformatted text, so a hit
 * is always what prettier would print. Lives in `node_modules/.cache/platform-api-codegen/`, as other build
 * tools' caches do; a missing or unreadable cache only costs time.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

export const DEFAULT_CACHE_DIR = 'node_modules/.cache/platform-api-codegen/prettier';

export interface FormatCache {
  get(contents: string, options: object): string | undefined;
  set(contents: string, options: object, formatted: string): void;
}

export function createFormatCache(dir: string): FormatCache {
  const key = (contents: string, options: object) =>
    createHash('sha256').update(prettier.version).update('\0').update(JSON.stringify(options)).update('\0').update(contents).digest('hex');
  let ready = false;
  return {
    get(contents, options) {
      try {
        return readFileSync(path.join(dir, key(contents, options)), 'utf8');
      } catch {
        return undefined;
      }
    },
    set(contents, options, formatted) {
      try {
        if (!ready) mkdirSync(dir, { recursive: true });
        ready = true;
        writeFileSync(path.join(dir, key(contents, options)), formatted);
      } catch {
        // A read-only or full disk only means no caching.
      }
    },
  };
}
