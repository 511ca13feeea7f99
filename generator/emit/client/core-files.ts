/** The hand-written core (templates/client/core/*.ts), copied verbatim into `client/core/` under the banner. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeneratedFile } from '../index.ts';
import { BANNER } from '../ts/project.ts';

const CORE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/client/core');

export function coreFiles(): GeneratedFile[] {
  return readdirSync(CORE_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => ({ path: `client/core/${f}`, contents: `${BANNER}\n${readFileSync(path.join(CORE_DIR, f), 'utf8')}` }));
}
