/** Unions (`oneOf`/`anyOf`, discriminators) and intersections: variants matched by what they are. */
import type { IntersectionNode, TypeNode, UnionNode } from '../../ir/schema.ts';
import { at, pair, shapeKey, type CompareTypes, type DiffContext, type Scope } from '../context.ts';

/** How a variant reads in a message: `Video`, `"auto"`, `array of integer`. */
export function describeNode(n: TypeNode): string {
  if (n.kind === 'ref') return n.target;
  if (n.kind === 'literal') return JSON.stringify(n.value);
  if (n.kind === 'number') return n.integer ? 'integer' : 'number';
  if (n.kind === 'array') return `array of ${describeNode(n.items)}`;
  if (n.kind === 'map') return `map of ${describeNode(n.values)}`;
  return n.kind;
}

interface Matched {
  both: [TypeNode, TypeNode, string][];
  removed: TypeNode[];
  added: TypeNode[];
}

/**
 * Pairs the variants of two unions (or members of two intersections) by what they are, never by position: the
 * schema a reference names (through renames), then equal content, then the value of a constant property they
 * carry (`type: "message"`), then the only variant of a kind on each side. The label names a pair in locations.
 */
function matchVariants(ctx: DiffContext, a: TypeNode[], b: TypeNode[]): Matched {
  const left = [...a];
  const right = [...b];
  const both: Matched['both'] = [];
  const pass = (key: (n: TypeNode, side: 'base' | 'head') => string | undefined, unique: boolean) => {
    const keys = (list: TypeNode[], side: 'base' | 'head') => list.map((n) => key(n, side));
    const lk = keys(left, 'base');
    const rk = keys(right, 'head');
    const count = (ks: (string | undefined)[], k: string) => ks.filter((x) => x === k).length;
    for (let i = 0; i < left.length; i++) {
      const k = lk[i];
      if (k === undefined || (unique && (count(lk, k) > 1 || count(rk, k) > 1))) continue;
      const j = rk.indexOf(k);
      if (j === -1) continue;
      both.push([left[i]!, right[j]!, k]);
      left.splice(i, 1);
      lk.splice(i, 1);
      right.splice(j, 1);
      rk.splice(j, 1);
      i--;
    }
  };
  const resolved = (n: TypeNode, side: 'base' | 'head') =>
    side === 'base' ? ctx.resolveBase(n) : ctx.resolveHead(n);
  pass(
    (n, side) =>
      n.kind === 'ref'
        ? side === 'base'
          ? (ctx.renamedSchemas.get(n.target) ?? n.target)
          : n.target
        : undefined,
    false,
  );
  pass((n) => (n.kind === 'literal' ? JSON.stringify(n.value) : undefined), false);
  pass((n, side) => shapeKey(resolved(n, side)), false);
  pass((n, side) => tagOf(resolved(n, side)), true);
  pass((n, side) => describeNode(resolved(n, side)), true);
  return { both, removed: left, added: right };
}

/** `type=message` for an object variant with a property fixed to one value (the usual tag). */
function tagOf(n: TypeNode): string | undefined {
  if (n.kind !== 'object') return undefined;
  for (const p of n.properties) {
    const t = p.type;
    if (t.kind === 'literal') return `${p.name}=${JSON.stringify(t.value)}`;
    if (t.kind === 'enum' && t.values.length === 1 && !t.open)
      return `${p.name}=${JSON.stringify(t.values[0])}`;
  }
  return undefined;
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
  const { both, removed, added } = matchVariants(ctx, a.members, b.members);
  for (const x of added)
    ctx.judge(
      scope,
      { request: 'tightened-constraint', response: 'narrowed-response' },
      location,
      `member ${describeNode(x)} added to allOf`,
    );
  for (const x of removed)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'widened-response' },
      location,
      `member ${describeNode(x)} removed from allOf`,
    );
  for (const [x, y] of both) diffType(ctx, scope, location, x, y);
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
  const { both, removed, added } = matchVariants(ctx, a, b);
  if (reportSet) {
    for (const x of added)
      ctx.judge(
        scope,
        { request: 'loosened-request', response: 'widened-response' },
        location,
        `variant ${describeNode(x)} added`,
      );
    for (const x of removed)
      ctx.judge(
        scope,
        { request: 'narrowed-request', response: 'narrowed-response' },
        location,
        `variant ${describeNode(x)} removed`,
      );
  }
  const many = both.length > 1;
  for (const [x, y, key] of both)
    diffType(ctx, scope, many && x.kind !== 'ref' ? at(location, `<${key}>`) : location, x, y);
}
