/**
 * `--only` (the pipeline's `emitters`): whatever outputs are chosen, every relative import of a written file points
 * at a written file, because an output comes with the outputs it imports (generator/emit/package-layout.ts).
 */
import path from 'node:path/posix';
import { describe, expect, it } from 'vitest';
import { EMITTERS } from '../../generator/emit/index.ts';
import { runPipeline } from '../../generator/pipeline.ts';

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*)'(\.\.?\/[^']+)'/g;

/** Relative imports of the files that resolve to no file of the set, as `file → specifier`. */
function dangling(files: { path: string; contents: string }[]): string[] {
  const paths = new Set(files.map((f) => f.path));
  return files
    .filter((f) => f.path.endsWith('.ts'))
    .flatMap((f) => [...f.contents.matchAll(SPECIFIER)].map((m) => [f.path, m[1]!] as const))
    .filter(([file, spec]) => !paths.has(path.join(path.dirname(file), spec).replace(/\.js$/, '.ts')))
    .map(([file, spec]) => `${file} → ${spec}`);
}

describe('--only', () => {
  for (const emitter of EMITTERS.map((e) => e.name)) {
    it(`${emitter} alone writes what its files import`, async () => {
      const { files } = await runPipeline({ spec: 'spec/openapi.yaml', emitters: [emitter], format: false });
      expect(dangling(files)).toEqual([]);
    });
  }

  it('types comes with the enums it names, and nothing else', async () => {
    const { files } = await runPipeline({ spec: 'spec/openapi.yaml', emitters: ['types'], format: false });
    expect([...new Set(files.map((f) => (f.path.startsWith('types/') ? 'types/' : f.path)))]).toEqual([
      'tables/enums.ts',
      'types/',
    ]);
  });
});
