/** The hand-written core (templates/client/core/*.ts), copied verbatim into `client/core/` under the banner. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verbatimFile } from '../../render/templates.ts';
import type { GeneratedFile } from '../../diagnostics.ts';

const CORE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/client/core');

export function coreFiles(): GeneratedFile[] {
  return readdirSync(CORE_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => verbatimFile(`client/core/${f}`, `client/core/${f}`));
}
