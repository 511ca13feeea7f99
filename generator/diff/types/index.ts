import type { TypeKind, TypeNode } from '../../ir/schema.ts';
import {
  sameJson,
  shapeKey,
  type ByPosition,
  type CompareTypes,
  type DiffContext,
  type Scope,
} from '../context.ts';
import { diffArray, diffMap } from './collections.ts';
import { diffConstraints } from './constraints.ts';
import { diffEnumValues } from './enum.ts';
import { diffObject } from './object.ts';
import { normalize } from './normalize.ts';
import { diffIntersection, diffUnion } from './union.ts';

/** Compares two nodes of one kind; `diffType` compares their child nodes (passed in, so no kind module imports this one). */
type SameKind<K extends TypeKind> = (
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: Extract<TypeNode, { kind: K }>,
  b: Extract<TypeNode, { kind: K }>,
  diffType: CompareTypes,
) => void;
type Bag = Record<string, unknown>;
const none = () => {};

const SAME_KIND: { [K in TypeKind]: SameKind<K> } = {
  string: (ctx, scope, loc, a, b) =>
    diffConstraints(ctx, scope, loc, a as unknown as Bag, b as unknown as Bag, true),
  number: (ctx, scope, loc, a, b) => {
    if (a.integer && !b.integer)
      ctx.judge(
        scope,
        { request: 'loosened-request', response: 'widened-response' },
        loc,
        'integer → number',
      );
    if (!a.integer && b.integer)
      ctx.judge(
        scope,
        { request: 'narrowed-request', response: 'narrowed-response' },
        loc,
        'number → integer',
      );
    diffConstraints(ctx, scope, loc, a as unknown as Bag, b as unknown as Bag, false);
  },
  binary: (ctx, scope, loc, a, b) =>
    diffConstraints(ctx, scope, loc, a as unknown as Bag, b as unknown as Bag, true),
  boolean: none,
  null: none,
  unknown: none,
  never: none,
  literal: diffEnumValues,
  enum: diffEnumValues,
  array: diffArray,
  map: diffMap,
  object: diffObject,
  union: diffUnion,
  intersection: diffIntersection,
  ref: none,
};

/** Pairs of named schemas already being compared structurally (ref against inline), to stop at recursion. */
const inProgress = new WeakMap<DiffContext, Set<string>>();

export function diffType(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  before: TypeNode,
  after: TypeNode,
): void {
  const a = normalize(before, (n) => ctx.resolveBase(n));
  const b = normalize(after, (n) => ctx.resolveHead(n));
  diffMeta(ctx, scope, location, a, b);
  // Same target: the named schema's own changes are reported once, under the schema.
  if (
    a.kind === 'ref' &&
    b.kind === 'ref' &&
    (a.target === b.target || ctx.renamedSchemas.get(a.target) === b.target)
  )
    return;
  if (a.kind === 'ref' || b.kind === 'ref') {
    // Inlined, extracted, or another name: the structures are compared (a schema identical to the old one under
    // another name is no change), once per pair, which also ends recursion.
    const key = `${a.kind === 'ref' ? a.target : shapeKey(a)}→${b.kind === 'ref' ? b.target : shapeKey(b)}`;
    const seen = inProgress.get(ctx) ?? new Set<string>();
    inProgress.set(ctx, seen);
    if (seen.has(key)) return;
    seen.add(key);
    const ra = ctx.resolveBase(a);
    const rb = ctx.resolveHead(b);
    if (ra.kind !== 'ref' && rb.kind !== 'ref')
      diffType(ctx, scope, location, { ...ra, nullable: a.nullable }, { ...rb, nullable: b.nullable });
    else if (a.kind === 'ref' && b.kind === 'ref')
      // A target missing on a side (a dangling reference read tolerantly): only the names can be compared.
      ctx.judge(
        scope,
        { request: 'changed-type', response: 'changed-type' },
        location,
        `type ${a.target} → ${b.target}`,
        a.target,
        b.target,
      );
    seen.delete(key);
    return;
  }
  if (a.kind === b.kind) {
    (SAME_KIND[a.kind] as SameKind<TypeKind>)(ctx, scope, location, a, b, diffType);
    return;
  }
  diffKind(ctx, scope, location, a, b);
}

const label = (n: TypeNode): string => (n.kind === 'number' && n.integer ? 'integer' : n.kind);
const valued = (n: TypeNode) => n.kind === 'enum' || n.kind === 'literal';

/** A change of kind: a widening, a narrowing, or a plain type change. */
function diffKind(ctx: DiffContext, scope: Scope, location: string, a: TypeNode, b: TypeNode): void {
  const message = `type ${label(a)} → ${label(b)}`;
  if (valued(a) && valued(b)) return diffEnumValues(ctx, scope, location, a, b);
  const widen: ByPosition = { request: 'loosened-request', response: 'widened-response' };
  const narrow: ByPosition = { request: 'narrowed-request', response: 'narrowed-response' };
  if ((valued(a) && b.kind === 'string') || b.kind === 'unknown')
    return ctx.judge(scope, widen, location, message);
  if ((a.kind === 'string' && valued(b)) || a.kind === 'unknown')
    return ctx.judge(scope, narrow, location, message);
  // X → a union with an X variant widens; the reverse narrows.
  if (b.kind === 'union' && b.variants.some((v) => v.kind === a.kind))
    return ctx.judge(scope, widen, location, `${message} (the ${a.kind} is still accepted)`);
  if (a.kind === 'union' && a.variants.some((v) => v.kind === b.kind))
    return ctx.judge(scope, narrow, location, `${message} (only the ${b.kind} remains)`);
  ctx.judge(scope, { request: 'changed-type', response: 'changed-type' }, location, message);
}

/** What every node carries: nullability, default, deprecation, documentation, JSON Schema conditionals. */
function diffMeta(ctx: DiffContext, scope: Scope, location: string, a: TypeNode, b: TypeNode): void {
  if (!a.nullable && b.nullable)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'widened-response' },
      location,
      'became nullable',
    );
  if (a.nullable && !b.nullable)
    ctx.judge(
      scope,
      { request: 'narrowed-request', response: 'narrowed-response' },
      location,
      'no longer nullable',
    );
  if (!sameJson(a.default, b.default))
    ctx.judge(
      scope,
      { request: 'changed-default', response: 'docs' },
      location,
      `default ${JSON.stringify(a.default)} → ${JSON.stringify(b.default)}`,
      a.default ?? null,
      b.default ?? null,
    );
  if (!a.deprecated && b.deprecated) ctx.add('deprecated', scope, location, 'deprecated');
  if (a.deprecated && !b.deprecated) ctx.add('docs', scope, location, 'no longer deprecated');
  // Between a ref and an inline node the documentation moved rather than changed: compare like with like.
  if ((a.kind === 'ref') === (b.kind === 'ref')) {
    if ((a.description ?? '') !== (b.description ?? ''))
      ctx.add('docs', scope, location, 'description changed');
    if (!sameJson(a.examples, b.examples)) ctx.add('docs', scope, location, 'examples changed');
  }
  const cond = (n: TypeNode) => shapeKey([n.conditionals ?? [], n.not ?? [], n.dependentRequired ?? {}]);
  const empty = shapeKey([[], [], {}]);
  if (cond(a) !== cond(b)) {
    const removedOnly = cond(b) === empty;
    ctx.judge(
      scope,
      removedOnly
        ? { request: 'loosened-request', response: 'widened-response' }
        : { request: 'tightened-constraint', response: 'narrowed-response' },
      location,
      removedOnly
        ? 'conditional constraints removed'
        : 'conditional constraints (if/then/else, not, dependentRequired) changed',
    );
  }
}
