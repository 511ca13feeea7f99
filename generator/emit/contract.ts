/**
 * The emitter contract: an emitter is a total function of the resolved model (and the config's branding) to files
 * in memory. Spec problems were reported by parse and the passes; only the renderer (generator/render/) writes.
 */
import type { CodegenConfig } from '../config/types.ts';
import type { Api } from '../ir/api.ts';

/** One output file, in memory; only the renderer writes files. */
export interface GeneratedFile {
  /** Path relative to the output directory, with `/` separators. */
  path: string;
  contents: string;
  /**
   * Copied unchanged from `templates/` (a hand-written runtime) or from the release record: golden fixtures list such
   * files in a manifest instead of storing one more copy of them.
   */
  verbatim?: boolean;
}

/** An emitter: a total function of the resolved IR (spec problems were reported by parse and the passes). */
export interface Emitter {
  name: string;
  /** Reads the IR and the codegen config (the branding) only. */
  emit(api: Api, config: CodegenConfig): GeneratedFile[];
}
