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

/**
 * What every page does once it knows its items, the query of the next page and how to fetch it: iterate pages and
 * items, and stop with an error when the server sends a cursor it already sent (it would loop forever).
 */
abstract class PageBase<Item> implements AsyncIterable<Item> {
  /** The query parameter that moves from page to page (`after`, or the paging's `param`). */
  protected abstract readonly cursorParam: string;
  protected abstract readonly query: Record<string, unknown>;
  protected abstract pageItems(): Item[];
  /** The query of the next page, or undefined on the last page. */
  abstract nextPageQuery(): Record<string, unknown> | undefined;
  protected abstract fetchNext(query: Record<string, unknown>): Promise<PageBase<Item>>;

  hasNextPage(): boolean {
    return this.nextPageQuery() !== undefined;
  }

  async getNextPage(): Promise<this> {
    const query = this.nextPageQuery();
    if (!query) throw new Error('No next page: check hasNextPage() first.');
    const cursor = query[this.cursorParam];
    if (cursor === this.query[this.cursorParam]) throw repeatedCursor(cursor);
    return (await this.fetchNext(query)) as this;
  }

  /** This page, then every following page. */
  async *iterPages(): AsyncGenerator<this> {
    let page: this = this;
    yield page;
    const seen = new Set<unknown>([this.query[this.cursorParam]]);
    for (let query = page.nextPageQuery(); query; query = page.nextPageQuery()) {
      const cursor = query[this.cursorParam];
      if (seen.has(cursor)) throw repeatedCursor(cursor);
      seen.add(cursor);
      page = await page.getNextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.iterPages()) yield* page.pageItems();
  }
}

function repeatedCursor(cursor: unknown): ClientError {
  return new ClientError(`The server sent the cursor ${JSON.stringify(cursor)} again for the next page; stopped instead of looping.`);
}

/** Keeps a page's helpers out of JSON.stringify and object spreads. */
function hide(page: object, ...keys: string[]): void {
  for (const key of keys) Object.defineProperty(page, key, { enumerable: false });
}

export class CursorPage<Item> extends PageBase<Item> {
  declare data: Item[];
  declare has_more?: boolean;
  declare last_id?: string | null;

  protected readonly cursorParam = 'after';
  protected readonly query: Record<string, unknown>;
  private readonly fetchPage: FetchPage<Item, never>;

  constructor(body: ListEnvelope<Item>, query: Record<string, unknown>, fetchPage: FetchPage<Item, never>) {
    super();
    Object.assign(this, body);
    this.query = query;
    this.fetchPage = fetchPage;
    if (!Array.isArray(this.data)) this.data = [];
    hide(this, 'cursorParam', 'query', 'fetchPage');
  }

  nextPageQuery(): Record<string, unknown> | undefined {
    if (!this.has_more || this.data.length === 0) return undefined;
    const last = this.last_id ?? (this.data[this.data.length - 1] as { id?: unknown } | undefined)?.id;
    if (typeof last !== 'string' || !last) return undefined;
    const { before: _before, ...rest } = this.query;
    return { ...rest, after: last };
  }

  protected pageItems(): Item[] {
    return this.data;
  }

  protected async fetchNext(query: Record<string, unknown>): Promise<CursorPage<Item>> {
    return (await this.fetchPage(query)) as unknown as CursorPage<Item>;
  }
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
export class ListPage<Item, Body> extends PageBase<Item> {
  readonly body: Body;
  readonly items: Item[];
  protected readonly cursorParam: string;
  protected readonly query: Record<string, unknown>;
  private readonly paging: Paging;
  private readonly fetchPage: FetchListPage<Item, Body>;

  constructor(body: Body, query: Record<string, unknown>, paging: Paging, fetchPage: FetchListPage<Item, Body>) {
    super();
    this.body = body;
    const items = at(body, paging.items);
    this.items = Array.isArray(items) ? (items as Item[]) : [];
    this.cursorParam = paging.param;
    this.query = query;
    this.paging = paging;
    this.fetchPage = fetchPage;
    hide(this, 'cursorParam', 'query', 'paging', 'fetchPage');
  }

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

  protected pageItems(): Item[] {
    return this.items;
  }

  protected fetchNext(query: Record<string, unknown>): Promise<ListPage<Item, Body>> {
    return this.fetchPage(query);
  }
}

/** The promise such list methods return: awaits to the first page, and iterates every item with `for await`. */
export class ListPagePromise<Item, Body> extends APIPromise<ListPage<Item, Body>> implements AsyncIterable<Item> {
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const page = await this;
    yield* page;
  }
}
