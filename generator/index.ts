/**
 * Public entry: `generate(options)` returns the generated files in memory (it touches no disk), and
 * `buildIr(spec)` returns the intermediate model for tools such as the spec diff.
 */
export { buildIr, runPipeline as generate, type PipelineOptions, type PipelineResult } from './pipeline.ts';
export { GeneratorError } from './diagnostics.ts';
export type { Api } from './ir/types.ts';
export type { GeneratedFile } from './diagnostics.ts';
