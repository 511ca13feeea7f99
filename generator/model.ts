/**
 * load → parse → passes: the resolved model of a spec, without emitters or formatting (what diff, changelog and
 * lint need; pipeline.ts adds the rest). Kept apart so those commands do not load the emitters' dependencies.
 */
import { configFor, type ConfigSource } from './config/index.ts';
import type { CodegenConfig } from './config/types.ts';
import { Diagnostics, GeneratorError, type Mode, type Warning } from './diagnostics.ts';
import type { Api } from './ir/api.ts';
import { loadSpec } from './load/index.ts';
import { parseDocument } from './parse/document.ts';
import { DEFAULT_PASS_OPTIONS, runPasses, type PassOptions } from './passes/index.ts';

export interface StepTiming {
  step: string;
  ms: number;
}

export async function buildIr(
  spec: string,
  onStep?: (t: StepTiming) => void,
  diagnostics: Diagnostics = new Diagnostics('strict'),
  inputs?: string[],
  passOptions: PassOptions = DEFAULT_PASS_OPTIONS,
): Promise<Api> {
  const timed = async <T>(step: string, fn: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await fn();
    onStep?.({ step, ms: performance.now() - start });
    return result;
  };
  // Strict mode collects every finding and throws them together at the end (or with a fatal error met first).
  let api: Api | undefined;
  try {
    const loaded = await timed('load', () => loadSpec(spec, diagnostics));
    inputs?.push(...loaded.sources.files.keys());
    const parsed = await timed('parse', () => parseDocument(loaded, diagnostics));
    // The passes return tables; `runPasses` assembles the resolved model from them (passes/resolve.ts).
    api = await timed('passes', () => runPasses(parsed, loaded.locate, diagnostics, passOptions));
    diagnostics.throwErrors();
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    try {
      diagnostics.throwErrors(error);
    } catch (all) {
      (all as GeneratorError).warnings = diagnostics.warnings;
      throw all;
    }
  }
  return api!;
}

/** What the passes take from a config (SDK rules, client name, environment prefix, the client's own headers). */
export function passOptionsFor(config: CodegenConfig): PassOptions {
  return {
    sdk: config.sdk,
    ...(config.clientName === undefined ? {} : { clientName: config.clientName }),
    ...(config.envPrefix === undefined ? {} : { envPrefix: config.envPrefix }),
    clientHeaders: [config.organizationHeader, config.projectHeader].filter(
      (h): h is string => typeof h === 'string',
    ),
  };
}

/**
 * The resolved model of a spec with a config's naming, for the commands that read a spec without generating
 * (diff, changelog, release's base): mode from the argument, else the config's, else tolerant, so findings that
 * only matter to code generation never stop them.
 */
export async function loadApi(
  spec: string,
  options: { config?: ConfigSource; mode?: Mode } = {},
): Promise<{ api: Api; warnings: Warning[] }> {
  const { config } = configFor(options.config);
  const diagnostics = new Diagnostics(options.mode ?? config.mode ?? 'tolerant');
  const api = await buildIr(spec, undefined, diagnostics, undefined, passOptionsFor(config));
  return { api, warnings: diagnostics.warnings };
}
