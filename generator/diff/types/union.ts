import type { IntersectionNode, TypeNode, UnionNode } from '../../ir/schema.ts';
import { at, pair, type CompareTypes, type DiffContext, type Scope } from '../context.ts';

/** A variant's identity: the schema it names, the constant it is, or its kind (numbered when repeated). */
export function variantKeys(nodes: TypeNode[]): string[] {
  const seen = new Map<string, number>();
  return nodes.map((n) => {
    const base = n.kind === 'ref' ? n.target : n.kind === 'literal' ? `${JSON.stringify(n.value)}` : n.kind;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count ? `${base}#${count + 1}` : base;
  });
}

/** How a variant reads in a message: `Video`, `"auto"`, `array of integer`. */
export function describeNode(n: TypeNode): string {
  if (n.kind === 'ref') return n.target;
  if (n.kind === 'literal') return JSON.stringify(n.value);
  if (n.kind === 'number') return n.integer ? 'integer' : 'number';
  if (n.kind === 'array') return `array of ${describeNode(n.items)}`;
  if (n.kind === 'map') return `map of ${describeNode(n.values)}`;
  return n.kind;
}

function keyed(nodes: TypeNode[]): { key: string; node: TypeNode }[] {
  const keys = variantKeys(nodes);
  return nodes.map((node, i) => ({ key: keys[i]!, node }));
}

export function diffUnion(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: UnionNode,
  b: UnionNode,
  diffType: CompareTypes,
): void {
  if (a.mode !== b.mode) {
    const tight = b.mode === 'oneOf';
    ctx.judge(
      scope,
      {
        request: tight ? 'tightened-constraint' : 'loosened-request',
        response: tight ? 'narrowed-response' : 'widened-response',
      },
      location,
      `union ${a.mode} → ${b.mode}`,
    );
  }
  const da = a.discriminator;
  const db = b.discriminator;
  if (da && db && da.property !== db.property)
    ctx.judge(
      scope,
      { request: 'changed-type', response: 'changed-type' },
      location,
      `discriminator \`${da.property}\` → \`${db.property}\``,
    );
  if (da && db) {
    const m = pair(da.mapping, db.mapping, (x) => x.value);
    for (const x of m.added)
      ctx.judge(
        scope,
        { request: 'loosened-request', response: 'widened-response' },
        location,
        `variant \`${x.value}\` (${x.schema}) added`,
      );
    for (const x of m.removed)
      ctx.judge(
        scope,
        { request: 'narrowed-request', response: 'narrowed-response' },
        location,
        `variant \`${x.value}\` (${x.schema}) removed`,
      );
    for (const [x, y] of m.both)
      if (x.schema !== y.schema)
        ctx.judge(
          scope,
          { request: 'changed-type', response: 'changed-type' },
          location,
          `variant \`${x.value}\` now selects ${y.schema} instead of ${x.schema}`,
        );
  }
  // A discriminated union reports its variants through the mapping; others through the variant list.
  diffMembers(ctx, scope, location, a.variants, b.variants, !(da && db), diffType);
}

export function diffIntersection(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: IntersectionNode,
  b: IntersectionNode,
  diffType: CompareTypes,
): void {
  const { both, removed, added } = pair(keyed(a.members), keyed(b.members), (x) => x.key);
  for (const x of added)
    ctx.judge(
      scope,
      { request: 'tightened-constraint', response: 'narrowed-response' },
      location,
      `member ${describeNode(x.node)} added to allOf`,
    );
  for (const x of removed)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'widened-response' },
      location,
      `member ${describeNode(x.node)} removed from allOf`,
    );
  for (const [x, y] of both) diffType(ctx, scope, location, x.node, y.node);
}

function diffMembers(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: TypeNode[],
  b: TypeNode[],
  reportSet: boolean,
  diffType: CompareTypes,
): void {
  const { both, removed, added } = pair(keyed(a), keyed(b), (x) => x.key);
  if (reportSet) {
    for (const x of added)
      ctx.judge(
        scope,
        { request: 'loosened-request', response: 'widened-response' },
        location,
        `variant ${describeNode(x.node)} added`,
      );
    for (const x of removed)
      ctx.judge(
        scope,
        { request: 'narrowed-request', response: 'narrowed-response' },
        location,
        `variant ${describeNode(x.node)} removed`,
      );
  }
  const many = both.length > 1;
  for (const [x, y] of both)
    diffType(
      ctx,
      scope,
      many && x.node.kind !== 'ref' ? at(location, `<${x.key}>`) : location,
      x.node,
      y.node,
    );
}
