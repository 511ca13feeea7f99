/**
 * The emulator's model as data for its runtime (templates/emulator/types.ts): the emulation pass's decisions
 * (`api.emulation`: collections, operation kinds, ids, events, assumptions) with the JSON Schemas the runtime fills
 * values from, every named schema they reach written once. Nothing is decided here.
 */
import { schemaByName } from '../../ir/queries.ts';
import type {
  AssumedProgression,
  EmulatedCollection,
  EmulatedOperation,
  EmulatedEvent,
  IdRule,
} from '../../ir/emulation.ts';
import type { Api } from '../../ir/api.ts';
import type { TypeNode } from '../../ir/schema.ts';
import { toSchema, type JsonSchema } from './schema.ts';

export type CollectionModel = Omit<
  EmulatedCollection,
  'resource' | 'items' | 'lists' | 'creates' | 'idSource' | 'views'
> & {
  /** Its list and create paths, as the spec writes them: names for it in the config and the control endpoints. */
  paths: string[];
};

/** An operation's decisions; its method, path, status and paging convention are in the server's table (protocol/operations.ts). */
export type OperationModel = Omit<EmulatedOperation, 'reason'> & {
  /** Schema of the JSON success answer. */
  response?: JsonSchema;
  /** Whether a request can ask for server-sent events. */
  streams?: boolean;
  /** Schema of the data of each SSE event by name (`message` for data-only streams), when the operation can stream. */
  sseEvents?: Record<string, JsonSchema>;
};

export interface MachineModel {
  name: string;
  schema: string;
  property: string;
  states: string[];
  transitions: {
    from: string | null;
    to: string;
    on: { operation: string } | { after: string; seconds: number; bound: string };
    effects?: string;
  }[];
  complete: boolean;
}

export interface EventModel extends EmulatedEvent {
  /** The payload's schema. */
  schema: JsonSchema;
  id?: IdRule;
}

export interface EmulatorModel {
  title: string;
  schemas: Record<string, JsonSchema>;
  collections: Record<string, CollectionModel>;
  operations: Record<string, OperationModel>;
  machines: Record<string, MachineModel>;
  assumedInitial: Record<string, string>;
  assumedProgressions: AssumedProgression[];
  events: EventModel[];
  rateLimitHeaders: string[];
}

/** Every named schema a value of `node` can reach, for the model's `schemas`. */
function reach(api: Api, node: TypeNode, into: Set<string>, schemas = schemaByName(api)): void {
  const visit = (n: TypeNode | undefined): void => {
    if (n?.kind === 'ref' && !into.has(n.target)) {
      into.add(n.target);
      visit(schemas.get(n.target)?.type);
    } else if (n?.kind === 'array') {
      visit(n.items);
      n.prefixItems?.forEach(visit);
    } else if (n?.kind === 'object') {
      n.properties.forEach((p) => visit(p.type));
      if (typeof n.additional !== 'boolean') visit(n.additional);
    } else if (n?.kind === 'map') visit(n.values);
    else if (n?.kind === 'union') n.variants.forEach(visit);
    else if (n?.kind === 'intersection') n.members.forEach(visit);
  };
  visit(node);
}

/** The JSON success body's type (the default content's, else any JSON content's). */
function jsonSuccess(op: Api['operations'][number]): TypeNode | undefined {
  const contents = op.success?.contents ?? [];
  return (contents.find((c) => c.kind === 'json' && !c.when) ?? contents.find((c) => c.kind === 'json'))
    ?.type;
}

export function emulatorModel(api: Api): EmulatorModel {
  const { emulation } = api;
  const reached = new Set<string>();
  // Keyed by operationIds and schema names, any string (`__proto__` too): tables without a prototype.
  const operations = Object.create(null) as Record<string, OperationModel>;
  for (const op of api.operations) {
    const { reason: _reason, ...decided } = emulation.operations[op.operationId]!;
    const success = jsonSuccess(op);
    if (success) reach(api, success, reached);
    const model: OperationModel = {
      ...decided,
      ...(success ? { response: toSchema(success) } : {}),
    };
    const sse = op.success?.contents.find((c) => c.kind === 'sse');
    if (sse) model.streams = true;
    const events = sse?.sse?.events ?? [];
    if (events.length) {
      model.sseEvents = Object.fromEntries(events.map((e) => [e.name, toSchema(e.type)]));
      for (const e of events) reach(api, e.type, reached);
    }
    operations[op.operationId] = model;
  }
  const collections = Object.create(null) as Record<string, CollectionModel>;
  for (const c of emulation.collections) {
    const { resource: _r, items: _i, lists, creates, idSource: _s, views: _v, ...model } = c;
    collections[c.name] = { ...model, paths: [...new Set([...lists, ...creates])] };
    reach(api, { kind: 'ref', target: c.name, nullable: false, pointer: '' }, reached);
  }
  const events = emulation.events.map((e): EventModel => {
    const payload = api.webhooks
      .find((w) => w.name === e.name)
      ?.body?.contents.find((c) => c.kind === 'json')?.type;
    if (payload) reach(api, payload, reached);
    return { ...e, schema: payload ? toSchema(payload) : {} };
  });
  const all = schemaByName(api);
  const schemas: Record<string, JsonSchema> = {};
  for (const name of [...reached].sort()) {
    const s = all.get(name);
    if (s) schemas[name] = toSchema(s.type);
  }
  const machines: Record<string, MachineModel> = {};
  for (const m of api.stateMachines)
    machines[m.name] = {
      name: m.name,
      schema: m.schema.replace('#/components/schemas/', ''),
      property: m.property,
      states: m.states,
      transitions: m.transitions.map((t) => ({
        from: t.from,
        to: t.to,
        on:
          t.on.kind === 'operation'
            ? { operation: t.on.operationId }
            : { after: t.on.after, seconds: t.on.seconds, bound: t.on.bound },
        ...(t.effects ? { effects: t.effects } : {}),
      })),
      complete: m.complete,
    };
  return {
    title: api.title,
    schemas,
    collections,
    operations,
    machines,
    assumedInitial: emulation.assumedInitial,
    assumedProgressions: emulation.assumedProgressions,
    events,
    rateLimitHeaders: emulation.rateLimitHeaders,
  };
}
