/**
 * `generated/protocol/`: what client and server share. The rules (the error envelope, response selection, the
 * `X-Client-Request-Id` rule, SSE framing, the table's types) are copied verbatim from templates/protocol/; the one
 * per-operation table, `protocol/operations.ts`, is generated from the model. Written once; `build` compiles it
 * into each package that imports it (package/layout.ts).
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { GeneratedFile } from '../diagnostics.ts';
import type { Api } from '../ir/types.ts';
import { verbatimFolder } from '../render/templates.ts';
import { writeData } from './client/literal.ts';
import { operationFacts } from './operation-facts.ts';
import { printFile } from './ts/project.ts';

export function emitProtocol(api: Api): GeneratedFile[] {
  return [...verbatimFolder('protocol'), operationsTable(api)];
}

function operationsTable(api: Api): GeneratedFile {
  const path = 'protocol/operations.ts';
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  const data = Object.fromEntries(ops.map((op) => [op.operationId, operationFacts(op)]));
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './operation.js', namedImports: ['OperationFacts'] },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ['Each operation as client and server both read it, by operationId.'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'operations', initializer: (w) => { writeData(w, data); w.write(' as const satisfies Readonly<Record<string, OperationFacts>>'); } }],
    },
  ];
  return { path, contents: printFile(path, statements) };
}
