/**
 * Generates every output of each spec in tolerant mode into `<out>/<name>/`, then type-checks all of them with one
 * `tsc --strict` run (one tsconfig including every tree: one compiler start instead of one per spec).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Warning } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';

export interface CorpusResult {
  name: string;
  files: number;
  warnings: Warning[];
  error?: string;
}

export async function generateCorpus(
  specs: { name: string; file: string }[],
  out: string,
  format = true,
): Promise<CorpusResult[]> {
  rmSync(out, { recursive: true, force: true });
  const results: CorpusResult[] = [];
  for (const { name, file } of specs) {
    try {
      const { files, warnings } = await runPipeline({ spec: file, mode: 'tolerant', format });
      for (const f of files) {
        const target = path.join(out, name, f.path);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, f.contents);
      }
      results.push({ name, files: files.length, warnings });
    } catch (error) {
      results.push({
        name,
        files: 0,
        warnings: [],
        error: (error as { format?: () => string }).format?.() ?? String((error as Error).stack ?? error),
      });
    }
  }
  return results;
}

/** `tsc --strict --noEmit` over every tree under `out`; returns its exit status and output. */
export function typecheckCorpus(out: string): { status: number; output: string } {
  writeFileSync(
    path.join(out, 'tsconfig.json'),
    JSON.stringify({ extends: path.relative(out, path.resolve('tsconfig.json')), include: ['./**/*.ts'] }),
  );
  const tsc = spawnSync(
    process.execPath,
    [
      // 64 specs with every output (the emulators' included) in one program: about 3 GB of heap.
      '--max-old-space-size=6144',
      path.resolve('node_modules/typescript/bin/tsc'),
      '-p',
      path.join(out, 'tsconfig.json'),
      '--noEmit',
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return { status: tsc.status ?? 1, output: `${tsc.stdout}${tsc.stderr}` };
}
