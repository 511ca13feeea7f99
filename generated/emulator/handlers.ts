// Copied by platform-api-codegen from its runtime (templates/emulator/handlers.ts). Do not edit: every generation replaces it.
/**
 * One handler per operation of the model, for the generated server's handler map: creates, retrieves, updates,
 * deletes and lists act on the store; transitions follow the state tables (with the server's own `guardState`
 * refusing what they refuse); other operations answer a value of their response schema made from the request.
 * Every answer is filled against the operation's response schema, so it validates.
 */
import { HttpError } from '../server/core/errors.js';
import { reply } from '../server/core/reply.js';
import { fill, type FillContext } from './fill.js';
import { newId } from './ids.js';
import { listPage } from './paging.js';
import { collectionKey, type State, type Stored } from './state.js';
import {
  jsonText,
  type Json,
  type JsonObject,
  type OperationModel,
  type Paging,
  type Schema,
} from './types.js';
import type { Routes } from '../server/core/types.js';

export interface HandlerInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  operationId: string;
}

export type Handler = (input: HandlerInput) => unknown;

/** Hooks for operations that compute something (fakes) or issue credentials; return undefined to fall back. */
export type Compute = (
  operationId: string,
  op: OperationModel,
  input: HandlerInput,
  made: () => Json | undefined,
) => unknown;

export interface HandlerDeps {
  state: State;
  guardState: (operationId: string, state: string) => void;
  compute?: Compute;
  /** The shared per-operation table: the success status, and whether the default success has a body. */
  operations: Routes['operations'];
}

/** The JSON part of a request body: files and byte streams are left out. */
export function jsonOf(body: unknown): JsonObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob))
      continue;
    if (
      typeof v === 'object' &&
      v !== null &&
      (Symbol.asyncIterator in v || typeof (v as { getReader?: unknown }).getReader === 'function')
    )
      continue;
    out[k] = v as Json;
  }
  return out;
}

function pointerGet(value: unknown, pointer: string): unknown {
  let v = value;
  for (const raw of pointer.split('/').slice(1)) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

export function createHandlers(deps: HandlerDeps): Record<string, Handler> {
  const { state } = deps;
  const model = state.model;
  const ctx = (): FillContext => ({ schemas: model.schemas, nowSeconds: state.clock.nowSeconds() });
  // Each operation's success status, and the operations whose default success has no body, from the shared table.
  const status = new Map<OperationModel, number>();
  const bodiless = new Set<OperationModel>();
  const paging = new Map<OperationModel, Paging>();
  for (const [operationId, op] of Object.entries(model.operations)) {
    const facts = deps.operations[operationId]!;
    status.set(op, facts.status);
    if (op.kind === 'list') paging.set(op, listPaging(facts.paging, op.paging));
    const plain = facts.responses.find((r) => r.when === undefined) ?? facts.responses[0];
    if (plain === undefined || plain.kind === 'empty') bodiless.add(op);
  }
  // An operation answering no content (204) returns nothing.
  const answer = (op: OperationModel, value: Json | undefined): Json | undefined =>
    op.response ? fill(op.response, value, ctx()) : bodiless.has(op) ? undefined : (value ?? null);
  const itemSchema = (collection: string): Schema => ({
    $ref: `#/s/${model.collections[collection]!.schema}`,
  });
  const parentsOf = (op: OperationModel, input: HandlerInput) =>
    op.parentParams.map((p) => String(input.params[p]));
  const notFound = (op: OperationModel, id: string) =>
    new HttpError(
      404,
      `No ${model.collections[op.collection!]?.object ?? model.collections[op.collection!]?.schema ?? 'item'} found with id '${id}'.`,
      'not_found',
      op.idParam ?? null,
    );

  /** The item with derived fields (`file_counts` from the child collection `files`). */
  const view = (collection: string, stored: Stored): JsonObject => {
    const coll = model.collections[collection]!;
    const item = { ...stored.v };
    for (const child of coll.children) {
      const noun = child.split('/').at(-1)!.replace(/s$/, '');
      const counts = `${noun}_counts`;
      if (!state.declares(coll.schema, counts)) continue;
      const machine = state.machineOf(child);
      const tally: JsonObject = Object.fromEntries((machine?.states ?? []).map((s) => [s, 0]));
      let total = 0;
      const key = collectionKey(child, [...stored.p, jsonText(stored.v.id)]);
      for (const c of state.store.list(key, { order: 'asc', limit: 1_000_000 })
        .items as unknown as Stored[]) {
        const s = machine ? jsonText(c.v[machine.property]) : '';
        if (s in tally) tally[s] = (tally[s] as number) + 1;
        total++;
      }
      item[counts] = { ...tally, total };
    }
    return item;
  };

  const load = (op: OperationModel, input: HandlerInput): Stored => {
    const id = String(input.params[op.idParam!]);
    const found = state.get(op.collection!, parentsOf(op, input), id);
    if (!found) throw notFound(op, id);
    return found;
  };

  /** Guards whose target is in the request body (`body./video/id`): the named item must exist and be in an allowed state. */
  const guardBody = (op: OperationModel, input: HandlerInput, operationId: string) => {
    for (const g of op.guards) {
      if (g.target.in !== 'body') continue;
      const id = pointerGet(input.body, g.target.pointer);
      if (typeof id !== 'string') continue;
      const coll = Object.values(model.collections).find(
        (c) => c.machine === g.machine && !c.path.includes('{}'),
      );
      const found = coll && state.get(coll.path, [], id);
      if (!found)
        throw new HttpError(
          404,
          `No ${coll?.object ?? g.machine} found with id '${id}'.`,
          'not_found',
          g.target.pointer.slice(1).replace(/\//g, '.'),
        );
      deps.guardState(operationId, jsonText(found.v[model.machines[g.machine]!.property]));
    }
  };

  /**
   * The fields the server assigns, never a request: the id, `object`, `created_at`, `expires_at`, the state
   * machine's property and its `<state>_at` stamps, and the ids of the parents in the item's path
   * (`vector_store_id` of `/vector_stores/{}/files`).
   */
  const serverFields = (collection: string): { names: Set<string>; parents: string[] } => {
    const machine = state.machineOf(collection);
    const segments = collection.split('/');
    const parents = segments
      .filter((_, i) => segments[i + 1] === '{}')
      .map((s) => `${s.replace(/s$/, '')}_id`);
    const names = new Set(['id', 'object', 'created_at', 'expires_at', ...parents]);
    if (machine) for (const n of [machine.property, ...machine.states.map((s) => `${s}_at`)]) names.add(n);
    return { names, parents };
  };
  /** A request body without the fields the server assigns. */
  const clientFields = (collection: string, body: JsonObject): JsonObject =>
    Object.fromEntries(Object.entries(body).filter(([k]) => !serverFields(collection).names.has(k)));

  const create = (
    op: OperationModel,
    input: HandlerInput,
    operationId: string,
    source?: Stored,
  ): Json | undefined => {
    guardBody(op, input, operationId);
    const collection = op.collection!;
    const coll = model.collections[collection]!;
    const parents = parentsOf(op, input);
    const body = jsonOf(input.body);
    const now = state.clock.nowSeconds();
    const partial: JsonObject = {
      ...clientFields(collection, body),
      id: coll.idType === 'integer' ? nextNumber(collection) : newId(coll.idPrefix, coll.object),
      created_at: now,
    };
    // The parents' ids come from the path the item was created under.
    serverFields(collection).parents.forEach((name, i) => {
      if (parents[i] !== undefined && state.declares(coll.schema, name)) partial[name] = parents[i];
    });
    if (coll.object) partial.object = coll.object;
    const machine = state.machineOf(collection);
    let initial: string | undefined;
    if (machine) {
      initial =
        machine.transitions.find(
          (t) => t.from === null && 'operation' in t.on && t.on.operation === operationId,
        )?.to ??
        model.assumedInitial[machine.name] ??
        machine.transitions.find((t) => t.from === null)?.to ??
        machine.states[0];
      partial[machine.property] = initial!;
      // An item that expires after a documented time (`expires_at`) says when.
      const next = state.nextStep(machine, initial!);
      if (next && /expire/.test(next.to) && state.declares(coll.schema, 'expires_at'))
        partial.expires_at = now + Math.round(next.ms / 1000);
    }
    if (source)
      partial[`${jsonText(source.v.object ?? 'source')}_id`.replace(/^.*\./, '')] = source.v.id as Json;
    const item = fill(itemSchema(collection), partial, ctx()) as JsonObject;
    const stored: Stored = { v: item, p: parents };
    state.store.transaction(() => {
      if (machine && initial) state.enter(collection, stored, initial, null);
      else state.put(collection, stored);
      // Ids a create body names for a child collection (`file_ids` for `/vector_stores/{}/files`) become its items.
      for (const child of coll.children) {
        const noun = child.split('/').at(-1)!.replace(/s$/, '');
        const ids = body[`${noun}_ids`];
        if (!Array.isArray(ids)) continue;
        const childColl = model.collections[child]!;
        const childMachine = state.machineOf(child);
        for (const childId of ids) {
          const v = fill(
            itemSchema(child),
            {
              id: jsonText(childId),
              created_at: now,
              ...(childColl.object ? { object: childColl.object } : {}),
              [`${collection.split('/').at(-1)!.replace(/s$/, '')}_id`]: item.id!,
            },
            ctx(),
          ) as JsonObject;
          const childStored: Stored = { v, p: [...parents, jsonText(item.id)] };
          const childInitial =
            childMachine && (model.assumedInitial[childMachine.name] ?? childMachine.states[0]);
          if (childMachine && childInitial) state.enter(child, childStored, childInitial, null);
          else state.put(child, childStored);
        }
      }
    });
    return answer(op, view(collection, stored));
  };

  /** Integer ids: 1, 2, 3... per collection, never reused (the counter is stored with the items). */
  const nextNumber = (collection: string): number => {
    const seq = ((state.store.get('_sequences', collection) as number | undefined) ?? 0) + 1;
    state.store.put('_sequences', collection, seq);
    return seq;
  };

  const handlers: Record<string, Handler> = {};
  for (const [operationId, op] of Object.entries(model.operations)) {
    handlers[operationId] = (input) => {
      state.sweep();
      const made = () => answer(op, jsonOf(input.body));
      switch (op.kind) {
        case 'create':
          return create(op, input, operationId);
        case 'retrieve': {
          const found = load(op, input);
          return answer(op, view(op.collection!, found));
        }
        case 'update': {
          const found = load(op, input);
          guardItem(op, operationId, found);
          // What the server assigned stays, whatever the update sends (its status changes by transitions only).
          found.v = fill(
            itemSchema(op.collection!),
            { ...found.v, ...clientFields(op.collection!, jsonOf(input.body)) },
            ctx(),
          ) as JsonObject;
          state.put(op.collection!, found);
          return answer(op, view(op.collection!, found));
        }
        case 'delete': {
          const found = load(op, input);
          guardItem(op, operationId, found);
          state.remove(op.collection!, found.p, jsonText(found.v.id));
          const coll = model.collections[op.collection!]!;
          // The deletion record: `{ id, object, deleted: true }` as far as the schema declares them.
          return answer(op, {
            id: found.v.id!,
            deleted: true,
            object: `${coll.object ?? coll.schema}.deleted`,
          });
        }
        case 'list': {
          const page = listPage(state, op, paging.get(op)!, parentsOf(op, input), input.query, (s) =>
            view(op.collection!, s),
          );
          const body = answer(op, page.body);
          return page.link ? reply(status.get(op)!, body, { link: page.link }) : body;
        }
        case 'transition':
          return transition(op, operationId, input);
        case 'derive': {
          const source = load(op, input);
          guardItem(op, operationId, source);
          return create(op, input, operationId, source);
        }
        case 'action': {
          const found = load(op, input);
          guardItem(op, operationId, found);
          return answer(op, view(op.collection!, found));
        }
        default: {
          const computed = deps.compute?.(operationId, op, input, made);
          return computed !== undefined ? computed : made();
        }
      }
    };
  }

  function guardItem(op: OperationModel, operationId: string, found: Stored): void {
    const machine = state.machineOf(op.collection!);
    if (machine) deps.guardState(operationId, jsonText(found.v[machine.property]));
  }

  function transition(op: OperationModel, operationId: string, input: HandlerInput): Json | undefined {
    const found = load(op, input);
    const machine = state.machineOf(op.collection!)!;
    const from = jsonText(found.v[machine.property]);
    deps.guardState(operationId, from);
    const t = machine.transitions.find(
      (x) => x.from === from && 'operation' in x.on && x.on.operation === operationId,
    )!;
    checkCondition(found, input);
    applyEffects(op.collection!, found, t.effects ?? '');
    state.enter(op.collection!, found, t.to, from);
    return answer(op, view(op.collection!, found));
  }

  /**
   * The documented condition on completing an upload: the parts named (`part_ids`, added through the emulator's
   * `/_emulator/.../parts`, the API's own part endpoint not being documented) add up to the `bytes` given at creation.
   */
  function checkCondition(found: Stored, input: HandlerInput): void {
    const body = jsonOf(input.body);
    if (!Array.isArray(body.part_ids) || typeof found.v.bytes !== 'number') return;
    const parts = (found.m?.parts ?? {}) as Record<string, number>;
    let total = 0;
    for (const id of body.part_ids) {
      const size = parts[jsonText(id)];
      if (size === undefined)
        throw new HttpError(
          400,
          `Part '${jsonText(id)}' is not a part of this upload.`,
          'invalid_part',
          'part_ids',
        );
      total += size;
    }
    if (total !== found.v.bytes)
      throw new HttpError(
        400,
        `The parts hold ${total} bytes; the upload was created with bytes ${found.v.bytes}.`,
        'bytes_mismatch',
        'part_ids',
      );
  }

  /** Effects the tables state on fields: `` `x_at` set `` stamps the time; `` returned in `file` `` creates the item. */
  function applyEffects(collection: string, found: Stored, effects: string): void {
    const schema = model.collections[collection]!.schema;
    const props = propertiesOf(model.schemas[schema]);
    for (const [, field] of effects.matchAll(/`([a-z_][a-z0-9_]*)`/g)) {
      const prop = props[field!];
      if (!prop) continue;
      if (field!.endsWith('_at')) {
        found.v[field!] = state.clock.nowSeconds();
        continue;
      }
      const target = refOf(prop);
      if (!target) continue;
      const literal = propertiesOf(model.schemas[target]).object?.const;
      const object = typeof literal === 'string' ? literal : target.toLowerCase();
      const partial: JsonObject = {
        ...found.v,
        id: newId(undefined, object),
        object,
        created_at: state.clock.nowSeconds(),
      };
      // The new item's own status starts afresh (its schema's first value), not the source's.
      delete partial.status;
      const made = fill({ $ref: `#/s/${target}` }, partial, ctx()) as JsonObject;
      found.v[field!] = made;
      state.store.put(`#${target}`, jsonText(made.id), made);
    }
  }

  return handlers;
}

function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  return (schema?.properties as Record<string, Schema> | undefined) ?? {};
}

function refOf(schema: Schema): string | undefined {
  if (typeof schema.$ref === 'string') return schema.$ref.slice(4);
  for (const alt of ((schema.oneOf ?? schema.anyOf) as Schema[] | undefined) ?? [])
    if (typeof alt.$ref === 'string') return alt.$ref.slice(4);
  return undefined;
}

/** A list's paging: the shared table's convention (when it names one) with what the emulator's model adds. */
function listPaging(
  shared: Readonly<Record<string, unknown>> | undefined,
  own: Partial<Paging> | undefined,
): Paging {
  const joined = { ...shared, ...own } as Partial<Paging>;
  return joined.kind ? (joined as Paging) : { kind: 'envelope', items: ['data'] };
}
