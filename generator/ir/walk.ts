import type { ParsedApi } from './api.ts';
import type { ParsedOperation } from './operation.ts';
import type { ParsedSchema, TypeNode } from './schema.ts';

export interface Visit {
  node: TypeNode;
  /** Name hint segments: the owning schema or operation, then property names. */
  path: string[];
  /** The owning area. */
  area: string;
}

/**
 * Child nodes of one node with the name segment each adds. `typesOnly` leaves out the constraint-only schemas
 * (conditionals, `not`, rule conditions), which add checks but never types or names.
 */
export function children(node: TypeNode, typesOnly = false): { node: TypeNode; segment?: string }[] {
  const out: { node: TypeNode; segment?: string }[] = [];
  switch (node.kind) {
    case 'array':
      out.push({ node: node.items, segment: 'item' });
      for (const p of node.prefixItems ?? []) out.push({ node: p, segment: 'item' });
      break;
    case 'object':
      for (const p of node.properties) out.push({ node: p.type, segment: p.name });
      if (typeof node.additional === 'object') out.push({ node: node.additional, segment: 'value' });
      if (!typesOnly) for (const r of node.rules) if (r.when) out.push({ node: r.when });
      break;
    case 'map':
      out.push({ node: node.values, segment: 'value' });
      break;
    case 'union':
      node.variants.forEach((v) => out.push({ node: v }));
      break;
    case 'intersection':
      node.members.forEach((m) => out.push({ node: m }));
      break;
    default:
      break;
  }
  if (typesOnly) return out;
  for (const c of node.conditionals ?? []) {
    out.push({ node: c.if });
    if (c.then) out.push({ node: c.then });
    if (c.else) out.push({ node: c.else });
  }
  for (const n of node.not ?? []) out.push({ node: n });
  for (const d of Object.values(node.dependentSchemas ?? {})) out.push({ node: d });
  if (node.unevaluatedProperties) out.push({ node: node.unevaluatedProperties });
  if (node.unevaluatedItems) out.push({ node: node.unevaluatedItems });
  if (node.kind === 'array' && node.contains) out.push({ node: node.contains });
  if (node.kind === 'object') for (const pp of node.patternProperties ?? []) out.push({ node: pp.type });
  if ((node.kind === 'object' || node.kind === 'map') && node.propertyNamesType)
    out.push({ node: node.propertyNamesType });
  return out;
}

export function walkNodeImpl(
  node: TypeNode,
  path: string[],
  area: string,
  visit: (v: Visit) => void,
  typesOnly = false,
): void {
  visit({ node, path, area });
  for (const child of children(node, typesOnly))
    walkNode(child.node, child.segment ? [...path, child.segment] : path, area, visit, typesOnly);
}

/** What the walker calls the roots it starts from: a schema's name and area, an operation's name. */
export interface WalkLabels {
  schema(s: ParsedSchema): { name: string; area: string };
  operation(op: ParsedOperation): string;
}

/** Every root type node of the API with its owner path, named by `labels`, in the model's order. */
export function walkApi(
  api: ParsedApi,
  labels: WalkLabels,
  visit: (v: Visit) => void,
  typesOnly = false,
): void {
  const walkNode = (node: TypeNode, path: string[], area: string, v: (x: Visit) => void) =>
    walkNodeImpl(node, path, area, v, typesOnly);
  for (const s of api.schemas) {
    const { name, area } = labels.schema(s);
    walkNode(s.type, [name], area, visit);
  }
  for (const op of api.operations) {
    const owner = labels.operation(op);
    for (const p of op.parameters) walkNode(p.type, [owner, p.name], op.area, visit);
    for (const c of op.requestBody?.contents ?? []) walkNode(c.type, [owner, 'body'], op.area, visit);
    for (const r of op.responses) {
      for (const h of r.headers) walkNode(h.type, [owner, h.name], op.area, visit);
      for (const c of r.contents) {
        if (c.type) walkNode(c.type, [owner, 'response'], op.area, visit);
        if (c.when && !typesOnly) walkNode(c.when, [owner, 'when'], op.area, visit);
        for (const e of c.sse?.events ?? []) walkNode(e.type, [owner, e.name, 'event'], op.area, visit);
      }
    }
  }
  for (const w of api.webhooks) {
    for (const p of w.headers) walkNode(p.type, [w.name, p.name], 'webhooks', visit);
    for (const c of w.body?.contents ?? []) walkNode(c.type, [w.name, 'payload'], 'webhooks', visit);
  }
  for (const h of api.headers) walkNode(h.type, [h.name], 'common', visit);
}

/** Names of the schemas a node refers to directly or through nested nodes (not following refs). */
export function refsOf(node: TypeNode, into: Set<string> = new Set()): Set<string> {
  walkNode(node, [], '', ({ node: n }) => {
    if (n.kind === 'ref') into.add(n.target);
  });
  return into;
}

export const walkNode = walkNodeImpl;
