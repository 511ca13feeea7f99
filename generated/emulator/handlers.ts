// Copied by platform-api-codegen from its runtime (templates/emulator/handlers.ts). Do not edit: every generation replaces it.
/**
 * One handler per operation of the model, for the generated server's handler map: creates, retrieves, updates,
 * deletes and lists act on the store (items.ts); transitions follow the state tables (transitions.ts, with the
 * server's own `guardState` refusing what they refuse); other operations answer a value of their response schema
 * made from the request. Every answer is filled against the operation's response schema, so it validates. A
 * repeated key in a declared idempotency header answers the first answer.
 */
import { HttpError } from '../server/core/errors.js';
import { reply } from '../server/core/reply.js';
import type { Emit } from './events.js';
import { fill, type FillContext } from './fill.js';
import type { Items } from './items.js';
import { listPage } from './paging.js';
import type { State, Stored } from './state.js';
import { createTransition } from './transitions.js';
import { jsonText, type Json, type OperationModel, type Paging } from './types.js';
import type { Routes } from '../server/core/types.js';
import { jsonOf, type Compute, type Handler, type HandlerInput } from './input.js';

export { jsonOf, type Compute, type Handler, type HandlerInput } from './input.js';

export interface HandlerDeps {
  state: State;
  guardState: (operationId: string, state: string) => void;
  compute?: Compute;
  /** The shared per-operation table: the success status, and whether the default success has a body. */
  operations: Routes['operations'];
  /** Sends the declared webhooks of an item's creation or deletion (state changes send theirs through the state). */
  emit: Emit;
  /** How items are made, found and shown (with the config's `unknownIds`). */
  items: Items;
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

/** A plain JSON value (not a reply, a stream or bytes): what an idempotency record can keep. */
const isJson = (v: unknown): v is Json =>
  v === null || typeof v !== 'object' || Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype;

export function createHandlers(deps: HandlerDeps): Record<string, Handler> {
  const { state, emit, items } = deps;
  const model = state.model;
  const transition = createTransition(state, items, deps.guardState);
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
  const shown = (op: OperationModel, stored: Stored) => answer(op, items.view(op.collection!, stored));

  /** Guards whose target is in the request body (`body./video/id`): the named item must exist and be in an allowed state. */
  const guardBody = (op: OperationModel, input: HandlerInput, operationId: string) => {
    for (const g of op.guards) {
      if (g.target.in !== 'body') continue;
      const id = pointerGet(input.body, g.target.pointer);
      if (typeof id !== 'string') continue;
      const coll = Object.values(model.collections).find((c) => c.machine === g.machine && !c.scoped);
      const found = coll && state.get(coll.name, [], id);
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

  const guardItem = (op: OperationModel, operationId: string, found: Stored) => {
    const machine = state.machineOf(op.collection!);
    if (machine) deps.guardState(operationId, jsonText(found.v[machine.property]));
  };

  const create = (op: OperationModel, input: HandlerInput, operationId: string, source?: Stored) => {
    guardBody(op, input, operationId);
    const collection = op.collection!;
    const c = state.collection(collection);
    const parents = items.parentsOf(op, input);
    if (!source) items.requireParent(op, input);
    const body = jsonOf(input.body);
    // A derived item names its source (`<object>_id`).
    if (source)
      body[`${jsonText(source.v.object ?? 'source')}_id`.replace(/^.*\./, '')] = source.v.id as Json;
    const stored: Stored = {
      v: items.fresh(collection, body, parents, items.initialState(collection, operationId)),
      p: parents,
    };
    state.store.transaction(() => {
      items.add(collection, stored);
      // Ids a create body names for a child collection (`file_ids` for the vector store's files) become its items.
      for (const child of c.children) {
        const ids = child.ids ? body[child.ids] : undefined;
        if (!Array.isArray(ids)) continue;
        const under = [...parents, jsonText(stored.v.id)];
        for (const id of ids)
          items.add(child.collection, {
            v: items.fresh(child.collection, {}, under, items.initialState(child.collection), jsonText(id)),
            p: under,
          });
      }
    });
    emit(collection, 'created', items.view(collection, stored));
    return shown(op, stored);
  };

  const kinds: Record<
    OperationModel['kind'],
    (op: OperationModel, input: HandlerInput, id: string) => unknown
  > = {
    create: (op, input, id) => create(op, input, id),
    retrieve: (op, input, id) => shown(op, items.load(op, input, id)),
    update(op, input, id) {
      const found = items.load(op, input, id);
      guardItem(op, id, found);
      found.v = items.merged(op.collection!, found, jsonOf(input.body));
      state.put(op.collection!, found);
      return shown(op, found);
    },
    delete(op, input, id) {
      const found = items.load(op, input, id);
      guardItem(op, id, found);
      state.remove(op.collection!, found);
      emit(op.collection!, 'deleted', items.view(op.collection!, found));
      const c = state.collection(op.collection!);
      // The deletion record: `{ id, object, deleted: true }` as far as the schema declares them.
      return answer(op, { id: found.v.id!, deleted: true, object: `${c.object ?? c.name}.deleted` });
    },
    list(op, input) {
      items.requireParent(op, input);
      const page = listPage(state, op, paging.get(op)!, items.parentsOf(op, input), input.query, (s) =>
        items.view(op.collection!, s),
      );
      const body = answer(op, page.body);
      return page.link ? reply(status.get(op)!, body, { link: page.link }) : body;
    },
    transition: (op, input, id) => shown(op, transition(op, id, input)),
    derive(op, input, id) {
      const source = items.load(op, input, id);
      guardItem(op, id, source);
      return create(op, input, id, source);
    },
    action(op, input, id) {
      const found = items.load(op, input, id);
      guardItem(op, id, found);
      return shown(op, found);
    },
    token: (op, input, id) => computed(op, input, id),
    compute: (op, input, id) => computed(op, input, id),
  };
  const computed = (op: OperationModel, input: HandlerInput, operationId: string) => {
    const made = () => answer(op, jsonOf(input.body));
    const value = deps.compute?.(operationId, op, input, made);
    if (value === undefined) return made();
    // Events computed for an operation whose success is also bytes: the reply says they are events.
    const events =
      op.streams === true &&
      typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
    return events ? reply(status.get(op)!, value, { 'content-type': 'text/event-stream' }) : value;
  };

  const handlers: Record<string, Handler> = {};
  for (const [operationId, op] of Object.entries(model.operations)) {
    const run = kinds[op.kind];
    handlers[operationId] = (input) => {
      state.sweep();
      const header = op.idempotencyHeader;
      const key = header && Object.entries(input.headers).find(([k]) => k.toLowerCase() === header)?.[1];
      if (typeof key !== 'string' || !key) return run(op, input, operationId);
      // Keys are per operation and per credential: another caller's key is another request.
      const record = `${operationId}\u0000${jsonText(input.principal?.key ?? '')}\u0000${key}`;
      const first = state.store.get('_idempotency', record) as { answer: Json } | undefined;
      if (first) return first.answer;
      const result = run(op, input, operationId);
      if (isJson(result)) state.store.put('_idempotency', record, { answer: result });
      return result;
    };
  }
  return handlers;
}

/** A list's paging: the shared table's convention (when it names one) with what the emulator's model adds. */
function listPaging(
  shared: Readonly<Record<string, unknown>> | undefined,
  own: Partial<Paging> | undefined,
): Paging {
  const joined = { ...shared, ...own } as Partial<Paging>;
  return joined.kind ? (joined as Paging) : { kind: 'envelope', items: ['data'] };
}
