/**
 * Public entry (the package's `exports`): `generate(options)` returns the generated files in memory (it reads the
 * spec and touches no other file); `writeFiles(dir, files, { force, inputs })` writes them into a folder the tool
 * owns through its manifest (a non-empty folder without one throws `OutputError` unless `force`; `inputs`, such
 * as `result.inputs`, are never written over); `buildIr(spec)` returns the resolved intermediate model for tools such as
 * the spec diff.
 */
export { buildIr, runPipeline as generate, type PipelineOptions, type PipelineResult } from './pipeline.ts';
export { writeTree as writeFiles, OutputError, type WriteOptions } from './render/write.ts';
export { GeneratorError } from './diagnostics.ts';
export type { Api } from './ir/api.ts';
export type { GeneratedFile } from './emit/contract.ts';
export { DEFAULT_CONFIG, type CodegenConfig, type PackageConfig } from './config/types.ts';
