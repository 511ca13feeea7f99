/**
 * `client/resources/…`: one file per resource of `api.resources` (its `file`), holding its class; a class's
 * sub-resources are fields whose classes come from their own files (`VectorStores` with `files: VectorStoresFiles`
 * from `vector-stores/files.ts`), as openai-node lays out `resources/vector-stores/`.
 */
import {
  StructureKind,
  type ClassDeclarationStructure,
  type OptionalKind,
  type PropertyDeclarationStructure,
} from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { ResourceNode } from '../../ir/resource.ts';
import type { GeneratedFile } from '../contract.ts';
import { printFile } from '../ts/project.ts';
import { importRegistry, type Imports } from '../ts/imports.ts';
import { methodOf } from './methods.ts';

/** At most this many of a resource's calls are named in its doc; the rest are counted. */
const NAMED_CALLS = 6;

function operationsUnder(node: ResourceNode, ops: ReadonlyMap<string, Operation>): Operation[] {
  return [
    ...node.methods.map((m) => ops.get(m.operationId)!),
    ...node.children.flatMap((c) => operationsUnder(c, ops)),
  ];
}

/**
 * What a resource is, for its class and the field that holds it: the description of the tag all its operations
 * share (unless its parent says the same), else what its calls do: their summaries as sentences (else method and path).
 */
export function resourceSummary(api: Api, node: ResourceNode, parent?: ResourceNode): string {
  const ops = new Map(api.operations.map((o) => [o.operationId, o]));
  const tagOf = (n: ResourceNode): string | undefined => {
    const tags = new Set(operationsUnder(n, ops).map((o) => o.tags[0]));
    const [tag] = tags;
    return tags.size === 1 && tag !== undefined
      ? api.tags.find((t) => t.name === tag)?.description?.trim() || undefined
      : undefined;
  };
  const described = tagOf(node);
  if (described && (!parent || tagOf(parent) !== described)) return described;
  const calls = [
    ...new Set(
      operationsUnder(node, ops).map((o) =>
        (o.summary ?? `\`${o.method.toUpperCase()} ${o.path}\``).replace(/\.$/, ''),
      ),
    ),
  ];
  const named = calls.slice(0, NAMED_CALLS).join('. ');
  const more = calls.length > NAMED_CALLS ? `. And ${calls.length - NAMED_CALLS} more calls` : '';
  return `${named}${more}.`;
}

function classOf(
  api: Api,
  node: ResourceNode,
  parent: ResourceNode | undefined,
  use: Imports,
): ClassDeclarationStructure {
  const ops = new Map(api.operations.map((o) => [o.operationId, o]));
  const properties: OptionalKind<PropertyDeclarationStructure>[] = node.children.map((c) => {
    const type = use.from(c.file, c.className);
    return {
      name: c.property,
      isReadonly: true,
      type,
      initializer: `new ${type}(this._client)`,
      docs: [resourceSummary(api, c, node)],
    };
  });
  return {
    kind: StructureKind.Class,
    name: node.className,
    isExported: true,
    extends: use.from('client/core/resource.ts', 'APIResource'),
    docs: [`${resourceSummary(api, node, parent)}\n\nReached as \`client.${node.path.join('.')}\`.`],
    properties,
    methods: node.methods.map((m) => methodOf(api, ops.get(m.operationId)!, m.name, use)),
  };
}

export function emitResources(api: Api): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  const visit = (node: ResourceNode, parent: ResourceNode | undefined) => {
    const path = node.file;
    const use = importRegistry(api, path);
    if (node.methods.length) use.from('client/operations.ts', 'operations');
    const own = classOf(api, node, parent, use);
    files.push({ path, contents: printFile(path, [...use.declarations(), own]) });
    for (const child of node.children) visit(child, node);
  };
  for (const node of api.resources.children) visit(node, undefined);
  return files;
}
