/** Records of request fields (query parameters, form and multipart fields) that `__proto__` cannot subvert. */

/** A record without a prototype, so `__proto__` in a query or form is just a key. */
export function bag<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export function addTo(target: Record<string, unknown>, key: string, value: unknown): void {
  const existing = target[key];
  if (existing === undefined) target[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[key] = [existing, value];
}

const NO_QUERY: Readonly<Record<string, string | string[]>> = Object.freeze(bag<string | string[]>());

/** The query string's parameters; a repeated one becomes an array. */
export function parseQuery(search: string): Readonly<Record<string, string | string[]>> {
  if (!search) return NO_QUERY;
  const out = bag<string | string[]>();
  for (const [k, v] of new URLSearchParams(search)) addTo(out, k, v);
  return out;
}
