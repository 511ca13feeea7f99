/** A TypeScript program over a caller's files as a user's project compiles them: strict, NodeNext, ES2022. */
import ts from 'typescript';

export function strictProgram(files: string[], extra: ts.CompilerOptions = {}): ts.Program {
  return ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: ['node'],
    ...extra,
  });
}
