/** Small questions the emulation pass asks of paths and schemas. */
import { propertiesOf, resolveNode } from '../../ir/queries.ts';
import type { Api as Full } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { TypeNode } from '../../ir/schema.ts';

/** The resolved model the pass reads: everything but the table it makes. */
export type Api = Omit<Full, 'emulation'>;

export const segments = (path: string) => path.split('/').filter(Boolean);
/** A whole segment that is a path parameter (`{ticket_id}`). */
export const isParam = (s: string | undefined) =>
  !!s && s.startsWith('{') && s.endsWith('}') && s.indexOf('{', 1) < 0;
/** The path with its parameters as `{}`: two paths that differ only in parameter names address the same thing. */
export const template = (path: string) => path.replace(/\{[^}/]+\}/g, '{}');
/** The path up to its last segment (`/tickets/{ticket_id}` → `/tickets`). */
export const parentPath = (path: string, drop = 1) => `/${segments(path).slice(0, -drop).join('/')}`;

export const ref = (target: string): TypeNode => ({ kind: 'ref', target, nullable: false, pointer: '' });
export const refName = (node: TypeNode | undefined) => (node?.kind === 'ref' ? node.target : undefined);

/** The JSON success body's type: the default content's, else any JSON content's. */
export function jsonSuccess(op: Operation): TypeNode | undefined {
  const contents = op.success?.contents ?? [];
  return (contents.find((c) => c.kind === 'json' && !c.when) ?? contents.find((c) => c.kind === 'json'))
    ?.type;
}

export const property = (api: Api, schema: string, name: string) =>
  propertiesOf(api, ref(schema)).find((p) => p.name === name);
export const hasProperty = (api: Api, schema: string, name: string) => !!property(api, schema, name);

/** A named schema whose items have an `id`: what a collection holds. */
export const isItem = (api: Api, schema: string | undefined): schema is string =>
  !!schema && hasProperty(api, schema, 'id');

/** The one string a node allows (`const`, a one-value enum), if any. */
export function literalString(api: Api, node: TypeNode | undefined): string | undefined {
  const n = node && resolveNode(api, node);
  if (n?.kind === 'literal' && typeof n.value === 'string') return n.value;
  if (n?.kind === 'enum' && n.values.length === 1 && typeof n.values[0] === 'string') return n.values[0];
  return undefined;
}

/** The value of the item's `object` field, when the schema fixes one. */
export const objectValue = (api: Api, schema: string) =>
  literalString(api, property(api, schema, 'object')?.type);

/** The item schema of a list: the paged item, the envelope's item, or a bare array's item. */
export function listItem(api: Api, op: Operation): string | undefined {
  if (op.method !== 'get') return undefined;
  if (op.paging) return refName(op.pageItem);
  if (op.list?.kind === 'envelope') return refName(op.list.item);
  const body = jsonSuccess(op);
  const node = body && resolveNode(api, body);
  return node?.kind === 'array' ? refName(node.items) : undefined;
}
