/**
 * `client/resources/<name>.ts`: one file per top-level resource, holding its class and the classes of its
 * sub-resources (`VectorStores` with `files: VectorStoresFiles`), mirroring `api.resources`.
 */
import {
  StructureKind,
  type ClassDeclarationStructure,
  type OptionalKind,
  type PropertyDeclarationStructure,
} from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import type { ResourceNode } from '../../ir/resource.ts';
import type { GeneratedFile } from '../contract.ts';
import { printFile } from '../ts/project.ts';
import { importRegistry, type Imports } from '../ts/imports.ts';
import { methodOf } from './methods.ts';

function classesOf(api: Api, node: ResourceNode, use: Imports): ClassDeclarationStructure[] {
  const ops = new Map(api.operations.map((o) => [o.operationId, o]));
  const properties: OptionalKind<PropertyDeclarationStructure>[] = node.children.map((c) => ({
    name: c.property,
    isReadonly: true,
    type: c.className,
    initializer: `new ${c.className}(this._client)`,
  }));
  const own: ClassDeclarationStructure = {
    kind: StructureKind.Class,
    name: node.className,
    isExported: true,
    extends: use.from('client/core/resource.ts', 'APIResource'),
    docs: [`\`client.${node.path.join('.')}\``],
    properties,
    methods: node.methods.map((m) => methodOf(api, ops.get(m.operationId)!, m.name, use)),
  };
  return [own, ...node.children.flatMap((c) => classesOf(api, c, use))];
}

export function emitResources(api: Api): GeneratedFile[] {
  return api.resources.children.map((node) => {
    const path = node.file;
    const use = importRegistry(api, path);
    use.from('client/operations.ts', 'operations');
    const classes = classesOf(api, node, use);
    return { path, contents: printFile(path, [...use.declarations(), ...classes]) };
  });
}
