/** The validator compiler's entry: the `Compiler` (`compiler.ts`) over the keyword modules of `keywords/`. */
export { Compiler, type Mode, type SchemaLinker } from './compiler.ts';
export { HelperPool } from './helper-names.ts';
export { structuralKey, FORMATS } from './structure.ts';
export { rootPath, pathExpr, type PathRef } from './path.ts';
