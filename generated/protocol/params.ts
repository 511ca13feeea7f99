// Copied by platform-api-codegen from its runtime (templates/protocol/params.ts). Do not edit: every generation replaces it.
/**
 * Path, query and header parameters as OpenAPI 3.0/3.1 serializes them, by the parameter's `style` and `explode`
 * (the table's `styles`; absent: the location's default). For a value `v`, an array `[3, 4]`, an object `{R: 100}`:
 * - path `simple` (the default): `v`, `3,4`, `R,100` (exploded: `R=100`); `label`: `.v`, `.3.4` (exploded) or
 *   `.3,4`; `matrix`: `;id=v`, `;id=3;id=4` (exploded) or `;id=3,4`, `;R=100` (exploded) or `;id=R,100`;
 * - query `form` (the default), exploded: `id=3&id=4`, `R=100`; not exploded: `id=3,4`, `id=R,100`;
 *   `spaceDelimited` / `pipeDelimited`, not exploded: `id=3%204`, `id=3|4` (exploded: as `form`); `deepObject`:
 *   `id[R]=100`, nested brackets, arrays by index (`id[0]=a`);
 * - header `simple`: `3,4`, `R,100` (exploded: `R=100`).
 * An array of objects or arrays, which no style but deepObject can write, goes as its JSON text (`id=[{"R":100}]`).
 * Reserved characters inside a value are percent-encoded (`allowReserved` keeps them in a query value); the
 * delimiters of the style are not.
 */
import type { ParameterEncoding } from './operation.js';

type Pair = readonly [string, unknown];

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** A scalar as text; an object nested where the style has no notation for it goes as JSON. */
export function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function entriesOf(value: Record<string, unknown>): Pair[] {
  return Object.entries(value).filter(([, v]) => present(v));
}

/** Characters `allowReserved` lets through unencoded in a query value (RFC 3986 reserved, but the query's own). */
const RESERVED_KEPT = /%(3A|2F|3F|5B|5D|40|21|24|27|28|29|2A|2C|3B)/g;

function encodeValue(text: string, allowReserved: boolean | undefined): string {
  const encoded = encodeURIComponent(text);
  return allowReserved ? encoded.replace(RESERVED_KEPT, (m) => decodeURIComponent(m)) : encoded;
}

/** A path parameter's text in the URL, encoded, with its style's prefix (`.` for label, `;name=` for matrix). */
export function pathText(name: string, value: unknown, enc: ParameterEncoding | undefined): string {
  const style = enc?.style ?? 'simple';
  const explode = enc?.explode === true;
  const e = (v: unknown) => encodeURIComponent(scalarText(v));
  if (style === 'matrix') {
    const key = `;${encodeURIComponent(name)}`;
    if (Array.isArray(value)) {
      const items = value.filter(present);
      return explode ? items.map((v) => `${key}=${e(v)}`).join('') : `${key}=${items.map(e).join(',')}`;
    }
    if (isRecord(value)) {
      const pairs = entriesOf(value);
      return explode
        ? pairs.map(([k, v]) => `;${encodeURIComponent(k)}=${e(v)}`).join('')
        : `${key}=${pairs.map(([k, v]) => `${encodeURIComponent(k)},${e(v)}`).join(',')}`;
    }
    return `${key}=${e(value)}`;
  }
  const simple = joined(value, explode, e, style === 'label' && explode ? '.' : ',');
  return style === 'label' ? `.${simple}` : simple;
}

/** A header's value (`simple` style): arrays comma-joined, objects `k,v` or, exploded, `k=v`. */
export function headerText(value: unknown, enc: ParameterEncoding | undefined): string {
  return joined(value, enc?.explode === true, scalarText, ',');
}

function joined(value: unknown, explode: boolean, e: (v: unknown) => string, sep: string): string {
  if (Array.isArray(value)) return value.filter(present).map(e).join(sep);
  if (isRecord(value))
    return entriesOf(value)
      .map(([k, v]) => (explode ? `${e(k)}=${e(v)}` : `${e(k)},${e(v)}`))
      .join(sep);
  return e(value);
}

/** One query parameter as encoded `name=value` pieces of the query string (none for an absent value). */
export function queryPieces(name: string, value: unknown, enc: ParameterEncoding | undefined): string[] {
  if (!present(value)) return [];
  const style = enc?.style ?? 'form';
  const explode = enc?.explode ?? style === 'form';
  const e = (v: unknown) => encodeValue(scalarText(v), enc?.allowReserved);
  const key = encodeURIComponent(name);
  if (style === 'deepObject')
    return deepPairs(name, value).map(
      ([k, v]) => `${encodeURIComponent(k)}=${encodeValue(v, enc?.allowReserved)}`,
    );
  if (Array.isArray(value)) {
    const items = value.filter(present);
    // Objects or arrays as items have no notation outside deepObject: the whole array goes as JSON text, once, as
    // Box's own SDK sends its `mdfilters` (an item's own JSON repeated would lose its commas to a comma split).
    if (items.some((v) => typeof v === 'object' && !(v instanceof Date)))
      return [`${key}=${encodeValue(JSON.stringify(items), enc?.allowReserved)}`];
    if (explode) return items.map((v) => `${key}=${e(v)}`);
    const sep = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
    return [`${key}=${items.map(e).join(sep)}`];
  }
  if (isRecord(value)) {
    const pairs = entriesOf(value);
    if (explode) return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${e(v)}`);
    const sep = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
    return [`${key}=${pairs.map(([k, v]) => `${e(k)}${sep}${e(v)}`).join(sep)}`];
  }
  return [`${key}=${e(value)}`];
}

/**
 * deepObject: `name[key]` and the value as text, nested objects in further brackets, arrays by index
 * (`lines[0][tax_rates][0]`, as Stripe's own SDK sends them: a one-item array stays an array); unencoded, for a
 * query string or a form body alike.
 */
export function deepPairs(name: string, value: unknown, out: [string, string][] = []): [string, string][] {
  if (!present(value)) return out;
  if (Array.isArray(value)) value.forEach((v, i) => deepPairs(`${name}[${i}]`, v, out));
  else if (isRecord(value)) for (const [k, v] of entriesOf(value)) deepPairs(`${name}[${k}]`, v, out);
  else out.push([name, scalarText(value)]);
  return out;
}
