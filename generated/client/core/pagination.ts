// Copied by platform-api-codegen from its runtime (templates/client/core/pagination.ts). Do not edit: every generation replaces it.
/**
 * Paged lists. Every list the generator recognises, whatever its paging style, returns the same `Page`: `items`
 * (this page's items), `body` (the response body as the server sent it), `hasNextPage()`, `getNextPage()`,
 * `iterPages()`, and `for await` over every item of every following page.
 */
import { APIPromise, awaitAsPromise } from './api-promise.js';
import { ClientError } from './errors.js';
import type { Paging } from '../../protocol/operation.js';

// How a list pages is a fact of the shared operation table (protocol/operation.ts).
export type { Paging };

type FetchPage<Item, Body> = (query: Record<string, unknown>) => PagePromise<Item, Body>;

function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const key of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** The query of a URL, absolute or relative (`/Messages.json?Page=1&PageToken=PA…`), or undefined when it is none. */
function queryOf(url: string): Record<string, string> | undefined {
  try {
    // forEach, not Object.fromEntries: URLSearchParams is iterable only with the DOM iterable types, which a
    // consumer compiling the client without `dom.iterable` does not have.
    const query: Record<string, string> = {};
    new URL(url, 'http://relative.invalid').searchParams.forEach((value, key) => (query[key] = value));
    return query;
  } catch {
    return undefined;
  }
}

/** The query of the `rel="next"` URL of a `Link` header (RFC 8288), or undefined when there is none. */
export function nextLinkQuery(link: string | null | undefined): Record<string, string> | undefined {
  if (!link) return undefined;
  for (const part of link.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!m || !/;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(m[2]!)) continue;
    return queryOf(m[1]!);
  }
  return undefined;
}

function repeatedCursor(cursor: unknown): ClientError {
  return new ClientError(
    `The server sent the cursor ${JSON.stringify(cursor)} again for the next page; stopped instead of looping.`,
  );
}

/** One page of a list: `body` as the server sent it, `items` its item array; iterable over every following item. */
export class Page<Item, Body> implements AsyncIterable<Item> {
  readonly body: Body;
  readonly items: Item[];
  private readonly query: Record<string, unknown>;
  private readonly paging: Paging;
  /** The query parameter that moves from page to page. */
  private readonly param: string;
  private readonly fetchPage: FetchPage<Item, Body>;
  /** The answer's `Link` header, for `link` paging. */
  private readonly link: string | null | undefined;

  constructor(
    body: Body,
    query: Record<string, unknown>,
    paging: Paging,
    fetchPage: FetchPage<Item, Body>,
    link?: string | null,
  ) {
    this.body = body;
    const items = at(body, paging.items);
    this.items = Array.isArray(items) ? (items as Item[]) : [];
    this.query = query;
    this.paging = paging;
    this.param = paging.param ?? '';
    this.fetchPage = fetchPage;
    this.link = link;
    // Kept out of JSON.stringify and object spreads: a page serialises as its body and items.
    for (const key of ['query', 'paging', 'param', 'fetchPage', 'link'])
      Object.defineProperty(this, key, { enumerable: false });
  }

  /** The query of the next page, or undefined on the last page. */
  nextPageQuery(): Record<string, unknown> | undefined {
    const p = this.paging;
    if (this.items.length === 0) return undefined;
    if (p.kind === 'envelope') {
      if (p.param === undefined || at(this.body, ['has_more']) !== true) return undefined;
      const last =
        at(this.body, ['last_id']) ?? (this.items[this.items.length - 1] as { id?: unknown } | undefined)?.id;
      if (typeof last !== 'string' || !last) return undefined;
      const { before: _before, ...rest } = this.query;
      return { ...rest, [p.param]: last };
    }
    if (p.kind === 'cursor') {
      const next = at(this.body, p.next);
      if ((typeof next !== 'string' && typeof next !== 'number') || next === '') return undefined;
      return { ...this.query, [p.param]: next };
    }
    if (p.kind === 'link' || p.kind === 'url') {
      // The server names the next page, in a `Link` header or in the body (Twilio's `next_page_uri`): that URL's
      // query (`page`, `PageToken`, `after`…) replaces ours.
      const url = p.kind === 'link' ? undefined : at(this.body, p.next);
      if (p.kind === 'url' && (typeof url !== 'string' || url === '')) return undefined;
      const next = p.kind === 'link' ? nextLinkQuery(this.link) : queryOf(url as string);
      return next ? { ...this.query, ...next } : undefined;
    }
    // A body that says no page follows (PagerDuty's `more: false`) ends the list, whatever the page's size.
    if (p.more && at(this.body, p.more) === false) return undefined;
    if (p.kind === 'offset') {
      const limit = p.limit === undefined ? NaN : Number(this.query[p.limit]);
      if (this.items.length < limit) return undefined;
      return { ...this.query, [p.param]: (Number(this.query[p.param]) || 0) + this.items.length };
    }
    const current = Number(this.query[p.param]);
    return { ...this.query, [p.param]: (Number.isFinite(current) ? current : 1) + 1 };
  }

  /** What moves from page to page: the paging parameter, or for `link` paging the whole query. */
  private cursorOf(query: Record<string, unknown>): unknown {
    return this.paging.kind === 'link' || this.paging.kind === 'url'
      ? JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)))
      : query[this.param];
  }

  hasNextPage(): boolean {
    return this.nextPageQuery() !== undefined;
  }

  async getNextPage(): Promise<Page<Item, Body>> {
    const query = this.nextPageQuery();
    if (!query) throw new Error('No next page: check hasNextPage() first.');
    const cursor = this.cursorOf(query);
    // A server that sends back the cursor it was asked with would make every caller loop forever.
    if (cursor === this.cursorOf(this.query)) throw repeatedCursor(cursor);
    return this.fetchPage(query);
  }

  /** This page, then every following page. */
  async *iterPages(): AsyncGenerator<Page<Item, Body>> {
    // oxlint-disable-next-line typescript/no-this-alias -- the walk starts at this page; not a scope workaround
    let page: Page<Item, Body> = this;
    yield page;
    const seen = new Set<unknown>([this.cursorOf(this.query)]);
    for (let query = page.nextPageQuery(); query; query = page.nextPageQuery()) {
      const cursor = this.cursorOf(query);
      if (seen.has(cursor)) throw repeatedCursor(cursor);
      seen.add(cursor);
      page = await page.getNextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.iterPages()) yield* page.items;
  }
}

/** The promise list methods return: awaits to the first page, and iterates every item with `for await`. */
export class PagePromise<Item, Body> extends APIPromise<Page<Item, Body>> implements AsyncIterable<Item> {
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const page = await this;
    yield* page;
  }
}
awaitAsPromise(PagePromise);
