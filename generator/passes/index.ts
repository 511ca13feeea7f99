/** The passes, in order. Each reads and completes the IR; none writes files. */
import type { Diagnostics } from '../diagnostics.ts';
import type { Api } from '../ir/types.ts';
import { assignAreas } from './areas.ts';
import { checkIr } from './check.ts';
import { assignNames } from './names.ts';
import { normalizeOrder } from './normalize.ts';
import { buildResourceTree, DEFAULT_SDK_NAMING, type SdkNaming } from './resources.ts';
import { assignSelectors } from './selectors.ts';

/** What the config tells the passes. */
export interface PassOptions {
  sdk: SdkNaming;
  /** The config's client class name, when it names one. */
  clientName?: string;
}

export const DEFAULT_PASS_OPTIONS: PassOptions = { sdk: DEFAULT_SDK_NAMING };

export interface Pass {
  name: string;
  run(api: Api, locate: (pointer: string) => object, diagnostics: Diagnostics, options: PassOptions): void;
}

export const PASSES: readonly Pass[] = [
  { name: 'normalize order', run: (api) => normalizeOrder(api) },
  { name: 'assign areas', run: (api) => assignAreas(api) },
  { name: 'assign names and hoist enums', run: (api, locate, diagnostics, options) => assignNames(api, locate, diagnostics, options.clientName) },
  { name: 'build resource tree', run: (api, locate, diagnostics, options) => buildResourceTree(api, locate, diagnostics, options.sdk) },
  { name: 'read response selectors', run: assignSelectors },
  { name: 'check', run: checkIr },
];
