import type { ArrayNode, MapNode } from '../../ir/schema.ts';
import { at, shapeKey, type CompareTypes, type DiffContext, type Scope } from '../context.ts';
import { diffConstraints } from './constraints.ts';

type Bag = Record<string, unknown>;

export function diffArray(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: ArrayNode,
  b: ArrayNode,
  diffType: CompareTypes,
): void {
  diffType(ctx, scope, at(location, '[]'), a.items, b.items);
  const pa = a.prefixItems ?? [];
  const pb = b.prefixItems ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++)
    diffType(ctx, scope, at(location, `[${i}]`), pa[i]!, pb[i]!);
  if (pa.length !== pb.length)
    ctx.judge(
      scope,
      { request: 'changed-type', response: 'changed-type' },
      location,
      `tuple length ${pa.length} → ${pb.length}`,
    );
  diffConstraints(ctx, scope, location, a as unknown as Bag, b as unknown as Bag, false);
}

export function diffMap(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: MapNode,
  b: MapNode,
  diffType: CompareTypes,
): void {
  diffType(ctx, scope, at(location, '{}'), a.values, b.values);
  diffConstraints(ctx, scope, location, a as unknown as Bag, b as unknown as Bag, false);
  if (shapeKey(a.propertyNames) !== shapeKey(b.propertyNames)) {
    ctx.judge(
      scope,
      { request: 'tightened-constraint', response: 'narrowed-response' },
      location,
      'key constraints changed',
      a.propertyNames ?? null,
      b.propertyNames ?? null,
    );
  }
}
