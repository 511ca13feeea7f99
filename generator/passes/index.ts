/** The passes, in order. Each reads and completes the IR; none writes files. */
import type { Diagnostics } from '../diagnostics.ts';
import type { Api } from '../ir/types.ts';
import { assignAreas } from './areas.ts';
import { checkIr } from './check.ts';
import { assignNames } from './names.ts';
import { normalizeOrder } from './normalize.ts';
import { buildResourceTree } from './resources.ts';
import { assignSelectors } from './selectors.ts';

export interface Pass {
  name: string;
  run(api: Api, locate: (pointer: string) => object, diagnostics: Diagnostics): void;
}

export const PASSES: readonly Pass[] = [
  { name: 'normalize order', run: (api) => normalizeOrder(api) },
  { name: 'assign areas', run: (api) => assignAreas(api) },
  { name: 'assign names and hoist enums', run: assignNames },
  { name: 'build resource tree', run: buildResourceTree },
  { name: 'read response selectors', run: assignSelectors },
  { name: 'check', run: checkIr },
];
