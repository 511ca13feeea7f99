/**
 * Builds the SDK resource tree from the paths by one rule (spec/EXTENSIONS.md), with `x-sdk-call` where the
 * API's SDK name differs: static segments nest as camelCase resources, and the method comes from the HTTP
 * method and the path's shape.
 */
import { fail } from '../diagnostics.ts';
import { listEnvelope } from '../ir/queries.ts';
import type { Api, Operation, ResourceNode } from '../ir/types.ts';
import { camelCase, pascalCase } from '../naming/case.ts';

export function defaultSdkPath(api: Api, op: Operation): string[] {
  const segments = op.path.split('/').filter(Boolean);
  const isParam = (s: string | undefined) => s !== undefined && s.startsWith('{');
  const statics = segments.filter((s) => !isParam(s)).map(camelCase);
  const last = segments[segments.length - 1];
  const beforeLast = segments[segments.length - 2];
  if (isParam(last)) {
    const method = op.method === 'get' ? 'retrieve' : op.method === 'delete' ? 'delete' : 'update';
    return [...statics, method];
  }
  if (isParam(beforeLast) && op.method === 'post') {
    return [...statics.slice(0, -1), camelCase(last!)];
  }
  const method = op.method === 'get' ? (listEnvelope(api, op) ? 'list' : 'retrieve') : op.method === 'post' ? 'create' : op.method === 'delete' ? 'delete' : 'update';
  return [...statics, method];
}

export function buildResourceTree(api: Api, locate: (pointer: string) => object): void {
  const root: ResourceNode = { property: '', className: '', path: [], methods: [], children: [] };
  const owners = new Map<string, string>();
  for (const op of [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1))) {
    if (op.sdkPath.length === 0) op.sdkPath = defaultSdkPath(api, op);
    if (op.sdkPath.length < 2 || op.sdkPath.some((s) => !/^[a-z][A-Za-z0-9]*$/.test(s))) {
      fail('invalid-extension', `SDK call '${op.sdkPath.join('.')}' of ${op.operationId} must be resource.method in camelCase`, locate(op.pointer));
    }
    const key = op.sdkPath.join('.');
    const clash = owners.get(key);
    if (clash) fail('identifier-collision', `operations ${clash} and ${op.operationId} both map to client.${key}; give one an x-sdk-call`, locate(op.pointer));
    owners.set(key, op.operationId);
    let node = root;
    for (const segment of op.sdkPath.slice(0, -1)) {
      let next = node.children.find((c) => c.property === segment);
      if (!next) {
        const path = [...node.path, segment];
        next = { property: segment, className: path.map(pascalCase).join(''), path, methods: [], children: [] };
        node.children.push(next);
      }
      node = next;
    }
    const method = op.sdkPath[op.sdkPath.length - 1]!;
    if (node.children.some((c) => c.property === method)) {
      fail('identifier-collision', `client.${key} is both a method and a sub-resource`, locate(op.pointer));
    }
    node.methods.push({ name: method, operationId: op.operationId });
  }
  const sort = (n: ResourceNode): void => {
    n.children.sort((a, b) => (a.property < b.property ? -1 : 1));
    n.methods.sort((a, b) => (a.name < b.name ? -1 : 1));
    n.children.forEach(sort);
    for (const c of n.children) {
      if (n.methods.some((m) => m.name === c.property)) fail('identifier-collision', `client.${c.path.join('.')} is both a method and a sub-resource`, {});
    }
  };
  sort(root);
  api.resources = root;
}
