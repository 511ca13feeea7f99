/**
 * Decides every identifier: schema type names, operation type names, parameter identifiers, hoisted enum names,
 * webhook and state machine names, validator and reader function names. Collisions are errors, not silent renames.
 */
import { by } from '../ir/order.ts';
import { successResponse } from '../ir/queries.ts';
import type { ParsedApi } from '../ir/api.ts';
import type { Pointer } from '../ir/base.ts';
import type { OperationNames } from '../ir/operation.ts';
import type { EnumDef, TypeNode } from '../ir/schema.ts';
import { walkApi } from '../ir/walk.ts';
import {
  camelCase,
  constantCase,
  pascalCase,
  safeIdentifier,
  typeNameOf,
  GENERIC_TITLE_WORDS,
} from '../naming/case.ts';
import { envPrefixFor } from '../naming/env-prefix.ts';
import { NameRegistry } from '../naming/resolver.ts';
import type { Diagnostics, Location } from '../diagnostics.ts';
import type { AreaTable } from './areas.ts';

/** What the naming pass decides. */
export interface NameTable {
  /** The registry of every type-level identifier, which the resources pass extends with its class names. */
  registry: NameRegistry;
  /** Component name → TypeScript type name. */
  schemas: ReadonlyMap<string, string>;
  /** Component name → its validator functions (`is<Type>`, `check<Type>`). */
  validators: ReadonlyMap<string, { is: string; check: string }>;
  /** operationId → the operation's type and function names. */
  operations: ReadonlyMap<string, OperationNames>;
  /** operationId → path parameter wire name → its identifier. */
  pathIdentifiers: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Component parameter name → its shared reader (`read<Component>Parameter`). */
  readers: ReadonlyMap<string, string>;
  /** Webhook event name → payload type name. */
  webhooks: ReadonlyMap<string, string>;
  /** State machine name → its state union and constant. */
  machines: ReadonlyMap<string, { typeName: string; constName: string }>;
  /** The hoisted enums, sorted by type name. */
  enums: EnumDef[];
  /** Enum node pointer → hoisted enum type name. */
  enumNames: ReadonlyMap<Pointer, string>;
  /** The client class. */
  clientName: string;
  /** The prefix of the environment variables the client reads. */
  envPrefix: string;
}

/** What the config names itself (each absent when the config leaves it to the spec). */
export interface NameOptions {
  clientName?: string;
  envPrefix?: string;
}

export function decideNames(
  api: ParsedApi,
  areas: AreaTable,
  locate: (pointer: string) => Location,
  diagnostics: Diagnostics,
  options: NameOptions = {},
): NameTable {
  const { clientName } = options;
  const names = new NameRegistry(diagnostics);
  const at = (pointer: string) => locate(pointer);

  const typeNames = new Map(
    api.schemas.map((s) => [
      s.name,
      names.claim(typeNameOf(s.name) || 'Schema', `schema '${s.name}'`, at(s.pointer)),
    ]),
  );

  const pascals = new Set<string>();
  const operations = new Map<string, OperationNames>();
  const pathIdentifiers = new Map<string, Map<string, string>>();
  const readers = new Map<string, string>();
  for (const op of api.operations) {
    // `admin-api-keys-list` and `adminApiKeysList` both give AdminApiKeysList: the second gets a number.
    let pascal = pascalCase(op.operationId);
    for (let i = 2; pascals.has(pascal); i++) pascal = `${pascalCase(op.operationId)}${i}`;
    pascals.add(pascal);
    const owner = `operation '${op.operationId}'`;
    // A body or response that is one named schema is called by that schema's name; no alias is emitted.
    const bodyRef = singleRef(op.requestBody?.contents.map((c) => c.type) ?? []);
    const ok = successResponse(op);
    const responseRef = singleRef(
      ok?.contents.filter((c) => c.kind === 'json' && !c.when && c.type).map((c) => c.type!) ?? [],
    );
    operations.set(op.operationId, {
      pascal,
      pathParams: names.claim(`${pascal}PathParams`, owner, at(op.pointer)),
      query: names.claim(`${pascal}Query`, owner, at(op.pointer)),
      headers: names.claim(`${pascal}Headers`, owner, at(op.pointer)),
      body: bodyRef ? typeNames.get(bodyRef)! : names.claim(`${pascal}Body`, owner, at(op.pointer)),
      response: responseRef
        ? typeNames.get(responseRef)!
        : names.claim(`${pascal}Response`, owner, at(op.pointer)),
      validateRequest: `validate${pascal}Request`,
      validateResponse: `validate${pascal}Response`,
    });
    // Path parameters become positional arguments: safe, distinct identifiers (`{class}` → `class_`, `{id}` and
    // `{ID}` → `id`, `id2`). Other parameters keep their spec names as quoted keys.
    const used = new Set<string>();
    const ids = new Map<string, string>();
    for (const p of op.parameters) {
      if (p.component && p.in !== 'cookie' && !readers.has(p.component))
        readers.set(p.component, `read${pascalCase(p.component)}Parameter`);
      if (p.in !== 'path') continue;
      const base = safeIdentifier(camelCase(p.name) || 'param');
      let id = base;
      for (let i = 2; used.has(id); i++) id = `${base}${i}`;
      used.add(id);
      ids.set(p.name, id);
    }
    pathIdentifiers.set(op.operationId, ids);
  }
  const webhooks = new Map<string, string>();
  for (const w of api.webhooks) {
    const typeName = names.claim(`${pascalCase(w.name)}Webhook`, `webhook '${w.name}'`, at(w.pointer));
    webhooks.set(w.name, typeName);
    names.claim(`${typeName}Headers`, `webhook '${w.name}'`, at(w.pointer));
  }
  const machines = new Map<string, { typeName: string; constName: string }>();
  for (const m of api.stateMachines) {
    const base = pascalCase(m.name);
    machines.set(m.name, {
      typeName: names.claim(`${base}State`, `state machine '${m.name}'`, at(m.pointer)),
      constName: `${camelCase(m.name)}Machine`,
    });
    names.claim(`${base}Machine`, `state machine '${m.name}'`, at(m.pointer));
  }
  const { enums, enumNames } = hoistEnums(api, areas, typeNames, operations, names, at);
  // The client class: the config's name, else one from the title ("Acme Projects API" → `AcmeProjectsClient`).
  const client = clientName
    ? names.claim(clientName, 'the client class (config clientName)', at('#/info/title'))
    : names.invent(clientNameFromTitle(api.title), 'the client class', at('#/info/title'));
  const validators = new Map(
    [...typeNames].map(([name, typeName]) => [name, { is: `is${typeName}`, check: `check${typeName}` }]),
  );
  const envPrefix = options.envPrefix ?? envPrefixFor(api.title, client);
  return {
    registry: names,
    schemas: typeNames,
    validators,
    operations,
    pathIdentifiers,
    readers,
    webhooks,
    machines,
    enums,
    enumNames,
    clientName: client,
    envPrefix,
  };
}

const GENERIC_TITLE = new Set([...GENERIC_TITLE_WORDS, 'client', 'sdk']);

/** `Acme Projects API` → `AcmeProjectsClient`; a title of generic words only → `ApiClient`. */
export function clientNameFromTitle(title: string): string {
  // Split on spaces and punctuation only, so `OpenAPI` is one (generic) word.
  const kept = title
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w && !GENERIC_TITLE.has(w.toLowerCase()) && !/^\d/.test(w))
    .slice(0, 3);
  return `${kept.length ? pascalCase(kept.join(' ')) : 'Api'}Client`;
}

/** One `EnumDef` per enum location; a named schema that is an enum keeps its own name (no other enum takes it). */
function hoistEnums(
  api: ParsedApi,
  areas: AreaTable,
  typeNames: ReadonlyMap<string, string>,
  operations: ReadonlyMap<string, OperationNames>,
  names: NameRegistry,
  at: (pointer: string) => Location,
): { enums: EnumDef[]; enumNames: Map<Pointer, string> } {
  const byPointer = new Map<string, EnumDef>();
  const enumNames = new Map<Pointer, string>();
  const schemaByPointer = new Map(api.schemas.map((s) => [s.pointer, s]));
  const labels = {
    schema: (s: { name: string }) => ({ name: typeNames.get(s.name)!, area: areas.schemas.get(s.name)! }),
    operation: (op: { operationId: string }) => operations.get(op.operationId)!.pascal,
  };
  walkApi(
    api,
    labels,
    ({ node, path, area }) => {
      if (node.kind !== 'enum' || byPointer.has(node.pointer)) return;
      const component = /^#\/components\/parameters\/([^/]+)\/schema$/.exec(node.pointer);
      // Only the schema that is this enum keeps its name: an enum inside it (`{enum, maxLength}` whose values the
      // other keyword refuses reads as an intersection at the same pointer) is a type of its own, named apart.
      const owner = schemaByPointer.get(node.pointer);
      const named = owner?.type === node ? owner : undefined;
      const invented = component?.[1]
        ? `${pascalCase(component[1])}Param`
        : path.map(pascalCase).join('') || 'Enum';
      const typeName = named
        ? typeNames.get(named.name)!
        : names.invent(invented, `the enum at ${node.pointer}`, at(node.pointer));
      const def: EnumDef = {
        typeName,
        valuesName: names.invent(
          `${constantCase(typeName)}_VALUES`,
          `the enum at ${node.pointer}`,
          at(node.pointer),
        ),
        guardName: names.invent(`is${typeName}`, `the enum at ${node.pointer}`, at(node.pointer)),
        values: node.values,
        open: node.open,
        area,
        pointers: [node.pointer],
      };
      if (node.description) def.description = node.description;
      byPointer.set(node.pointer, def);
      enumNames.set(node.pointer, typeName);
    },
    true,
  );
  return { enums: [...byPointer.values()].sort(by((e) => e.typeName)), enumNames };
}

/** The schema name when every node is the same non-nullable reference. */
function singleRef(nodes: TypeNode[]): string | undefined {
  const first = nodes[0];
  if (first?.kind !== 'ref' || first.nullable) return undefined;
  return nodes.every((n) => n.kind === 'ref' && n.target === first.target && !n.nullable)
    ? first.target
    : undefined;
}
