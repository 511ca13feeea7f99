/**
 * Public entry (the package's `exports`): `generate(options)` returns the generated files in memory (it reads the
 * spec and touches no other file), `writeFiles(dir, files)` swaps them in atomically, and `buildIr(spec)` returns
 * the intermediate model for tools such as the spec diff.
 */
export { buildIr, runPipeline as generate, type PipelineOptions, type PipelineResult } from './pipeline.ts';
export { writeTree as writeFiles } from './render/write.ts';
export { GeneratorError } from './diagnostics.ts';
export type { Api } from './ir/types.ts';
export type { GeneratedFile } from './diagnostics.ts';
export { DEFAULT_CONFIG, type CodegenConfig, type PackageConfig } from './config/types.ts';
