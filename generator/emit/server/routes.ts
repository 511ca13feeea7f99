/**
 * `server/routes.ts`: what only the server adds to the shared operation table (protocol/operations.ts): each
 * operation's request validator, by operationId. The route matcher is built from the table when the module loads
 * (templates/server/pipeline/router.ts), so no path or method is written here again.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import { printFile } from '../ts/project.ts';
import { dataLiteral, ref } from '../ts/literal.ts';
import { importRegistry } from '../ts/imports.ts';

export function routesFile(api: Api): { path: string; contents: string } {
  const path = 'server/routes.ts';
  const use = importRegistry(api, path);
  const core = (name: string) => use.from('server/core/types.ts', name, true);
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  // A Map keeps the sorted order; each validator is imported as it is named.
  const validators = new Map(
    ops.map((o) => [o.operationId, ref(use.from('validators/index.ts', o.names.validateRequest))]),
  );
  const operations = use.from('protocol/operations.ts', 'operations');
  const routerOf = use.from('server/pipeline/router.ts', 'routerOf');
  const statements: StatementStructures[] = [
    { kind: StructureKind.ExportDeclaration, namedExports: [operations] },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["Each operation's request validator, by operationId."],
      declarations: [
        {
          name: 'validators',
          type: `${core('Routes')}['validators']`,
          initializer: dataLiteral(validators, { expand: true }),
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The route of `path` (after the base path): its methods and raw path parameters.'],
      declarations: [
        {
          name: 'matchRoute',
          type: `(path: string) => ${core('RouteMatch')} | undefined`,
          initializer: `${routerOf}(${operations})`,
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The generated routes, for `createCoreServer`.'],
      declarations: [
        {
          name: 'routes',
          type: core('Routes'),
          initializer: dataLiteral({
            operations: ref(operations),
            validators: ref('validators'),
            match: ref('matchRoute'),
            basePath: api.basePath,
          }),
        },
      ],
    },
  ];
  return { path, contents: printFile(path, [...use.declarations(), ...statements]) };
}
