/**
 * Form fields as OpenAPI 3.0/3.1 serializes a request body's properties (`application/x-www-form-urlencoded`, and
 * the text fields of `multipart/form-data`), by each property's `encoding` (style, explode):
 * - `form` (the default), exploded: an array repeats the field (`tag=a&tag=b`), an object's properties become fields
 *   of their own (`R=100&G=200`); not exploded: one field, comma-joined (`tag=a,b`, `color=R,100,G,200`);
 * - `spaceDelimited` / `pipeDelimited`: an array joined by a space or `|`;
 * - `deepObject`: bracket notation, nested (`metadata[order]=6735`), arrays by index (`expand[0]=a`), which is what
 *   stripe-node sends and what Prism reads back.
 */
import type { FieldEncoding } from './operation.js';
import { deepPairs, scalarText as text } from './params.js';

/** The name/value pairs of `body`'s fields; `undefined` and `null` are left out, scalars sent as text. */
export function formPairs(
  body: Record<string, unknown>,
  encoding: Readonly<Record<string, FieldEncoding>> = {},
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    const enc = encoding[name];
    const style = enc?.style ?? 'form';
    const explode = enc?.explode ?? style === 'form';
    if (style === 'deepObject') deepPairs(name, value, pairs);
    else if (Array.isArray(value)) {
      const items = value.filter((v) => v !== undefined && v !== null).map(text);
      if (explode && style === 'form') for (const item of items) pairs.push([name, item]);
      else
        pairs.push([
          name,
          items.join(style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ','),
        ]);
    } else if (typeof value === 'object') {
      const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
      if (explode) for (const [k, v] of entries) pairs.push([k, text(v)]);
      else pairs.push([name, entries.flatMap(([k, v]) => [k, text(v)]).join(',')]);
    } else pairs.push([name, text(value)]);
  }
  return pairs;
}
