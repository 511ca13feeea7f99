/**
 * Cursor pages (`object: "list"`, `data`, `first_id`, `last_id`, `has_more`). A page is also an async iterable over
 * every item of every following page; the next page asks for `after` = `last_id` (or the last item's `id`).
 */
import { APIPromise, type RawResult } from './api-promise.js';
import { ClientError } from './errors.js';

export interface ListEnvelope<Item> {
  data: Item[];
  has_more?: boolean;
  last_id?: string | null;
  first_id?: string | null;
}

type FetchPage<Item, Envelope> = (query: Record<string, unknown>) => PagePromise<Item, Envelope>;

export class CursorPage<Item> implements AsyncIterable<Item> {
  declare data: Item[];
  declare has_more?: boolean;
  declare last_id?: string | null;

  private readonly query: Record<string, unknown>;
  private readonly fetchPage: FetchPage<Item, never>;

  constructor(body: ListEnvelope<Item>, query: Record<string, unknown>, fetchPage: FetchPage<Item, never>) {
    Object.assign(this, body);
    this.query = query;
    this.fetchPage = fetchPage;
    if (!Array.isArray(this.data)) this.data = [];
    // Keep the helpers out of JSON.stringify and object spreads.
    Object.defineProperty(this, 'query', { enumerable: false });
    Object.defineProperty(this, 'fetchPage', { enumerable: false });
  }

  /** The query of the next page, or undefined on the last page. */
  nextPageQuery(): Record<string, unknown> | undefined {
    if (!this.has_more || this.data.length === 0) return undefined;
    const last = this.last_id ?? (this.data[this.data.length - 1] as { id?: unknown } | undefined)?.id;
    if (typeof last !== 'string' || !last) return undefined;
    const { before: _before, ...rest } = this.query;
    return { ...rest, after: last };
  }

  hasNextPage(): boolean {
    return this.nextPageQuery() !== undefined;
  }

  async getNextPage(): Promise<this> {
    const query = this.nextPageQuery();
    if (!query) throw new Error('No next page: check hasNextPage() first.');
    if (query.after === this.query.after) throw repeatedCursor(query.after);
    return (await this.fetchPage(query)) as unknown as this;
  }

  /** This page, then every following page. */
  async *iterPages(): AsyncGenerator<this> {
    let page: this = this;
    yield page;
    // A server that keeps answering `has_more: true` with a cursor already seen would make this loop forever.
    const seen = new Set<unknown>([this.query.after]);
    for (let query = page.nextPageQuery(); query; query = page.nextPageQuery()) {
      if (seen.has(query.after)) throw repeatedCursor(query.after);
      seen.add(query.after);
      page = await page.getNextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

function repeatedCursor(cursor: unknown): ClientError {
  return new ClientError(`The server sent the cursor ${JSON.stringify(cursor)} again with has_more: true; stopped instead of looping.`);
}

/** A page with the envelope's own fields typed. */
export type Page<Item, Envelope> = CursorPage<Item> & Omit<Envelope, keyof CursorPage<Item>>;

/** The promise list methods return: awaits to the first page, and iterates every item with `for await`. */
export class PagePromise<Item, Envelope> extends APIPromise<Page<Item, Envelope>> implements AsyncIterable<Item> {
  constructor(raw: Promise<RawResult>, parse: (raw: RawResult) => Page<Item, Envelope> | Promise<Page<Item, Envelope>>) {
    super(raw, parse);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const page = await this;
    yield* page;
  }
}

/**
 * How a list other than the cursor envelope pages (from the spec, decided by the generator). `items` is the path of
 * the item array in the body (`[]`: the body is the array); `param` is the query parameter that selects a page.
 * - `cursor`: the next page's `param` is the body's `next` field; none (or empty) on the last page.
 * - `offset`: the next `param` is this one plus the items received; the last page is empty or shorter than `limit`.
 * - `page`: the next `param` is this one plus one (1 when the request named none); the last page is empty.
 */
export type Paging =
  | { readonly kind: 'cursor'; readonly param: string; readonly next: readonly string[]; readonly items: readonly string[] }
  | { readonly kind: 'offset'; readonly param: string; readonly limit?: string; readonly items: readonly string[] }
  | { readonly kind: 'page'; readonly param: string; readonly items: readonly string[] };

type FetchListPage<Item, Body> = (query: Record<string, unknown>) => ListPagePromise<Item, Body>;

function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const key of path) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/**
 * One page of a list paged by cursor, offset or page number: `body` as the server sent it, `items` its item array.
 * Also an async iterable over every item of every following page.
 */
export class ListPage<Item, Body> implements AsyncIterable<Item> {
  readonly body: Body;
  readonly items: Item[];
  private readonly query: Record<string, unknown>;
  private readonly paging: Paging;
  private readonly fetchPage: FetchListPage<Item, Body>;

  constructor(body: Body, query: Record<string, unknown>, paging: Paging, fetchPage: FetchListPage<Item, Body>) {
    this.body = body;
    const items = at(body, paging.items);
    this.items = Array.isArray(items) ? (items as Item[]) : [];
    this.query = query;
    this.paging = paging;
    this.fetchPage = fetchPage;
    Object.defineProperty(this, 'query', { enumerable: false });
    Object.defineProperty(this, 'paging', { enumerable: false });
    Object.defineProperty(this, 'fetchPage', { enumerable: false });
  }

  /** The query of the next page, or undefined on the last page. */
  nextPageQuery(): Record<string, unknown> | undefined {
    const p = this.paging;
    if (p.kind === 'cursor') {
      const next = at(this.body, p.next);
      if ((typeof next !== 'string' && typeof next !== 'number') || next === '' || this.items.length === 0) return undefined;
      return { ...this.query, [p.param]: next };
    }
    if (this.items.length === 0) return undefined;
    if (p.kind === 'offset') {
      const limit = p.limit === undefined ? NaN : Number(this.query[p.limit]);
      if (this.items.length < limit) return undefined;
      return { ...this.query, [p.param]: (Number(this.query[p.param]) || 0) + this.items.length };
    }
    const current = Number(this.query[p.param]);
    return { ...this.query, [p.param]: (Number.isFinite(current) ? current : 1) + 1 };
  }

  hasNextPage(): boolean {
    return this.nextPageQuery() !== undefined;
  }

  async getNextPage(): Promise<ListPage<Item, Body>> {
    const query = this.nextPageQuery();
    if (!query) throw new Error('No next page: check hasNextPage() first.');
    return this.fetchPage(query);
  }

  /** This page, then every following page. A cursor the server already sent stops the iteration with an error. */
  async *iterPages(): AsyncGenerator<ListPage<Item, Body>> {
    let page: ListPage<Item, Body> = this;
    yield page;
    const seen = new Set<unknown>([this.query[this.paging.param]]);
    for (let query = page.nextPageQuery(); query; query = page.nextPageQuery()) {
      const key = query[this.paging.param];
      if (seen.has(key)) throw new ClientError(`The server sent the page cursor ${JSON.stringify(key)} again; stopped instead of looping.`);
      seen.add(key);
      page = await page.fetchPage(query);
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.iterPages()) yield* page.items;
  }
}

/** The promise such list methods return: awaits to the first page, and iterates every item with `for await`. */
export class ListPagePromise<Item, Body> extends APIPromise<ListPage<Item, Body>> implements AsyncIterable<Item> {
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const page = await this;
    yield* page;
  }
}
