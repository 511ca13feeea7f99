/**
 * What each operation does to the collections (decision table, "Operations"), by its method, its path against
 * the collections' addresses, and what it answers:
 * - at an item address (`/tickets/{ticket_id}`): GET retrieves, DELETE deletes, any other method answering the
 *   item updates;
 * - one segment below one (`/tickets/{ticket_id}/resolve`), a POST: a transition when the item's state machine
 *   moves on it, else answering an item of the collection a derive (with a body: a new item from the source) or an
 *   action;
 * - a GET answering a list of the collection's items lists it (under the path's parents);
 * - a POST answering an item creates it there (under the path's parents);
 * - a POST answering an `access_token` without security issues a token; anything else computes an answer.
 */
import type { EmulatedCollection, EmulatedOperation } from '../../ir/emulation.ts';
import type { Operation } from '../../ir/operation.ts';
import type { Api } from './shape.ts';
import { resolveNode } from '../../ir/queries.ts';
import { IDEMPOTENCY_HEADER } from '../../ir/parameter.ts';
import { LIMIT_PARAMS } from '../paging.ts';
import { computeKind, moderationCategories } from './compute.ts';
import { isParam, jsonSuccess, listItem, parentPath, refName, segments, template } from './shape.ts';

export function decideOperations(
  api: Api,
  collections: EmulatedCollection[],
): Record<string, EmulatedOperation> {
  const byName = new Map(collections.flatMap((c) => [c.name, ...c.views].map((n) => [n, c] as const)));
  const byItem = new Map<string, EmulatedCollection>();
  const byList = new Map<string, EmulatedCollection>();
  for (const c of collections) {
    for (const p of c.items) byItem.set(template(p), c);
    for (const p of [...c.lists, ...c.creates]) if (!byList.has(template(p))) byList.set(template(p), c);
  }
  /** The collection addressed by an item path: by its item addresses, else below a list or create path. */
  const itemCollection = (path: string) =>
    byItem.get(template(path)) ?? byList.get(template(parentPath(path)));
  // Keyed by operationIds, any string (`__proto__` too): a table without a prototype.
  const out = Object.create(null) as Record<string, EmulatedOperation>;
  for (const op of api.operations) {
    const pathParams = op.pathParameters.map((p) => p.identifier);
    const base = {
      pathParams,
      parentParams: [] as string[],
      guards: guardsOf(api, op),
      ...idempotency(op),
    };
    const decision = decide(api, op, pathParams, itemCollection, byName);
    const { kind, ...rest } = decision;
    out[op.operationId] = { kind, ...base, ...rest };
    const model = out[op.operationId]!;
    if (model.kind === 'compute') {
      const computes = computeKind(api, op);
      if (computes) model.computes = computes;
      if (computes === 'moderation') model.categories = moderationCategories(api, jsonSuccess(op));
    }
  }
  return out;
}

type Decision = Pick<EmulatedOperation, 'kind' | 'reason'> &
  Partial<Pick<EmulatedOperation, 'collection' | 'idParam' | 'parentParams' | 'paging'>>;

function decide(
  api: Api,
  op: Operation,
  params: string[],
  itemCollection: (path: string) => EmulatedCollection | undefined,
  byName: Map<string, EmulatedCollection>,
): Decision {
  const segs = segments(op.wirePath);
  const answer = refName(jsonSuccess(op));
  const item = (c: EmulatedCollection) => ({
    collection: c.name,
    idParam: params.at(-1)!,
    parentParams: params.slice(0, -1),
  });
  const body = jsonSuccess(op);
  if (op.method === 'post' && op.security.length === 0 && body && hasToken(api, body))
    return { kind: 'token', reason: 'POST without security answering an `access_token`' };
  if (isParam(segs.at(-1))) {
    const c = itemCollection(op.wirePath);
    const own = (schema: string | undefined) => !!c && byName.get(schema ?? '') === c;
    if (c && op.method === 'get' && own(answer))
      return { kind: 'retrieve', ...item(c), reason: `GET on an item address answering ${c.name}` };
    if (c && op.method === 'delete')
      return { kind: 'delete', ...item(c), reason: 'DELETE on an item address' };
    if (c && op.method !== 'get' && own(answer))
      return {
        kind: 'update',
        ...item(c),
        reason: `${op.method.toUpperCase()} on an item address answering ${c.name}`,
      };
  } else if (segs.length >= 2 && isParam(segs.at(-2)) && op.method === 'post') {
    const c = itemCollection(parentPath(op.wirePath));
    if (c) {
      const machine = api.stateMachines.find((m) => m.name === c.machine);
      const moves = machine?.transitions.some(
        (t) => t.from !== null && t.on.kind === 'operation' && t.on.operationId === op.operationId,
      );
      if (moves)
        return { kind: 'transition', ...item(c), reason: `moves the \`${c.machine}\` state machine` };
      const own = byName.get(answer ?? '') === c;
      if (own && op.requestBody)
        return {
          kind: 'derive',
          ...item(c),
          reason: `POST with a body below an item address answering ${c.name}`,
        };
      if (own)
        return { kind: 'action', ...item(c), reason: `POST below an item address answering ${c.name}` };
    }
  }
  const listed = byName.get(listItem(api, op) ?? '');
  if (op.method === 'get' && listed?.lists.includes(op.wirePath))
    return {
      kind: 'list',
      collection: listed.name,
      parentParams: params,
      paging: paging(api, op),
      reason: `GET answering a list of ${listed.name}`,
    };
  // A POST answering an item of a collection creates one there (`/videos/edits` creates a Video).
  const created = byName.get(answer ?? '');
  if (op.method === 'post' && created?.creates.includes(op.wirePath))
    return {
      kind: 'create',
      collection: created.name,
      parentParams: params,
      reason: `POST answering ${created.name}`,
    };
  return { kind: 'compute', reason: 'answers a value of its response schema made from the request' };
}

function hasToken(api: Api, body: NonNullable<ReturnType<typeof jsonSuccess>>): boolean {
  const node = resolveNode(api, body);
  return node.kind === 'object' && node.properties.some((p) => p.name === 'access_token');
}

function idempotency(op: Operation): { idempotencyHeader?: string } {
  const header = op.parameters.find((p) => p.in === 'header' && IDEMPOTENCY_HEADER.test(p.name));
  return header ? { idempotencyHeader: header.name.toLowerCase() } : {};
}

function guardsOf(api: Api, op: Operation): EmulatedOperation['guards'] {
  const identifier = (name: string) =>
    op.parameters.find((p) => p.in === 'path' && p.name === name)?.identifier ?? name;
  return api.stateMachines.flatMap((m) =>
    m.guards
      .filter((g) => g.operationId === op.operationId)
      .map((g) => ({
        machine: m.name,
        target: g.target.in === 'path' ? { in: 'path' as const, name: identifier(g.target.name) } : g.target,
        states: g.states,
      })),
  );
}

/** The list's paging: the paging pass's convention (else a bare or unpaged list), and its query parameters. */
function paging(api: Api, op: Operation): EmulatedOperation['paging'] {
  const query = (test: (name: string) => boolean) =>
    op.parameters.find((p) => p.in === 'query' && test(p.name.toLowerCase()));
  const limit = query((n) => LIMIT_PARAMS.includes(n));
  const order = query((n) => n === 'order');
  const before = query((n) => n === 'before' || n === 'ending_before');
  const page = query((n) => n === 'page');
  const limitDefault = limit ? resolveNode(api, limit.type).default : undefined;
  return {
    ...(typeof limitDefault === 'number' ? { limitDefault } : {}),
    ...(op.paging ? {} : { kind: 'envelope' as const, items: op.list?.kind === 'envelope' ? ['data'] : [] }),
    ...(limit ? { limit: limit.name } : {}),
    ...(order ? { order: order.name } : {}),
    ...(before ? { before: before.name } : {}),
    // A Link-header list pages by its `page` parameter, when it declares one (GitHub's `page`/`per_page`).
    ...(op.paging?.kind === 'link' && page ? { page: page.name } : {}),
  };
}
