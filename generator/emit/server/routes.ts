/**
 * `server/routes.ts`: the operation table (what the pipeline needs per operation) and `matchRoute(path)`, a
 * generated static dispatcher: a switch on the segment count, then literal segments, most specific first.
 */
import { StructureKind, VariableDeclarationKind, type CodeBlockWriter, type StatementStructures } from 'ts-morph';
import type { Api, Operation } from '../../ir/types.ts';
import { printFile } from '../ts/project.ts';
import { dataKey, dataLiteral, quote, ref, type Data } from '../ts/literal.ts';
import { importRegistry, type Imports } from '../ts/imports.ts';

/** Body limit of operations that accept only JSON, forms or text (no files, no raw bytes): 1 MiB. */
export const STRUCTURED_BODY_BYTES = 1024 * 1024;

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
        const m = /^\{([^{}]+)\}$/.exec(s);
        return m ? { param: m[1]! } : { literal: s };
      });
      route = { path: op.path, segments, methods: [], constName: op.names.route };
      byPath.set(op.path, route);
    }
    route.methods.push({ method: op.method.toUpperCase(), operationId: op.operationId });
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

function successOf(op: Operation): { status: number; kind: string; mediaType?: string; variants: Data[] } {
  const ok = op.success;
  const status = ok ? Number(ok.status.replace(/XX$/, '00')) : 200;
  const plain = op.successDefault ?? ok?.contents[0];
  // Contents chosen by the body (x-when), SSE included: the request decides the kind, not the handler's value.
  const variants = op.successVariants.map((c) => ({ status, kind: c.kind, mediaType: c.mediaType, when: new Map(c.selector!.map((f) => [f.field, f.values])) }));
  if (!plain) return { status, kind: 'empty', variants };
  return { status, kind: plain.kind, mediaType: plain.mediaType, variants };
}

/** What the server's pipeline needs of `op` (an `OperationMeta`), as data. */
function operationData(api: Api, op: Operation, use: Imports): Data {
  const body = op.requestBody;
  // Only operations that accept files or raw bytes get the large ceiling; JSON, forms and text get a small one.
  const files = body?.contents.some((c) => c.kind === 'multipart' || c.kind === 'binary');
  const s = successOf(op);
  const sse = op.success?.contents.find((c) => c.sse)?.sse;
  const credential = op.credential;
  return {
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    secured: op.security.length > 0,
    body: body?.contents.length ? { required: body.required, mediaTypes: new Map(body.contents.map((c) => [c.mediaType.toLowerCase(), c.kind])), maxBytes: files ? undefined : STRUCTURED_BODY_BYTES } : undefined,
    success: { status: s.status, kind: s.kind, mediaType: s.mediaType },
    variants: s.variants.length ? s.variants : undefined,
    sse: sse ? { framing: sse.framing, terminator: sse.terminator } : undefined,
    credential: credential ? { ...credential } : undefined,
    validate: ref(use.from('validators/index.ts', op.names.validateRequest)),
  };
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
          const params = r.segments.flatMap((seg, i) => (seg.param !== undefined ? [`${dataKey(seg.param)}: s[${i + 1}]!`] : []));
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
  const path = 'server/routes.ts';
  const use = importRegistry(api, path);
  const core = (name: string) => use.from('server/core.ts', name, true);
  const statements: (string | StatementStructures)[] = [
    ...routes.map((r): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: methodsConst(r), initializer: `${dataLiteral(new Map(r.methods.map((m) => [m.method, m.operationId])))} as const` }],
    })),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['What the request pipeline needs to know about each operation, by operationId.'],
      declarations: [{ name: 'operations', type: `Readonly<Record<string, ${core('OperationMeta')}>>`, initializer: dataLiteral(new Map(ops.map((o) => [o.operationId, operationData(api, o, use)])), { expand: true }) }],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'matchRoute',
      docs: ['The route of `path` (after the base path): its methods and raw path parameters.'],
      parameters: [{ name: 'path', type: 'string' }],
      returnType: `${core('RouteMatch')} | undefined`,
      statements: (w) => writeMatcher(w, routes),
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The generated routes, for `createCoreServer`.'],
      declarations: [{ name: 'routes', type: core('Routes'), initializer: dataLiteral({ operations: ref('operations'), match: ref('matchRoute'), basePath }) }],
    },
  ];
  return { path, contents: printFile(path, [...use.declarations(), ...statements]) };
}

