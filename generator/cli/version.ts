/** The tool's own version, from its package.json (`--version`, and the SARIF output's tool version). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function version(): string {
  // lib/generator/cli/index.js in the package, generator/cli/index.ts in the repository: package.json is three
  // folders up from the first and two from the second.
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const up of ['../..', '../../..']) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(here, up, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'platform-api-codegen' && pkg.version) return pkg.version;
    } catch {
      // try the next folder
    }
  }
  return 'unknown';
}
