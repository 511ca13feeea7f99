/** Cursor paging over insertion numbers, independent of the engine. */

export interface ListOptions {
  order: 'asc' | 'desc';
  /** Id of an item: the page starts right after it, in the listing's order. */
  after?: string;
  /** Id of an item: the page ends right before it, in the listing's order. */
  before?: string;
  /** Most items returned (a non-negative integer). */
  limit: number;
}

export interface ListPage<T> {
  items: T[];
  /** Whether more items follow the page in the direction of paging (backward when only `before` is given). */
  hasMore: boolean;
}

/** Which insertion numbers a page reads: strictly between `low` and `high`, nearest the cursor first. */
export interface SeqRange {
  low: number;
  high: number;
  /** Read in ascending insertion order. */
  ascending: boolean;
  /** The rows come nearest-the-`before`-cursor first: reverse them into the listing's order. */
  reverse: boolean;
}

const NONE_BELOW = 0;
const NONE_ABOVE = Number.MAX_SAFE_INTEGER;

/**
 * `after`/`before` are the cursors' insertion numbers: undefined when not given, null when the id is unknown
 * (then there is no page: null).
 */
export function cursorRange(
  options: ListOptions,
  after: number | null | undefined,
  before: number | null | undefined,
): SeqRange | null {
  // An untyped caller may pass any order.
  const order: unknown = options.order;
  if (order !== 'asc' && order !== 'desc') {
    throw new RangeError(`list order must be 'asc' or 'desc', not ${JSON.stringify(order)}.`);
  }
  if (!Number.isSafeInteger(options.limit) || options.limit < 0) {
    throw new RangeError(`list limit must be a non-negative integer, not ${String(options.limit)}.`);
  }
  if (after === null || before === null) return null;
  const asc = options.order === 'asc';
  // In ascending order `after` is a lower bound and `before` an upper one; descending swaps them.
  const low = (asc ? after : before) ?? NONE_BELOW;
  const high = (asc ? before : after) ?? NONE_ABOVE;
  // Only `before`: the page nearest the cursor, read from it backwards.
  const backward = before !== undefined && after === undefined;
  return { low, high, ascending: asc !== backward, reverse: backward };
}
