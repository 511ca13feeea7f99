/**
 * `server/routes.ts`: what only the server adds to the shared operation table (protocol/operations.ts): each
 * operation's request validator, by operationId. The route matcher is built from the table when the module loads
 * (templates/server/router.ts), so no path or method is written here again.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/types.ts';
import { printFile } from '../ts/project.ts';
import { propertyKey, quote } from '../ts/type-expr.ts';

export function routesFile(api: Api): { path: string; contents: string } {
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './core.js', namedImports: ['RouteMatch', 'Routes'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../protocol/operations.js', namedImports: ['operations'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../validators/index.js', namedImports: ops.map((o) => o.names.validateRequest).sort() },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './router.js', namedImports: ['routerOf'] },
    { kind: StructureKind.ExportDeclaration, namedExports: ['operations'] },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["Each operation's request validator, by operationId."],
      declarations: [{ name: 'validators', type: "Routes['validators']", initializer: `{ ${ops.map((o) => `${propertyKey(o.operationId)}: ${o.names.validateRequest}`).join(',\n')} }` }],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The route of `path` (after the base path): its methods and raw path parameters.'],
      declarations: [{ name: 'matchRoute', type: '(path: string) => RouteMatch | undefined', initializer: 'routerOf(operations)' }],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The generated routes, for `createCoreServer`.'],
      declarations: [{ name: 'routes', type: 'Routes', initializer: `{ operations, validators, match: matchRoute, basePath: ${quote(api.basePath)} }` }],
    },
  ];
  return { path: 'server/routes.ts', contents: printFile('server/routes.ts', statements) };
}
