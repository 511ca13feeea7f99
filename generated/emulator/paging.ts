// Copied by platform-api-codegen from its runtime (templates/emulator/paging.ts). Do not edit: every generation replaces it.
/**
 * A list answer per the spec's paging convention, from the store's cursor paging:
 * - `envelope`: `after`/`before`/`limit`/`order`, answering `data`, `has_more`, `first_id`, `last_id`;
 * - `cursor`: the named parameter carries the last id; the answer's `next` field names the next page's cursor;
 * - `offset`/`page`: skip that many items (pages of `limit` items, the first page 1);
 * - `link`: pages as `page` (its `page` parameter, else the first page only), the next page named by a
 *   `Link: <?page=N&…>; rel="next"` header (a reference relative to the request's URL).
 */
import type { State, Stored } from './state.js';
import { jsonText, type Json, type JsonObject, type OperationModel, type Paging } from './types.js';

const DEFAULT_LIMIT = 20;

function setAt(target: JsonObject, path: readonly string[], value: Json): JsonObject {
  if (!path.length) return target;
  let node = target;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as JsonObject;
  node[path.at(-1)!] = value;
  return target;
}

/** A list answer, and the `Link` header naming its next page (Link-header paging only). */
export interface ListPage {
  body: Json;
  link?: string;
}

export function listPage(
  state: State,
  op: OperationModel,
  paging: Paging,
  parents: string[],
  query: Record<string, unknown>,
  view: (s: Stored) => JsonObject,
): ListPage {
  const collection = op.collection!;
  const limitRaw = paging.limit ? query[paging.limit] : undefined;
  const pageParam = paging.kind === 'link' ? paging.page : paging.param;
  // A list that declares no way to page (no cursor, no limit) answers everything in one page.
  const unpaged = !pageParam && !paging.limit;
  const limit =
    typeof limitRaw === 'number' && Number.isFinite(limitRaw)
      ? Math.max(0, Math.floor(limitRaw))
      : unpaged
        ? Number.MAX_SAFE_INTEGER
        : (paging.limitDefault ?? DEFAULT_LIMIT);
  const orderRaw = paging.order ? query[paging.order] : undefined;
  // A list envelope answers newest first unless asked otherwise (the list convention's default); others oldest first.
  const order: 'asc' | 'desc' =
    orderRaw === 'asc'
      ? 'asc'
      : orderRaw === 'desc'
        ? 'desc'
        : paging.kind === 'envelope' && paging.items.length
          ? 'desc'
          : 'asc';
  const cursor = (name: string | undefined) =>
    name && typeof query[name] === 'string' && query[name] !== '' ? query[name] : undefined;
  let items: Stored[];
  let hasMore: boolean;
  let next: Json | undefined;
  if (paging.kind === 'envelope' || paging.kind === 'cursor') {
    const after = cursor(paging.param);
    const before = cursor(paging.before);
    const page = state.list(collection, parents, {
      order,
      limit,
      ...(after ? { after } : {}),
      ...(before ? { before } : {}),
    });
    items = page.items;
    hasMore = page.hasMore;
    if (paging.kind === 'cursor' && hasMore && items.length) next = jsonText(items.at(-1)!.v.id);
  } else {
    const byPage = paging.kind === 'page' || paging.kind === 'link';
    const raw = Number((pageParam ? query[pageParam] : undefined) ?? (byPage ? 1 : 0));
    const skip = byPage
      ? Math.max(0, (Number.isFinite(raw) ? raw : 1) - 1) * limit
      : Math.max(0, Number.isFinite(raw) ? raw : 0);
    const page = state.list(collection, parents, { order, limit: skip + limit });
    items = page.items.slice(skip);
    hasMore = page.hasMore;
  }
  const data = items.map(view);
  let link: string | undefined;
  if (paging.kind === 'link' && paging.page && hasMore) {
    const page = Math.max(1, Number(query[paging.page]) || 1);
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && k !== paging.page) next.set(k, jsonText(v));
    next.set(paging.page, String(page + 1));
    link = `<?${next}>; rel="next"`;
  }
  if (!paging.items.length) return link ? { body: data, link } : { body: data };
  const body: JsonObject = { object: 'list', has_more: hasMore };
  if (data.length) {
    body.first_id = data[0]!.id!;
    body.last_id = data.at(-1)!.id!;
  }
  setAt(body, paging.items, data);
  // An empty cursor marks the last page (the convention's "absent or empty").
  if (paging.kind === 'cursor') setAt(body, paging.next, next ?? '');
  return link ? { body, link } : { body };
}
