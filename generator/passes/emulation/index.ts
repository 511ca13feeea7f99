/**
 * The emulation pass: what the emulator does with each part of the API, decided once from the resolved model
 * (its operations with their decisions, schemas, resource tree, state machines and webhooks) and read by the
 * emulator's emitter, which prints it as the decision table of the emulator's README. Each decision's rule is in
 * its module: collections.ts, ids.ts, operations.ts, events.ts, compute.ts, assumptions.ts.
 */
import type { EmulationTable } from '../../ir/emulation.ts';
import type { Api } from './shape.ts';
import { decideAssumptions } from './assumptions.ts';
import { decideCollections, machineOfSchema } from './collections.ts';
import { decideEvents } from './events.ts';
import { decideOperations } from './operations.ts';

export function decideEmulation(api: Api): EmulationTable {
  const collections = decideCollections(api);
  const machines = new Map([...machineOfSchema(api).values()].map((m) => [m.name, m]));
  const headers = new Set<string>();
  for (const op of api.operations)
    for (const r of op.responses)
      for (const h of r.headers) if (/^x-ratelimit-/i.test(h.name)) headers.add(h.name.toLowerCase());
  return {
    collections,
    operations: decideOperations(api, collections),
    events: decideEvents(api, collections, machines),
    ...decideAssumptions(api.stateMachines),
    rateLimitHeaders: [...headers].sort(),
  };
}
