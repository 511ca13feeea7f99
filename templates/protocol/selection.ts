/**
 * Which response content a request selects, and how a content type names its media type: the one reading of the
 * spec's `x-when` and of `Content-Type` that the client (choosing how to read the answer) and the server (choosing
 * what to send) share.
 */

/**
 * A request-body condition (`x-when`): every named field must be an own property of the body with one of the
 * listed values. Own properties only: a field inherited from a prototype (`toString`, `__proto__`) never selects.
 */
export type When = Readonly<Record<string, readonly unknown[]>>;

export function matchesWhen(when: When, body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const fields = body as Record<string, unknown>;
  for (const key in when) if (!Object.hasOwn(fields, key) || !when[key]!.includes(fields[key])) return false;
  return true;
}

/** The first candidate with a `when` the body matches; undefined when none does (the caller's default applies). */
export function selectWhen<T extends { readonly when?: When | undefined }>(
  candidates: readonly T[],
  body: unknown,
): T | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  for (const c of candidates) if (c.when && matchesWhen(c.when, body)) return c;
  return undefined;
}

/** The media type of a `Content-Type` value, lower case, without parameters: `Text/Event-Stream; x=1` → `text/event-stream`. */
export function mediaTypeOf(contentType: string | null | undefined): string | undefined {
  if (contentType === null || contentType === undefined) return undefined;
  const semi = contentType.indexOf(';');
  return (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}
