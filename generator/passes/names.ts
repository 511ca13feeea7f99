/**
 * Decides every identifier: schema type names, operation type names, parameter identifiers, hoisted enum names,
 * webhook and state machine names. Collisions are errors, not silent renames.
 */
import { successResponse } from '../ir/queries.ts';
import type { Api, EnumDef, TypeNode } from '../ir/types.ts';
import { walkApi } from '../ir/walk.ts';
import { camelCase, constantCase, pascalCase, safeIdentifier, typeNameOf } from '../naming/case.ts';
import { NameRegistry } from '../naming/resolver.ts';
import type { Diagnostics, Location } from '../diagnostics.ts';

/** The registry of each IR, so the resource tree claims its class names beside the types. */
export const registries = new WeakMap<Api, NameRegistry>();

export function assignNames(api: Api, locate: (pointer: string) => Location, diagnostics: Diagnostics, clientName?: string): void {
  const names = new NameRegistry(diagnostics);
  registries.set(api, names);
  const at = (pointer: string) => locate(pointer);

  for (const s of api.schemas) s.typeName = names.claim(typeNameOf(s.name) || 'Schema', `schema '${s.name}'`, at(s.pointer));
  const typeNames = new Map(api.schemas.map((s) => [s.name, s.typeName]));

  const pascals = new Set<string>();
  // Route constants live in server/routes.ts only: their own registry, one name per path (`/backup-jobs` and
  // `/backup-jobs/` are two paths, so `M_backup_jobs` and `M_backup_jobs2`), in path order.
  const routes = new NameRegistry(diagnostics);
  const routeNames = new Map<string, string>();
  for (const path of [...new Set(api.operations.map((o) => o.path))].sort()) {
    routeNames.set(path, routes.invent(`M_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'root'}`, `path ${path}`, at('#/paths')));
  }
  const routeConst = (path: string): string => routeNames.get(path)!;
  for (const op of api.operations) {
    // `admin-api-keys-list` and `adminApiKeysList` both give AdminApiKeysList: the second gets a number.
    let pascal = pascalCase(op.operationId);
    for (let i = 2; pascals.has(pascal); i++) pascal = `${pascalCase(op.operationId)}${i}`;
    pascals.add(pascal);
    const owner = `operation '${op.operationId}'`;
    // A body or response that is one named schema is called by that schema's name; no alias is emitted.
    const bodyRef = singleRef(op.requestBody?.contents.map((c) => c.type) ?? []);
    const ok = successResponse(op);
    const responseRef = singleRef(ok?.contents.filter((c) => c.kind === 'json' && !c.when && c.type).map((c) => c.type!) ?? []);
    op.names = {
      pascal,
      pathParams: names.claim(`${pascal}PathParams`, owner, at(op.pointer)),
      query: names.claim(`${pascal}Query`, owner, at(op.pointer)),
      headers: names.claim(`${pascal}Headers`, owner, at(op.pointer)),
      body: bodyRef ? typeNames.get(bodyRef)! : names.claim(`${pascal}Body`, owner, at(op.pointer)),
      response: responseRef ? typeNames.get(responseRef)! : names.claim(`${pascal}Response`, owner, at(op.pointer)),
      route: routeConst(op.path),
    };
    // Path parameters become positional arguments: safe, distinct identifiers (`{class}` → `class_`, `{id}` and
    // `{ID}` → `id`, `id2`). Other parameters keep their spec names as quoted keys.
    const used = new Set<string>();
    for (const p of op.parameters) {
      if (p.in !== 'path') {
        p.identifier = p.name;
        continue;
      }
      const base = safeIdentifier(camelCase(p.name) || 'param');
      let id = base;
      for (let i = 2; used.has(id); i++) id = `${base}${i}`;
      used.add(id);
      p.identifier = id;
    }
  }
  for (const w of api.webhooks) {
    w.typeName = names.claim(`${pascalCase(w.name)}Webhook`, `webhook '${w.name}'`, at(w.pointer));
    names.claim(`${w.typeName}Headers`, `webhook '${w.name}'`, at(w.pointer));
  }
  for (const m of api.stateMachines) {
    const base = pascalCase(m.name);
    m.typeName = names.claim(`${base}State`, `state machine '${m.name}'`, at(m.pointer));
    m.constName = `${camelCase(m.name)}Machine`;
    names.claim(`${base}Machine`, `state machine '${m.name}'`, at(m.pointer));
  }
  hoistEnums(api, names, at);
  // The client class: the config's name, else one from the title ("Acme Projects API" → `AcmeProjectsClient`).
  api.clientName = clientName ? names.claim(clientName, 'the client class (config clientName)', at('#/info/title')) : names.invent(clientNameFromTitle(api.title), 'the client class', at('#/info/title'));
}

const GENERIC_TITLE = new Set(['api', 'apis', 'the', 'rest', 'http', 'openapi', 'service', 'services', 'spec', 'specification', 'client', 'sdk', 'v1', 'v2', 'v3']);

/** `Acme Projects API` → `AcmeProjectsClient`; a title of generic words only → `ApiClient`. */
export function clientNameFromTitle(title: string): string {
  // Split on spaces and punctuation only, so `OpenAPI` is one (generic) word.
  const kept = title.split(/[^A-Za-z0-9]+/).filter((w) => w && !GENERIC_TITLE.has(w.toLowerCase()) && !/^\d/.test(w)).slice(0, 3);
  return `${kept.length ? pascalCase(kept.join(' ')) : 'Api'}Client`;
}

/** One `EnumDef` per enum location; a named schema that is an enum keeps its own name. */
function hoistEnums(api: Api, names: NameRegistry, at: (pointer: string) => Location): void {
  const byPointer = new Map<string, EnumDef>();
  const schemaByPointer = new Map(api.schemas.map((s) => [s.pointer, s]));
  walkApi(api, ({ node, path, area }) => {
    if (node.kind !== 'enum') return;
    const existing = byPointer.get(node.pointer);
    if (existing) {
      node.enumName = existing.typeName;
      return;
    }
    const component = /^#\/components\/parameters\/([^/]+)\/schema$/.exec(node.pointer);
    const named = schemaByPointer.get(node.pointer);
    const invented = component?.[1] ? `${pascalCase(component[1])}Param` : path.map(pascalCase).join('') || 'Enum';
    const typeName = named ? named.typeName : names.invent(invented, `the enum at ${node.pointer}`, at(node.pointer));
    const def: EnumDef = {
      typeName,
      valuesName: `${constantCase(typeName)}_VALUES`,
      guardName: `is${typeName}`,
      values: node.values,
      open: node.open,
      area,
      pointers: [node.pointer],
    };
    def.valuesName = names.invent(def.valuesName, `the enum at ${node.pointer}`, at(node.pointer));
    def.guardName = names.invent(def.guardName, `the enum at ${node.pointer}`, at(node.pointer));
    if (node.description) def.description = node.description;
    byPointer.set(node.pointer, def);
    node.enumName = typeName;
  }, true);
  api.enums = [...byPointer.values()].sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
}


/** The schema name when every node is the same non-nullable reference. */
function singleRef(nodes: TypeNode[]): string | undefined {
  const first = nodes[0];
  if (!first || first.kind !== 'ref' || first.nullable) return undefined;
  return nodes.every((n) => n.kind === 'ref' && n.target === first.target && !n.nullable) ? first.target : undefined;
}
