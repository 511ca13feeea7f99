/**
 * `server/routes.ts`: what only the server adds to the shared operation table (protocol/operations.ts): each
 * operation's request validator, by operationId, and `matchRoute(path)`, a generated static dispatcher: a switch on
 * the segment count, then literal segments, most specific first.
 */
import { StructureKind, VariableDeclarationKind, type CodeBlockWriter, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/types.ts';
import { printFile } from '../ts/project.ts';
import { propertyKey, quote } from '../ts/type-expr.ts';

interface Route {
  path: string;
  segments: { literal?: string; param?: string }[];
  methods: { method: string; operationId: string }[];
  /** Its constant, decided by the naming pass. */
  constName: string;
}

export function routesOf(api: Api): Route[] {
  const byPath = new Map<string, Route>();
  for (const op of api.operations) {
    let route = byPath.get(op.path);
    if (!route) {
      const segments = op.path.split('/').slice(1).map((s) => {
        const m = /^\{(.+)\}$/.exec(s);
        return m ? { param: m[1]! } : { literal: s };
      });
      route = { path: op.path, segments, methods: [], constName: op.names.route };
      byPath.set(op.path, route);
    }
    route.methods.push({ method: op.method.toUpperCase(), operationId: op.operationId });
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

function writeMatcher(w: CodeBlockWriter, routes: Route[]): void {
  w.writeLine("const s = path.split('/');");
  w.write('switch (s.length)').block(() => {
    const byLength = new Map<number, Route[]>();
    for (const r of routes) byLength.set(r.segments.length + 1, [...(byLength.get(r.segments.length + 1) ?? []), r]);
    for (const [length, group] of [...byLength].sort((a, b) => a[0] - b[0])) {
      // Literal segments beat parameters, position by position: /videos/characters before /videos/{video_id}.
      const rank = (r: Route) => r.segments.map((seg) => (seg.literal !== undefined ? '0' : '1')).join('');
      group.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : a.path < b.path ? -1 : 1));
      w.writeLine(`case ${length}:`);
      w.indent(() => {
        for (const r of group) {
          const conds = r.segments.map((seg, i) => (seg.literal !== undefined ? `s[${i + 1}] === ${quote(seg.literal)}` : `s[${i + 1}] !== ''`));
          const params = r.segments.flatMap((seg, i) => (seg.param !== undefined ? [`${propertyKey(seg.param)}: s[${i + 1}]!`] : []));
          w.write(`if (${conds.join(' && ') || 'true'})`).block(() => w.writeLine(`return { methods: ${methodsConst(r)}, params: { ${params.join(', ')} } };`));
        }
        w.writeLine('break;');
      });
    }
  });
  w.writeLine('return undefined;');
}

const methodsConst = (r: Route) => r.constName;

export function routesFile(api: Api): { path: string; contents: string } {
  const routes = routesOf(api);
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  const basePath = api.basePath;
  const statements: (string | StatementStructures)[] = [
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './core.js', namedImports: ['RouteMatch', 'Routes'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../protocol/operations.js', namedImports: ['operations'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../validators/index.js', namedImports: ops.map((o) => o.names.validateRequest).sort() },
    { kind: StructureKind.ExportDeclaration, namedExports: ['operations'] },
    ...routes.map((r): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: methodsConst(r), initializer: `{ ${r.methods.map((m) => `${m.method}: ${quote(m.operationId)}`).join(', ')} } as const` }],
    })),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["Each operation's request validator, by operationId."],
      declarations: [{ name: 'validators', type: "Routes['validators']", initializer: `{ ${ops.map((o) => `${propertyKey(o.operationId)}: ${o.names.validateRequest}`).join(',\n')} }` }],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'matchRoute',
      docs: ['The route of `path` (after the base path): its methods and raw path parameters.'],
      parameters: [{ name: 'path', type: 'string' }],
      returnType: 'RouteMatch | undefined',
      statements: (w) => writeMatcher(w, routes),
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The generated routes, for `createCoreServer`.'],
      declarations: [{ name: 'routes', type: 'Routes', initializer: `{ operations, validators, match: matchRoute, basePath: ${quote(basePath)} }` }],
    },
  ];
  return { path: 'server/routes.ts', contents: printFile('server/routes.ts', statements) };
}

