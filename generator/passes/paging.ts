/**
 * Lists and their paging conventions, recognised by shape: what the resource tree names `list` and what the client
 * iterates. A wrapper that only annotates (`allOf: [{$ref: BackupPlansList}, {description}]`, as AWS documents
 * write their list arrays) is read as what it wraps.
 */
import { listEnvelope, propertiesOf, resolveNode, successResponse } from '../ir/queries.ts';
import type { ParsedApi as Api } from '../ir/api.ts';
import type { ListKind, ParsedOperation as Operation, Paging } from '../ir/operation.ts';
import type { ObjectNode, TypeNode } from '../ir/schema.ts';

/** The cursor parameter of a list envelope: the id of the last item received. */
const ENVELOPE_CURSORS = ['after', 'starting_after'];
const CURSOR_PARAMS = [
  'cursor',
  'after',
  'starting_after',
  'page_token',
  'pagetoken',
  'next_token',
  'nexttoken',
  'continuation_token',
  'continuationtoken',
  'marker',
  'next_marker',
  'nextmarker',
];
/** Response fields holding the next page's cursor (`next` is left out: it is often a URL). */
const NEXT_FIELDS = [
  'next_cursor',
  'nextcursor',
  'next_page_token',
  'nextpagetoken',
  'next_token',
  'nexttoken',
  'continuation_token',
  'continuationtoken',
  'cursor',
  'next_marker',
  'nextmarker',
];
/** Response fields holding the next page's URL (Twilio's `next_page_uri`, `next` of Django REST framework lists). */
const NEXT_URL_FIELDS = [
  'next_page_uri',
  'next_page_url',
  'nextpageuri',
  'nextpageurl',
  'next_url',
  'nexturl',
  'next',
  'next_link',
  'nextlink',
];
/** Boolean response fields saying whether another page follows. */
const MORE_FIELDS = ['more', 'has_more', 'hasmore', 'has_next', 'hasnext', 'has_next_page', 'hasnextpage'];
const OFFSET_PARAMS = ['offset', 'skip', 'start', 'start_index', 'startindex'];
const PAGE_PARAMS = ['page', 'page_number', 'pagenumber'];
export const LIMIT_PARAMS = [
  'limit',
  'count',
  'take',
  'per_page',
  'perpage',
  'page_size',
  'pagesize',
  'size',
  'max_results',
  'maxresults',
  'max_items',
  'maxitems',
  'top',
];
/** Properties of a list answer beside its array that say nothing of the items (counts, links, paging). */
const META =
  /^(total.*|count|.*count|next.*|prev.*|previous.*|page.*|per_?page|limit|offset|links?|_links|meta|metadata|paging|pagination|cursor|has_?more|more|has_?next.*|is_?truncated|truncated|marker|object|url|uri|.*_uri|self|first.*|last.*|start|end|kind|etag|odata.*|@odata.*|unreachable|warnings?|errors|messages|success|order|.*_info|request_?id|continuation.*)$/i;
/** Arrays beside a list's items that report on the request, not items (Cloudflare's `errors` and `messages`, Box's `order`). */
const REPORT_ARRAYS = /^(errors|messages|warnings|order)$/i;

/** What a node is once annotation-only wrappers are taken off: `allOf` of one typed member. */
export function unwrap(api: Api, node: TypeNode): TypeNode {
  let n = resolveNode(api, node);
  for (let i = 0; i < 8 && n.kind === 'intersection'; i++) {
    const typed = n.members.filter(
      (m) =>
        m.kind !== 'unknown' && !(m.kind === 'object' && m.properties.length === 0 && m.additional === true),
    );
    if (typed.length !== 1) break;
    n = resolveNode(api, typed[0]!);
  }
  return n;
}

/**
 * The JSON success body of a GET and where its item array is: the body itself, or its one array property (beside
 * arrays that report on the request: `result` beside `errors` and `messages`). An `allOf` of objects is read as the
 * one object it merges to (`allOf: [Pagination, {incidents}]`).
 */
export function listShape(
  api: Api,
  op: Operation,
): { body: TypeNode; fields: ObjectNode['properties']; items: string[] } | undefined {
  if (op.method !== 'get') return undefined;
  const json = successResponse(op)?.contents.find((c) => c.kind === 'json' && !c.when && c.type);
  if (!json?.type) return undefined;
  const body = unwrap(api, json.type);
  if (body.kind === 'array') return { body, fields: [], items: [] };
  if (body.kind !== 'object' && body.kind !== 'intersection') return undefined;
  const fields = mergedFields(api, body);
  const all = fields.filter((p) => unwrap(api, p.type).kind === 'array');
  const arrays = all.length > 1 ? all.filter((p) => !REPORT_ARRAYS.test(p.name)) : all;
  if (arrays.length !== 1) return undefined;
  // Everything else is about the list (counts, links, cursors), not a resource that happens to hold an array.
  const others = fields.filter((p) => p !== arrays[0]);
  return others.every((p) => META.test(p.name)) ? { body, fields, items: [arrays[0]!.name] } : undefined;
}

/** A GET answering a list: our envelope, an array, or an object around one array and its paging fields. */
export function isListGet(api: Api, op: Operation): boolean {
  return op.method === 'get' && (listEnvelope(api, op) !== undefined || listShape(api, op) !== undefined);
}

/** A field named like one of `names` whose type fits, at the top of the body or in one object below it. */
function fieldNamed(
  api: Api,
  fields: ObjectNode['properties'],
  names: string[],
  fits: (t: TypeNode) => boolean,
): string[] | undefined {
  const own = fields.find((p) => names.includes(p.name.toLowerCase()) && fits(unwrap(api, p.type)));
  if (own) return [own.name];
  for (const p of fields) {
    const inner = unwrap(api, p.type);
    if (inner.kind !== 'object' && inner.kind !== 'intersection') continue;
    const nested = mergedFields(api, inner).find(
      (q) => names.includes(q.name.toLowerCase()) && fits(unwrap(api, q.type)),
    );
    if (nested) return [p.name, nested.name];
  }
  return undefined;
}

const scalar = (t: TypeNode) => ['string', 'number', 'integer'].includes(t.kind);
const text = (t: TypeNode) =>
  t.kind === 'string' || (t.kind === 'union' && t.variants.some((m) => m.kind === 'string'));
const flag = (t: TypeNode) => t.kind === 'boolean';

/** What the paging pass decides, by operationId. */
export interface PagingTable {
  /** The GETs that answer a list, and which kind. */
  lists: ReadonlyMap<string, ListKind>;
  /** How the client iterates each paged list. */
  paging: ReadonlyMap<string, Paging>;
  /** Lists whose paging parameters fit no convention (a plain method, warned by the resources pass). */
  unrecognised: ReadonlySet<string>;
}

export function decidePaging(api: Api): PagingTable {
  const lists = new Map<string, ListKind>();
  const paging = new Map<string, Paging>();
  const unrecognised = new Set<string>();
  for (const op of api.operations) {
    if (op.method !== 'get') continue;
    const envelope = listEnvelope(api, op);
    if (envelope) lists.set(op.operationId, { kind: 'envelope', ...envelope });
    else if (listShape(api, op)) lists.set(op.operationId, { kind: 'shape' });
    const p = pagingOf(api, op);
    if (typeof p === 'object') paging.set(op.operationId, p);
    else if (p === 'unrecognised') unrecognised.add(op.operationId);
  }
  return { lists, paging, unrecognised };
}

/** Whether a success answer of the operation declares a `Link` header (RFC 8288; GitHub's paging). */
function declaresLink(op: Operation): boolean {
  return (successResponse(op)?.headers ?? []).some((h) => h.name.toLowerCase() === 'link');
}

/**
 * The paging convention of a list, for the client to iterate (the list envelope, a next cursor, offset, page, a
 * `Link: <…>; rel="next"` header); `unrecognised` when the operation takes parameters that look like paging (a
 * cursor without a next-cursor field in the answer, or a limit alone) but no convention fits; undefined for a list
 * that is not paged, or not a list.
 */
export function pagingOf(api: Api, op: Operation): Paging | 'unrecognised' | undefined {
  if (op.method !== 'get') return undefined;
  // A list envelope follows its `after` cursor; one that declares none is a single page.
  if (listEnvelope(api, op)) {
    const after = op.parameters.find((p) => p.in === 'query' && ENVELOPE_CURSORS.includes(p.name));
    return { kind: 'envelope', ...(after ? { param: after.name } : {}), items: ['data'] };
  }
  const shape = listShape(api, op);
  const query = op.parameters.filter((p) => p.in === 'query');
  const find = (names: string[]) => query.find((p) => names.includes(p.name.toLowerCase()))?.name;
  const cursor = find(CURSOR_PARAMS);
  const limit = find(LIMIT_PARAMS);
  const offset = find(OFFSET_PARAMS);
  const page = find(PAGE_PARAMS);
  if (!shape)
    return (cursor ?? limit ?? offset ?? page) && answersArrays(api, op) ? 'unrecognised' : undefined;
  const { fields, items } = shape;
  // The server names the next page itself: its URL in a `Link` header (GitHub: page/per_page, or before/after).
  if (declaresLink(op)) return { kind: 'link', items };
  const nextCursor = cursor ? fieldNamed(api, fields, NEXT_FIELDS, scalar) : undefined;
  if (cursor && nextCursor) return { kind: 'cursor', param: cursor, next: nextCursor, items };
  // Or its URL in the body (Twilio's `next_page_uri`, a `next` link): that URL's query asks for the next page.
  const nextUrl = fieldNamed(api, fields, NEXT_URL_FIELDS, text);
  if (nextUrl) return { kind: 'url', next: nextUrl, items };
  const more = fieldNamed(api, fields, MORE_FIELDS, flag);
  const moreField = more ? { more } : {};
  if (offset) return { kind: 'offset', param: offset, ...(limit ? { limit } : {}), ...moreField, items };
  if (page) return { kind: 'page', param: page, ...moreField, items };
  // Paging parameters, or fields that say a next page exists, that no convention fits.
  return cursor || limit || more ? 'unrecognised' : undefined;
}

/**
 * The fields of an object or of the objects an `allOf` merges, one per name: where members both declare a field
 * (Cloudflare's common `result` and a list's `result: array`), the array, else the last.
 */
function mergedFields(api: Api, body: TypeNode): ObjectNode['properties'] {
  const byName = new Map<string, ObjectNode['properties'][number]>();
  for (const p of propertiesOf(api, body)) {
    const seen = byName.get(p.name);
    if (!seen || unwrap(api, seen.type).kind !== 'array') byName.set(p.name, p);
  }
  return [...byName.values()];
}

/** Whether a GET's JSON success body is an object holding arrays (a list the shape rules did not recognise). */
function answersArrays(api: Api, op: Operation): boolean {
  const json = successResponse(op)?.contents.find((c) => c.kind === 'json' && !c.when && c.type);
  if (!json?.type) return false;
  const body = unwrap(api, json.type);
  if (body.kind !== 'object' && body.kind !== 'intersection') return false;
  return mergedFields(api, body).some((p) => unwrap(api, p.type).kind === 'array');
}
