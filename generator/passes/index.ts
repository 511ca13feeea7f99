/**
 * The passes, in order, and the one place their decisions meet the parsed model. Each pass reads the parsed model
 * (and the tables of the passes before it) and returns a table; none changes the model or writes files.
 * `resolveApi` then builds the resolved model (`Api`), whose types hold every decision, so an emitter cannot read
 * one that was not made.
 */
import type { Diagnostics, Location } from '../diagnostics.ts';
import type { Api, ParsedApi } from '../ir/api.ts';
import { decideAreas } from './areas.ts';
import { decideCallHeaders } from './call-headers.ts';
import { decideEmulation } from './emulation/index.ts';
import { checkIr } from './check.ts';
import { decideNames } from './names.ts';
import { decidePaging } from './paging.ts';
import { decideRequestLines } from './request-lines.ts';
import { resolveApi } from './resolve.ts';
import { decideCalls, DEFAULT_SDK_NAMING, type SdkNaming } from './resources.ts';
import { decideSelectors } from './selectors.ts';

/** What the config tells the passes. */
export interface PassOptions {
  sdk: SdkNaming;
  /** The config's client class name, when it names one. */
  clientName?: string;
  /** The config's prefix of environment variables, when it names one. */
  envPrefix?: string;
  /** The headers the client sets from its own options (the config's organization and project headers). */
  clientHeaders?: readonly string[];
}

export const DEFAULT_PASS_OPTIONS: PassOptions = { sdk: DEFAULT_SDK_NAMING };

/** Runs every pass over the parsed model and returns the resolved model. */
export function runPasses(
  api: ParsedApi,
  locate: (pointer: string) => Location,
  diagnostics: Diagnostics,
  options: PassOptions = DEFAULT_PASS_OPTIONS,
): Api {
  const areas = decideAreas(api);
  const names = decideNames(api, areas, locate, diagnostics, {
    ...(options.clientName !== undefined ? { clientName: options.clientName } : {}),
    ...(options.envPrefix !== undefined ? { envPrefix: options.envPrefix } : {}),
  });
  const paging = decidePaging(api);
  const calls = decideCalls(api, paging, names.registry, locate, diagnostics, options.sdk);
  const selectors = decideSelectors(api, locate);
  checkIr(api, locate);
  const headers = decideCallHeaders(api, options.clientHeaders ?? []);
  const lines = decideRequestLines(api, locate, diagnostics);
  const resolved = resolveApi(api, { areas, names, paging, calls, selectors, headers, lines });
  // The emulation pass reads the resolved model (the operations' decisions, the resource tree).
  return { ...resolved, emulation: decideEmulation(resolved) };
}
