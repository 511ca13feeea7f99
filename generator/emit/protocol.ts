/**
 * `generated/protocol/`: what client and server share. The rules (the error envelope, response selection, the
 * `X-Client-Request-Id` rule, SSE framing, the table's types) are copied verbatim from templates/protocol/; the one
 * per-operation table, `protocol/operations.ts`, is generated from the model. Written once; `build` compiles it
 * into each package that imports it (emit/package-layout.ts).
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { GeneratedFile } from './contract.ts';
import type { Api } from '../ir/api.ts';
import { verbatimFolder } from './templates.ts';
import { operationFacts } from './operation-facts.ts';
import { importRegistry } from './ts/imports.ts';
import { writeData } from './ts/literal.ts';
import { printFile } from './ts/project.ts';

export function emitProtocol(api: Api): GeneratedFile[] {
  return [...verbatimFolder('protocol'), operationsTable(api)];
}

function operationsTable(api: Api): GeneratedFile {
  const path = 'protocol/operations.ts';
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  // A Map keeps the sorted order (an object would put integer-like operationIds first).
  const data = new Map(ops.map((op) => [op.operationId, operationFacts(op)]));
  const use = importRegistry(api, path);
  const facts = use.from('protocol/operation.ts', 'OperationFacts', true);
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ['Each operation as client and server both read it, by operationId.'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: 'operations',
          initializer: (w) => {
            writeData(w, data);
            w.write(` as const satisfies Readonly<Record<string, ${facts}>>`);
          },
        },
      ],
    },
  ];
  return { path, contents: printFile(path, [...use.declarations(), ...statements]) };
}
