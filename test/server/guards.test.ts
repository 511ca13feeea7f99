/**
 * The state guards' two readings of the state machines agree: the generated index types `guardState` by the
 * operations the emitter finds restricted (`GuardedStates`), and the runtime finds them again from the tables.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { guardedOperations } from '../../generator/emit/server/index.ts';
import type { Api } from '../../generator/ir/api.ts';
import { buildIr } from '../../generator/pipeline.ts';
import { allowedStates } from '../../generated/server/index.ts';

let api: Api;
beforeAll(async () => {
  api = await buildIr('spec/openapi.yaml');
});

describe('state guards', () => {
  it('type exactly the operations the runtime restricts, with the states of their machines', () => {
    const typed = new Map(guardedOperations(api).map((g) => [g.operationId, g.machines]));
    expect(typed.size).toBeGreaterThan(0);
    for (const { operationId } of api.operations) {
      const states = (allowedStates as (id: string) => string[] | undefined)(operationId);
      const machines = typed.get(operationId);
      expect(states !== undefined, operationId).toBe(machines !== undefined);
      if (machines && states)
        for (const s of states)
          expect(
            machines.some((m) => m.states.includes(s)),
            `${operationId} ${s}`,
          ).toBe(true);
    }
  });
});
