/** The spec diff of two versions named as the user names them (a file, a folder, a git revision): load, diff, label. */
import path from 'node:path';
import { GeneratorError } from '../diagnostics.ts';
import type { Api } from '../ir/api.ts';
import { buildIr } from '../pipeline.ts';
import { diffApis } from './index.ts';
import type { RenderInput } from './render.ts';
import { resolveSpec, SpecSourceError, type SpecSource } from './source.ts';

/** Loads both versions and diffs them; throws SpecSourceError or GeneratorError when a side cannot be read. */
export async function diffSpecs(
  baseRef: string,
  headRef: string | undefined,
  cwd: string,
  spec: string,
): Promise<RenderInput> {
  const sources: SpecSource[] = [];
  // A git revision names the --spec file as committed then: its folder and file name.
  const where = { cwd, specDir: path.dirname(spec), root: path.basename(spec) };
  try {
    const base = resolveSpec(baseRef, where);
    sources.push(base);
    const head = resolveSpec(headRef ?? spec, where);
    sources.push(head);
    const load = async (s: SpecSource): Promise<Api> => {
      try {
        return await buildIr(s.file);
      } catch (error) {
        if (error instanceof GeneratorError) throw new SpecSourceError(`${s.label}: ${error.format()}`);
        throw error;
      }
    };
    const [a, b] = [await load(base), await load(head)];
    const areas = [...b.areas, ...a.areas.filter((x) => !b.areas.some((y) => y.slug === x.slug))];
    return {
      result: diffApis(a, b),
      base: base.label,
      head: headRef === undefined ? 'working tree' : head.label,
      areas,
    };
  } finally {
    for (const s of sources) s.dispose();
  }
}
