/**
 * Which `check` helpers know their one place (one-place.ts, HelperPool.slot): a structure written once in the
 * document, at that place; anywhere else, even the same structure gets a helper that is told where it is.
 */
import { describe, expect, it } from 'vitest';
import type { TypeNode } from '../../generator/ir/schema.ts';
import { HelperPool } from '../../generator/emit/validators/helper-names.ts';
import { onePlaceKeys } from '../../generator/emit/validators/one-place.ts';
import { structuralKey } from '../../generator/emit/validators/structure.ts';
import { buildIr } from '../../generator/pipeline.ts';

const node = (pointer: string) => ({ kind: 'string', maxLength: 2, pointer }) as unknown as TypeNode;

describe('one-place helpers', () => {
  it('a structure at one place is fixed there; a copy elsewhere gets a helper of its own that is told its place', () => {
    const here = node('#/components/schemas/A/properties/x');
    const pool = new HelperPool(new Map(), [], new Map([[structuralKey(here), here.pointer]]));
    expect(pool.slot(here, 'check')).toEqual({ key: structuralKey(here), fixed: true });
    const elsewhere = pool.slot(node('#/components/schemas/B/properties/x'), 'check');
    expect(elsewhere.fixed).toBe(false);
    expect(elsewhere.key).not.toBe(structuralKey(here));
    // Only `check` helpers take a place: `is` helpers stay shared by structure.
    expect(pool.slot(here, 'is')).toEqual({ key: structuralKey(here), fixed: false });
  });

  it('counts every place of our spec: none of its one-place structures is also found at a second place', async () => {
    const api = await buildIr('spec/openapi.yaml');
    const one = onePlaceKeys(api);
    expect(one.size).toBeGreaterThan(100);
    const places = new Map<string, Set<string>>();
    const roots = new Set(api.schemas.map((s) => s.type));
    const visit = (n: TypeNode, stack: TypeNode[]): void => {
      if (!roots.has(n)) {
        const key = structuralKey(n);
        places.set(key, (places.get(key) ?? new Set()).add(n.pointer));
      }
      if (stack.includes(n)) return;
      for (const child of Object.values(n).flatMap((v) => (Array.isArray(v) ? v : [v])))
        if (child && typeof child === 'object' && 'kind' in child && 'pointer' in child)
          visit(child as TypeNode, [...stack, n]);
        else if (child && typeof child === 'object' && 'type' in child && 'name' in child)
          visit((child as { type: TypeNode }).type, [...stack, n]);
    };
    for (const s of api.schemas) visit(s.type, []);
    for (const [key, place] of one) if (places.has(key)) expect([...places.get(key)!]).toEqual([place]);
  });
});
