/** The hand-written core (templates/client/core/*.ts), copied verbatim into `client/core/` under the banner. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verbatimFile } from '../../render/templates.ts';
import type { GeneratedFile } from '../../diagnostics.ts';

const CORE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/client/core');

export function coreFiles(): GeneratedFile[] {
  return readdirSync(CORE_DIR)
    // brand.ts holds the config's defaults; the client emitter writes the config's values in its place.
    .filter((f) => f.endsWith('.ts') && f !== 'brand.ts')
    .sort()
    .map((f) => verbatimFile(`client/core/${f}`, `client/core/${f}`));
}
