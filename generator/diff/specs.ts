/** The spec diff of two versions named as the user names them (a file, a folder, a git revision): load, diff, label. */
import path from 'node:path';
import { findConfig } from '../config/load.ts';
import { GeneratorError, type Mode } from '../diagnostics.ts';
import type { Api } from '../ir/api.ts';
import { loadApi } from '../model.ts';
import { diffApis } from './index.ts';
import type { RenderInput } from './render.ts';
import { resolveSpec, SpecSourceError, type SpecSource } from './source.ts';

/** How both sides are read: the codegen config (its naming and mode) and the mode the flags chose. */
export interface LoadOptions {
  config?: string;
  mode?: Mode;
  /** Told how many findings each side was read past (tolerant mode). */
  onFindings?: (label: string, count: number) => void;
}

/** The config given, else the one in the working directory, and the mode the flags chose. */
export function loadOptions(config: string | undefined, mode: Mode | undefined, cwd: string): LoadOptions {
  const file = config ?? findConfig(cwd);
  return { ...(file ? { config: file } : {}), ...(mode ? { mode } : {}) };
}

/** Loads both versions and diffs them; throws SpecSourceError or GeneratorError when a side cannot be read. */
export async function diffSpecs(
  baseRef: string,
  headRef: string | undefined,
  cwd: string,
  spec: string,
  options: LoadOptions = {},
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
        const { api, warnings } = await loadApi(s.file, {
          ...(options.config ? { config: path.resolve(cwd, options.config) } : {}),
          ...(options.mode ? { mode: options.mode } : {}),
        });
        if (warnings.length) options.onFindings?.(s.label, warnings.length);
        return api;
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
      infoVersions: { base: a.version, head: b.version },
    };
  } finally {
    for (const s of sources) s.dispose();
  }
}
