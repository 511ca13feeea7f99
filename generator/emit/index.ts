/** The emitters, in order. Each is a pure function of the IR returning files in memory. */
import type { CodegenConfig } from '../config/types.ts';
import type { Api } from '../ir/types.ts';
import { emitClient } from './client/index.ts';
import { emitDocs } from './docs/index.ts';
import { emitEnums } from './enums.ts';
import { emitStateMachines } from './state-machines.ts';
import { emitTypes } from './types/index.ts';
import { emitServer } from './server/index.ts';
import { emitValidators } from './validators/index.ts';

export interface GeneratedFile {
  /** Path relative to the output directory, with `/` separators. */
  path: string;
  contents: string;
  /**
   * Copied unchanged from `templates/` (a hand-written runtime) or from another output file (a package's embedded
   * copy): golden fixtures list such files in a manifest instead of storing one more copy of them.
   */
  verbatim?: boolean;
}

export interface Emitter {
  name: string;
  /** Reads the IR and the codegen config (the branding) only. */
  emit(api: Api, config: CodegenConfig): GeneratedFile[];
}

export const EMITTERS: readonly Emitter[] = [
  { name: 'types', emit: emitTypes },
  { name: 'client', emit: emitClient },
  { name: 'enums', emit: emitEnums },
  { name: 'state-machines', emit: emitStateMachines },
  { name: 'validators', emit: emitValidators },
  { name: 'server', emit: emitServer },
  { name: 'docs', emit: emitDocs },
];
