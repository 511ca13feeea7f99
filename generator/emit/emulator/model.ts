/**
 * What the emulator knows of an API, read from the IR: its collections (recognised from the resource tree: the
 * item schema a list, create or retrieve answers, keyed by the path below which its ids live), what each
 * operation does to them, the paging convention of every list, the state machines and the webhooks. The runtime
 * (templates/emulator/) interprets it; nothing here is specific to one API.
 */
import { propertiesOf, resolveNode, schemaByName } from '../../ir/queries.ts';
import type { Api } from '../../ir/api.ts';
import type { Operation, Paging } from '../../ir/operation.ts';
import type { TypeNode } from '../../ir/schema.ts';
import { toSchema, type JsonSchema } from './schema.ts';

/** What a computing operation computes, recognised by the shape of its request and answer (templates/emulator/compute.ts). */
export type ComputeKind =
  | 'embedding'
  | 'completion'
  | 'moderation'
  | 'image'
  | 'speech'
  | 'transcription'
  | 'tokens'
  | 'grader';

export type OperationKind =
  | 'create'
  | 'retrieve'
  | 'update'
  | 'delete'
  | 'list'
  | 'transition'
  | 'derive'
  | 'action'
  | 'token'
  | 'compute';

export interface CollectionModel {
  /** The item schema's component name (`Batch`). */
  schema: string;
  /** Path of the collection with parameters as `{}` (`/vector_stores/{}/files`). */
  path: string;
  /** `integer` ids are numbered 1, 2, 3...; `string` ids are opaque. */
  idType: 'integer' | 'string';
  /** Prefix of new ids, when the spec shows one (an example or a `prefix_...` description of `id`). */
  idPrefix?: string;
  /** Value of the item's `object` field, when the schema fixes one. */
  object?: string;
  /** The state machine of its items (its key in `machines`). */
  machine?: string;
  /** Child collections (paths), for counts and ids a create body names. */
  children: string[];
}

/** What the emulator adds to an operation; its method, path and security are stated once, in protocol/operations.ts, which the generated server it runs on routes by. */
export interface OperationModel {
  kind: OperationKind;
  /** Collection path (`CollectionModel.path`). */
  collection?: string;
  /** Identifier (in the handler's `path`) of the item's id. */
  idParam?: string;
  /** Identifiers of the parent ids, outermost first. */
  parentParams: string[];
  /** Schema of the JSON success answer. */
  response?: JsonSchema;
  /**
   * What the emulator adds to the list's paging of the shared table (protocol/operations.ts): its limit, order,
   * before and page parameters; and the convention itself only where the table has none (a bare array or an
   * unpaged envelope).
   */
  paging?: Partial<Paging> & {
    limit?: string;
    limitDefault?: number;
    order?: string;
    before?: string;
    page?: string;
  };
  /** For `compute` operations whose computation the emulator fakes. */
  computes?: ComputeKind;
  /** Whether a request can ask for server-sent events. */
  streams?: boolean;
  /** Schema of the data of each SSE event by name (`message` for data-only streams), when the operation can stream. */
  sseEvents?: Record<string, JsonSchema>;
  /** Properties of the moderation categories object, in order (for `moderation`). */
  categories?: string[];
  /** Guards of the state tables on this operation. */
  guards: {
    machine: string;
    target: { in: 'path'; name: string } | { in: 'body'; pointer: string };
    states: string[];
  }[];
}

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

/** A progression the documents do not show, assumed by the emulator (configurable; its README lists each). */
export interface AssumedProgression {
  machine: string;
  from: string;
  to: string;
  afterMs: number;
}

/** Delay of each assumed progression unless the emulator's config says otherwise. */
export const ASSUMED_STEP_MS = 1000;
/** States that end a resource's normal course: assumed progressions never enter them. */
const OFF_COURSE = /fail|error|expir|cancel|delet|incomplete/i;

export interface EmulatorModel {
  title: string;
  schemas: Record<string, JsonSchema>;
  collections: Record<string, CollectionModel>;
  operations: Record<string, OperationModel>;
  machines: Record<string, MachineModel>;
  assumedInitial: Record<string, string>;
  assumedProgressions: AssumedProgression[];
  /** Webhook event names the spec declares. */
  webhooks: string[];
  /** Documented rate-limit response headers (lower case). */
  rateLimitHeaders: string[];
}

const key = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const segments = (path: string) => path.split('/').filter(Boolean);
const isParam = (s: string | undefined) => !!s && s.startsWith('{') && s.endsWith('}');

/** Our list envelope, when the operation answers one (decided by the paging pass). */
const envelopeOf = (op: Operation) => (op.list?.kind === 'envelope' ? op.list : undefined);

function refName(node: TypeNode | undefined): string | undefined {
  return node?.kind === 'ref' ? node.target : undefined;
}

/** The JSON success body's type (the default content's, else any JSON content's). */
function jsonSuccess(op: Operation): { type?: TypeNode } {
  const res = op.success;
  const json =
    res?.contents.find((c) => c.kind === 'json' && !c.when) ?? res?.contents.find((c) => c.kind === 'json');
  return json?.type ? { type: json.type } : {};
}

function pathIdentifier(op: Operation, name: string): string {
  return op.parameters.find((p) => p.in === 'path' && p.name === name)?.identifier ?? name;
}

function paramsOf(path: string): string[] {
  return segments(path)
    .filter(isParam)
    .map((s) => s.slice(1, -1));
}

/** `batch_` from an example id `batch_abc123` or a description naming `` `batch_...` ``. */
function idPrefix(api: Api, schema: string): string | undefined {
  const id = propertiesOf(api, { kind: 'ref', target: schema, nullable: false, pointer: '' }).find(
    (p) => p.name === 'id',
  );
  if (!id) return undefined;
  const node = resolveNode(api, id.type);
  const example = [...(node.examples ?? []), ...(id.type.examples ?? [])].find(
    (e): e is string => typeof e === 'string',
  );
  const fromExample = example?.match(/^([A-Za-z][A-Za-z0-9]*[_-])[A-Za-z0-9]+$/)?.[1];
  if (fromExample) return fromExample;
  const text = `${id.description ?? ''} ${node.description ?? ''}`;
  return text.match(/`([a-z][a-z0-9]*[_-])\.\.\.`/)?.[1];
}

function objectValue(api: Api, schema: string): string | undefined {
  const object = propertiesOf(api, { kind: 'ref', target: schema, nullable: false, pointer: '' }).find(
    (p) => p.name === 'object',
  );
  const node = object && resolveNode(api, object.type);
  if (node?.kind === 'literal' && typeof node.value === 'string') return node.value;
  if (node?.kind === 'enum' && node.values.length === 1 && typeof node.values[0] === 'string')
    return node.values[0];
  return undefined;
}

/** The item schema of an answer that is a bare array of items (`[Pet]`). */
function arrayItem(api: Api, node: TypeNode | undefined): string | undefined {
  const resolved = node && resolveNode(api, node);
  return resolved?.kind === 'array' ? refName(resolved.items) : undefined;
}

function idType(api: Api, schema: string): 'integer' | 'string' {
  const id = propertiesOf(api, { kind: 'ref', target: schema, nullable: false, pointer: '' }).find(
    (p) => p.name === 'id',
  );
  const node = id && resolveNode(api, id.type);
  return node?.kind === 'number' && node.integer ? 'integer' : 'string';
}

function hasId(api: Api, schema: string): boolean {
  return propertiesOf(api, { kind: 'ref', target: schema, nullable: false, pointer: '' }).some(
    (p) => p.name === 'id',
  );
}

/** Every named schema a value of `node` can reach, for the model's `schemas`. */
function reach(api: Api, node: TypeNode, into: Set<string>, schemas = schemaByName(api)): void {
  const visit = (n: TypeNode | undefined): void => {
    if (!n) return;
    switch (n.kind) {
      case 'ref':
        if (!into.has(n.target)) {
          into.add(n.target);
          visit(schemas.get(n.target)?.type);
        }
        return;
      case 'array':
        visit(n.items);
        n.prefixItems?.forEach(visit);
        return;
      case 'object':
        n.properties.forEach((p) => visit(p.type));
        if (typeof n.additional !== 'boolean') visit(n.additional);
        return;
      case 'map':
        return visit(n.values);
      case 'union':
        return n.variants.forEach(visit);
      case 'intersection':
        return n.members.forEach(visit);
      default:
        return;
    }
  };
  visit(node);
}

export function emulatorModel(api: Api): EmulatorModel {
  const collections = new Map<string, CollectionModel>();
  const machinesBySchema = new Map(
    api.stateMachines.map((m) => [m.schema.replace('#/components/schemas/', ''), m]),
  );
  const itemOf = (schema: string | undefined) => (schema && hasId(api, schema) ? schema : undefined);
  const declare = (path: string, schema: string) => {
    if (collections.has(path)) return;
    const machine = machinesBySchema.get(schema);
    const prefix = idPrefix(api, schema);
    const object = objectValue(api, schema);
    collections.set(path, {
      schema,
      path,
      idType: idType(api, schema),
      ...(prefix ? { idPrefix: prefix } : {}),
      ...(object ? { object } : {}),
      ...(machine ? { machine: machine.name } : {}),
      children: [],
    });
  };
  // Collections first: lists and retrieves name the item schema below a path; then creates of such schemas.
  for (const op of api.operations) {
    const segs = segments(op.path);
    const { type } = jsonSuccess(op);
    if (
      op.method === 'get' &&
      (op.paging || envelopeOf(op) || arrayItem(api, type)) &&
      !isParam(segs.at(-1))
    ) {
      const item = itemOf(refName(op.paging ? op.pageItem : envelopeOf(op)?.item) ?? arrayItem(api, type));
      if (item) declare(key(op.path), item);
    } else if (op.method === 'get' && isParam(segs.at(-1))) {
      const item = itemOf(refName(type));
      if (item) declare(key(segs.slice(0, -1).join('/').replace(/^/, '/')), item);
    }
  }
  const bySchema = (schema: string) => [...collections.values()].find((c) => c.schema === schema);
  const machineCreates = new Set(
    api.stateMachines.flatMap((m) =>
      m.transitions
        .filter((t) => t.from === null && t.on.kind === 'operation')
        .map((t) => (t.on as { operationId: string }).operationId),
    ),
  );
  for (const op of api.operations) {
    const segs = segments(op.path);
    const item = itemOf(refName(jsonSuccess(op).type));
    if (
      op.method === 'post' &&
      item &&
      !isParam(segs.at(-1)) &&
      !segs.some(isParam) &&
      (bySchema(item) || machineCreates.has(op.operationId) || machinesBySchema.has(item))
    ) {
      if (!bySchema(item)) declare(key(op.path), item);
    }
  }
  // An item with a state machine that only actions name (`/fine_tuning/jobs/{id}/cancel`) still has a collection.
  for (const op of api.operations) {
    const segs = segments(op.path);
    const item = itemOf(refName(jsonSuccess(op).type));
    if (
      op.method === 'post' &&
      item &&
      segs.length >= 2 &&
      isParam(segs.at(-2)) &&
      machinesBySchema.has(item) &&
      !bySchema(item)
    )
      declare(key(`/${segs.slice(0, -2).join('/')}`), item);
  }
  for (const c of collections.values()) {
    const parent = c.path.replace(/\/\{\}\/[^/]+$/, '');
    if (parent !== c.path && collections.has(parent)) collections.get(parent)!.children.push(c.path);
  }

  // Keyed by operationIds, any string (`__proto__` too): a table without a prototype.
  const operations = Object.create(null) as Record<string, OperationModel>;
  const schemaNames = new Set<string>();
  for (const op of api.operations) {
    const segs = segments(op.path);
    const success = jsonSuccess(op);
    if (success.type) reach(api, success.type, schemaNames);
    const params = paramsOf(op.path);
    const last = segs.at(-1);
    const item = refName(success.type);
    const base: Omit<OperationModel, 'kind'> = {
      parentParams: [],
      ...(success.type ? { response: toSchema(success.type) } : {}),
      guards: [],
    };
    const machineGuards = api.stateMachines.flatMap((m) =>
      m.guards
        .filter((g) => g.operationId === op.operationId)
        .map((g) => ({
          machine: m.name,
          target:
            g.target.in === 'path'
              ? { in: 'path' as const, name: pathIdentifier(op, g.target.name) }
              : g.target,
          states: g.states,
        })),
    );
    base.guards = machineGuards;
    let model: OperationModel = { kind: 'compute', ...base };
    const tokenish = success.type && propertiesOf(api, success.type).some((p) => p.name === 'access_token');
    if (tokenish && op.method === 'post' && op.security.length === 0) {
      model = { kind: 'token', ...base };
    } else if (isParam(last)) {
      // `/things/{id}`: the item itself.
      const coll = collections.get(key(`/${segs.slice(0, -1).join('/')}`));
      if (coll) {
        const ids = params.map((p) => pathIdentifier(op, p));
        const common = {
          ...base,
          collection: coll.path,
          idParam: ids.at(-1)!,
          parentParams: ids.slice(0, -1),
        };
        if (op.method === 'get') model = { kind: 'retrieve', ...common };
        else if (op.method === 'delete') model = { kind: 'delete', ...common };
        else if (itemOf(item)) model = { kind: 'update', ...common };
      }
    } else if (segs.length >= 2 && isParam(segs.at(-2)) && op.method === 'post') {
      // `/things/{id}/verb`: an action on the item.
      const coll = collections.get(key(`/${segs.slice(0, -2).join('/')}`));
      if (coll) {
        const ids = params.map((p) => pathIdentifier(op, p));
        const common = {
          ...base,
          collection: coll.path,
          idParam: ids.at(-1)!,
          parentParams: ids.slice(0, -1),
        };
        const machine = api.stateMachines.find((m) => m.name === coll.machine);
        const moves = machine?.transitions.some(
          (t) => t.from !== null && t.on.kind === 'operation' && t.on.operationId === op.operationId,
        );
        if (moves) model = { kind: 'transition', ...common };
        else if (itemOf(item) && op.requestBody) model = { kind: 'derive', ...common };
        else if (itemOf(item)) model = { kind: 'action', ...common };
      }
    } else {
      const coll = collections.get(key(op.path));
      const ids = params.map((p) => pathIdentifier(op, p));
      if (op.method === 'get' && coll && (op.paging || envelopeOf(op) || arrayItem(api, success.type))) {
        const query = (name: string) => op.parameters.find((p) => p.in === 'query' && p.name === name)?.name;
        const limit = query('limit') ?? query('per_page') ?? query('page_size');
        const order = query('order');
        const before = query('before');
        const limitParam = limit
          ? op.parameters.find((p) => p.in === 'query' && p.name === limit)
          : undefined;
        const limitDefault = limitParam ? resolveNode(api, limitParam.type).default : undefined;
        const paging: OperationModel['paging'] = {
          ...(typeof limitDefault === 'number' ? { limitDefault } : {}),
          ...(op.paging ? {} : { kind: 'envelope', items: envelopeOf(op) ? ['data'] : [] }),
          ...(limit ? { limit } : {}),
          ...(order ? { order } : {}),
          ...(before ? { before } : {}),
          // A Link-header list pages by its `page` parameter, when it declares one (GitHub's `page`/`per_page`).
          ...(op.paging?.kind === 'link' && query('page') ? { page: query('page') } : {}),
        };
        model = {
          kind: 'list',
          ...base,
          collection: coll.path,
          parentParams: ids,
          ...(Object.keys(paging).length ? { paging } : {}),
        };
      } else if (op.method === 'post' && item) {
        // A POST answering an item of a collection creates one there (`/videos/edits` creates a Video).
        const target = coll ?? bySchema(item);
        if (target && target.path.split('{}').length - 1 === ids.length)
          model = { kind: 'create', ...base, collection: target.path, parentParams: ids };
      }
    }
    if (model.kind === 'compute') {
      const computes = computeKind(api, op);
      if (computes) model.computes = computes;
      if (computes === 'moderation') model.categories = moderationCategories(api, success.type);
    }
    const sseContent = op.success?.contents.find((c) => c.kind === 'sse');
    if (sseContent) model.streams = true;
    const events = sseContent?.sse?.events ?? [];
    if (events.length) {
      model.sseEvents = Object.fromEntries(events.map((e) => [e.name, toSchema(e.type)]));
      for (const e of events) reach(api, e.type, schemaNames);
    }
    operations[op.operationId] = model;
  }
  const schemas: Record<string, JsonSchema> = {};
  const all = schemaByName(api);
  for (const c of collections.values())
    reach(api, { kind: 'ref', target: c.schema, nullable: false, pointer: '' }, schemaNames);
  for (const h of api.webhooks) for (const c of h.body?.contents ?? []) reach(api, c.type, schemaNames);
  for (const name of [...schemaNames].sort()) {
    const s = all.get(name);
    if (s) schemas[name] = toSchema(s.type);
  }
  const machines: Record<string, MachineModel> = {};
  for (const m of api.stateMachines) {
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
  }
  const { assumedInitial, assumedProgressions } = assumptions(Object.values(machines));
  const headerNames = new Set<string>();
  for (const op of api.operations)
    for (const r of op.responses)
      for (const h of r.headers) if (/^x-ratelimit-/i.test(h.name)) headerNames.add(h.name.toLowerCase());
  return {
    title: api.title,
    schemas,
    collections: Object.fromEntries(
      [...collections.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    operations,
    machines,
    assumedInitial,
    assumedProgressions,
    webhooks: api.webhooks.map((w) => w.name),
    rateLimitHeaders: [...headerNames].sort(),
  };
}

/**
 * What the emulator assumes where a machine is incomplete: the initial state when no creation is documented (its
 * first state on course), and a course through the states on course in the order the spec lists them
 * (`validating → in_progress → finalizing → completed`), one step per `ASSUMED_STEP_MS`, where no documented time
 * transition leaves that state.
 */
function assumptions(machines: MachineModel[]): {
  assumedInitial: Record<string, string>;
  assumedProgressions: AssumedProgression[];
} {
  const assumedInitial: Record<string, string> = {};
  const assumedProgressions: AssumedProgression[] = [];
  for (const m of machines) {
    const course = m.states.filter((s) => !OFF_COURSE.test(s));
    const documentedInitial = m.transitions.find((t) => t.from === null)?.to;
    const initial = documentedInitial ?? course[0] ?? m.states[0];
    if (!documentedInitial && initial) assumedInitial[m.name] = initial;
    if (m.complete || !initial) continue;
    const start = course.indexOf(initial);
    if (start < 0) continue;
    for (let i = start; i + 1 < course.length; i++) {
      const from = course[i]!;
      if (m.transitions.some((t) => t.from === from && 'after' in t.on)) break;
      assumedProgressions.push({ machine: m.name, from, to: course[i + 1]!, afterMs: ASSUMED_STEP_MS });
    }
  }
  return { assumedInitial, assumedProgressions };
}

const names = (api: Api, node: TypeNode | undefined) =>
  new Set(node ? propertiesOf(api, node).map((p) => p.name) : []);

/** The item type of an array property of an object node. */
function itemsOf(api: Api, node: TypeNode | undefined, property: string): TypeNode | undefined {
  const prop = node ? propertiesOf(api, node).find((p) => p.name === property) : undefined;
  const arr = prop && resolveNode(api, prop.type);
  return arr?.kind === 'array' ? arr.items : undefined;
}

/** Recognises what an operation computes from the names its request and answer carry. */
function computeKind(api: Api, op: Operation): ComputeKind | undefined {
  const success = op.success;
  const json = success?.contents.find((c) => c.kind === 'json' && !c.when)?.type;
  const body = op.requestBody?.contents[0]?.type;
  const req = names(api, body);
  const res = names(api, json);
  if (names(api, itemsOf(api, json, 'data')).has('embedding') && req.has('input')) return 'embedding';
  if (names(api, itemsOf(api, json, 'choices')).has('text') && req.has('prompt')) return 'completion';
  if (names(api, itemsOf(api, json, 'results')).has('category_scores')) return 'moderation';
  if (names(api, itemsOf(api, json, 'data')).has('b64_json')) return 'image';
  if (success?.contents.some((c) => c.kind === 'binary') && req.has('input') && req.has('voice'))
    return 'speech';
  if (
    op.requestBody?.contents.some((c) => c.kind === 'multipart') &&
    req.has('file') &&
    success?.contents.some((c) => c.kind === 'text')
  )
    return 'transcription';
  if (res.has('input_tokens') && req.has('input')) return 'tokens';
  if (req.has('grader') && res.has('reward')) return 'grader';
  return undefined;
}

function moderationCategories(api: Api, json: TypeNode | undefined): string[] {
  const result = itemsOf(api, json, 'results');
  const categories = result ? propertiesOf(api, result).find((p) => p.name === 'categories') : undefined;
  return categories ? propertiesOf(api, categories.type).map((p) => p.name) : [];
}
