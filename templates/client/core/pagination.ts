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
