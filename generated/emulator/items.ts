// Copied by platform-api-codegen from its runtime (templates/emulator/items.ts). Do not edit: every generation replaces it.
/**
 * Items as the handlers make, find and show them:
 * - a new item is the request's fields its schema has, with what the server assigns: the id (the collection's id
 *   rule), the creation and change times, the `object` value, the parent's id from the path, the initial state;
 * - an item is found by the operation's path (its id and parents); one the emulator does not hold is not found,
 *   or, with `unknownIds: "synthesize"`, made as if it existed (in a state the operation is allowed in) and stored;
 * - an item is shown with the counts of its children (`file_counts`).
 */
import { HttpError } from '../server/core/errors.js';
import { fill, type FillContext } from './fill.js';
import { newId } from './ids.js';
import type { HandlerInput } from './input.js';
import type { State, Stored } from './state.js';
import {
  jsonText,
  type CollectionModel,
  type Json,
  type JsonObject,
  type OperationModel,
  type Schema,
} from './types.js';

export interface Items {
  /** The item's fields with what the server assigns, filled against its schema (not stored). */
  fresh(collection: string, fields: JsonObject, parents: string[], initial?: string, id?: string): JsonObject;
  /** The stored fields merged with `fields`, what the server assigned kept, the change time now. */
  merged(collection: string, stored: Stored, fields: JsonObject): JsonObject;
  /** The item the operation's path names; 404, or a made-up one with `synthesize`. */
  load(op: OperationModel, input: HandlerInput, operationId: string): Stored;
  /** The parent the path of a create or list names must exist (404, or made up with `synthesize`). */
  requireParent(op: OperationModel, input: HandlerInput): void;
  /** The item with its derived fields (`file_counts`). */
  view(collection: string, stored: Stored): JsonObject;
  parentsOf(op: OperationModel, input: HandlerInput): string[];
  /** Stores a new item: entering its machine's initial state, else as it is. */
  add(collection: string, stored: Stored): void;
  initialState(collection: string, operationId?: string): string | undefined;
}

export function createItems(state: State, synthesize: boolean): Items {
  const model = state.model;
  const ctx = (): FillContext => ({ schemas: model.schemas, nowSeconds: state.clock.nowSeconds() });
  const schemaOf = (collection: string): Schema => ({ $ref: `#/s/${collection}` });
  const parentsOf = (op: OperationModel, input: HandlerInput) =>
    op.parentParams.map((p) => String(input.params[p]));

  /** Integer ids: 1, 2, 3... per collection, never reused (the counter is stored with the items). */
  const nextNumber = (collection: string): number => {
    const seq = ((state.store.get('_sequences', collection) as number | undefined) ?? 0) + 1;
    state.store.put('_sequences', collection, seq);
    return seq;
  };
  const makeId = (c: CollectionModel, parents: string[]): Json => {
    if (c.id.type === 'integer') return nextNumber(c.name);
    for (let i = 0; ; i++) {
      const id = newId(c.id);
      if (i > 16 || !state.store.get(c.name, state.key(c.name, parents, id))) return id;
    }
  };

  const initialState = (collection: string, operationId?: string) => {
    const machine = state.machineOf(collection);
    if (!machine) return undefined;
    return (
      machine.transitions.find(
        (t) => t.from === null && 'operation' in t.on && t.on.operation === operationId,
      )?.to ??
      model.assumedInitial[machine.name] ??
      machine.transitions.find((t) => t.from === null)?.to ??
      machine.states[0]
    );
  };

  /**
   * The fields the server assigns, never a request: the id, `object`, the creation time, `expires_at`, the parent's
   * id, the state machine's property and its `<state>_at` stamps.
   */
  const serverFields = (c: CollectionModel): Set<string> => {
    const machine = state.machineOf(c.name);
    return new Set(
      ['id', 'object', 'expires_at', c.stamps.created, c.parentField, machine?.property]
        .concat(machine?.states.map((s) => `${s}_at`) ?? [])
        .filter((k): k is string => !!k),
    );
  };
  /** The request's fields without those the server assigns. */
  const clientFields = (c: CollectionModel, fields: JsonObject): JsonObject => {
    const own = serverFields(c);
    return Object.fromEntries(Object.entries(fields).filter(([k]) => !own.has(k)));
  };

  const fresh: Items['fresh'] = (collection, fields, parents, initial, id) => {
    const c = state.collection(collection);
    const now = state.clock.nowSeconds();
    const partial: JsonObject = { ...clientFields(c, fields), id: id ?? makeId(c, parents) };
    if (c.id.type === 'integer' && typeof partial.id === 'string' && /^\d+$/.test(partial.id))
      partial.id = Number(partial.id);
    if (c.stamps.created) partial[c.stamps.created] = now;
    if (c.stamps.updated) partial[c.stamps.updated] = now;
    if (c.object) partial.object = c.object;
    if (c.parentField && parents.length) partial[c.parentField] = parents.at(-1)!;
    const machine = state.machineOf(collection);
    if (machine && initial) {
      partial[machine.property] = initial;
      // An item that expires after a documented time (`expires_at`) says when.
      const next = state.nextStep(machine, initial);
      if (next && /expire/.test(next.to) && state.declares(collection, 'expires_at'))
        partial.expires_at = now + Math.round(next.ms / 1000);
    }
    return fill(schemaOf(collection), partial, ctx()) as JsonObject;
  };

  const merged: Items['merged'] = (collection, stored, fields) => {
    const c = state.collection(collection);
    const v: JsonObject = { ...stored.v, ...clientFields(c, fields) };
    if (c.stamps.updated) v[c.stamps.updated] = state.clock.nowSeconds();
    return fill(schemaOf(collection), v, ctx()) as JsonObject;
  };

  const add: Items['add'] = (collection, stored) => {
    const machine = state.machineOf(collection);
    const initial = machine && jsonText(stored.v[machine.property]);
    if (machine && initial) state.enter(collection, stored, initial, null);
    else state.put(collection, stored);
  };

  /** A state the operation is allowed in: the source of its transition, a state its guard allows, else the initial. */
  const allowedState = (op: OperationModel, operationId: string, collection: string) => {
    const machine = state.machineOf(collection);
    if (!machine) return undefined;
    const from = machine.transitions.find(
      (t) => t.from !== null && 'operation' in t.on && t.on.operation === operationId,
    )?.from;
    const guard = op.guards.find((g) => g.machine === machine.name && g.target.in === 'path');
    return from ?? guard?.states[0] ?? initialState(collection);
  };

  const synthesized = (collection: string, parents: string[], id: string, at?: string): Stored => {
    const stored: Stored = {
      v: fresh(collection, {}, parents, at ?? initialState(collection), id),
      p: parents,
    };
    add(collection, stored);
    return stored;
  };

  const notFound = (c: CollectionModel, id: string, param: string | null) =>
    new HttpError(404, `No ${c.object ?? c.name} found with id '${id}'.`, 'not_found', param);

  return {
    fresh,
    merged,
    add,
    parentsOf,
    initialState,
    load(op, input, operationId) {
      const id = String(input.params[op.idParam!]);
      const parents = parentsOf(op, input);
      const found = state.get(op.collection!, parents, id);
      if (found) return found;
      const c = state.collection(op.collection!);
      if (!synthesize) throw notFound(c, id, op.idParam ?? null);
      return synthesized(c.name, parents, id, allowedState(op, operationId, c.name));
    },
    requireParent(op, input) {
      const c = state.collection(op.collection!);
      if (!c.parent || !op.parentParams.length) return;
      const parents = parentsOf(op, input);
      const id = parents.at(-1)!;
      if (state.get(c.parent, parents.slice(0, -1), id)) return;
      if (!synthesize) throw notFound(state.collection(c.parent), id, op.parentParams.at(-1)!);
      synthesized(c.parent, parents.slice(0, -1), id);
    },
    view(collection, stored) {
      const c = state.collection(collection);
      const item = { ...stored.v };
      for (const child of c.children) {
        if (!child.counts) continue;
        const machine = state.machineOf(child.collection);
        const tally: JsonObject = Object.fromEntries((machine?.states ?? []).map((s) => [s, 0]));
        let total = 0;
        for (const s of state.all(child.collection, [...stored.p, jsonText(stored.v.id)])) {
          const status = machine ? jsonText(s.v[machine.property]) : '';
          if (status in tally) tally[status] = (tally[status] as number) + 1;
          total++;
        }
        item[child.counts] = { ...tally, total };
      }
      return item;
    },
  };
}
