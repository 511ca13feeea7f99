// Copied by platform-api-codegen from its runtime (templates/validators/styles.ts). Do not edit: every generation replaces it.
/**
 * Path, query and header parameters written in a style other than their location's default (OpenAPI 3.0/3.1: path
 * `label` and `matrix`, query `form` without explode, `spaceDelimited`, `pipeDelimited`, objects outside
 * `deepObject`; what the client's protocol/params.ts writes), turned back into what the parameter readers take: a
 * scalar's text, a list's items, or an object's bracket fields (`color[R]`) for `bracketParam`.
 */
import type { RawParam, RawParams } from './io.js';

/** How one parameter is written: its location, style and explode (the operation table's `styles`, defaults filled). */
export interface ParamStyle {
  in: 'path' | 'query' | 'header';
  style: string;
  explode: boolean;
}

function last(raw: RawParam): string | undefined {
  return typeof raw === 'string' ? raw : raw?.[raw.length - 1];
}

/** The value's text without its style's prefix: `.` for label, `;name=` for matrix (each repeat, when exploded). */
function unprefixed(text: string, name: string, s: ParamStyle): string[] {
  if (s.style === 'label') return [text.startsWith('.') ? text.slice(1) : text];
  if (s.style !== 'matrix') return [text];
  const key = `${name}=`;
  return text
    .split(';')
    .filter(Boolean)
    .map((part) => (part.startsWith(key) ? part.slice(key.length) : part));
}

function delimiter(s: ParamStyle): string {
  if (s.style === 'spaceDelimited') return ' ';
  if (s.style === 'pipeDelimited') return '|';
  return s.style === 'label' && s.explode ? '.' : ',';
}

/** A scalar parameter's text. */
export function styledScalar(raw: RawParam, name: string, s: ParamStyle): string | undefined {
  const text = last(raw);
  return text === undefined ? undefined : unprefixed(text, name, s).join(';');
}

/** An array parameter's items (repeated fields, as exploded query arrays arrive, are taken as they are). */
export function styledList(raw: RawParam, name: string, s: ParamStyle): string[] | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' && raw.length !== 1) return [...raw];
  const text = typeof raw === 'string' ? raw : raw[0]!;
  if (text === '') return [];
  const parts = unprefixed(text, name, s);
  if (s.style === 'matrix' && s.explode) return parts;
  return parts.join(',').split(delimiter(s));
}

/**
 * An object parameter as bracket fields (`name[key]` → text). Exploded in the query (`R=100&G=200`), its properties
 * are fields of their own, looked up by the schema's property names (`keys`).
 */
export function styledObject(
  raw: RawParam,
  name: string,
  s: ParamStyle,
  query: RawParams | undefined,
  keys: readonly string[],
): Record<string, string> | undefined {
  const fields = Object.create(null) as Record<string, string>;
  if (s.in === 'query' && s.explode) {
    let any = false;
    for (const k of keys) {
      const v = last(query?.[k]);
      if (v !== undefined) {
        fields[`${name}[${k}]`] = v;
        any = true;
      }
    }
    return any ? fields : undefined;
  }
  const text = last(raw);
  if (text === undefined) return undefined;
  const parts = unprefixed(text, name, s);
  if (s.explode) {
    // `R=100,G=200` (simple), `.R=100.G=200` (label), `;R=100;G=200` (matrix: its parts are pairs already).
    const pairs = s.style === 'matrix' ? parts : parts.join(',').split(delimiter(s));
    for (const pair of pairs) {
      const eq = pair.indexOf('=');
      if (eq > 0) fields[`${name}[${pair.slice(0, eq)}]`] = pair.slice(eq + 1);
    }
  } else {
    const items = parts.join(',').split(delimiter(s));
    for (let i = 0; i + 1 < items.length; i += 2) fields[`${name}[${items[i]}]`] = items[i + 1]!;
  }
  return fields;
}
