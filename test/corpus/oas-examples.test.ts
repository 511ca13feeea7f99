/**
 * Every YAML spec of @readme/oas-examples (2.0, 3.0 and 3.1 folders; 2.0 converted on load) generates every output in tolerant mode with
 * warnings only, and all the outputs type-check with `tsc --strict` (one tsc run over every tree).
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus, typecheckCorpus } from './run.ts';

const root = path.dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));
const specs = ['2.0', '3.0', '3.1'].flatMap((v) =>
  readdirSync(path.join(root, v, 'yaml'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({
      name: `${v.replace('.', '')}-${f.replace(/\.yaml$/, '')}`,
      file: path.join(root, v, 'yaml', f),
    })),
);

describe('@readme/oas-examples corpus (tolerant mode)', () => {
  it('generates every output of all 59 specs and the outputs type-check', async () => {
    expect(specs.length).toBe(59);
    const out = path.resolve('.tmp/corpus-oas-examples');
    // Formatting does not change what tsc sees; it is left out to keep the run short.
    const results = await generateCorpus(specs, out, false);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${r.error}`)).toEqual([]);
    for (const r of results) expect(r.files, r.name).toBeGreaterThan(20);
    const tsc = typecheckCorpus(out);
    expect(tsc.output.trim()).toBe('');
    expect(tsc.status).toBe(0);
  }, 600_000);
});
