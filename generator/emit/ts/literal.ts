/**
 * The one printer of spec data as TypeScript source, safe by construction: every string goes through JSON's escaping
 * (control characters, line breaks, backslashes, lone surrogates) with U+2028/U+2029 escaped too, so a spec string
 * can end no literal, line or comment (`*\/` and `${` are inert inside a single-quoted string). Comment text goes
 * through `commentText`, which neutralises `*\/`. Emitters never quote a spec string any other way.
 */
import { inspect } from 'node:util';
import type { CodeBlockWriter } from 'ts-morph';
import { isIdentifierName } from './identifier.ts';

/** A single-quoted string literal of any string (JSON's escapes, `'` escaped instead of `"`). */
export function quote(s: string): string {
  // JSON.stringify escapes `"`, which a single-quoted literal does not need, and leaves `'`, U+2028 and U+2029 bare.
  const body = JSON.stringify(s)
    .slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${body}'`;
}

/** A member name of a type literal or interface: bare when an identifier, else a string literal. */
export function typeKey(name: string): string {
  return isIdentifierName(name) ? name : quote(name);
}

/**
 * A property name of an object literal (data). `__proto__`, bare or quoted, would set the prototype instead of
 * adding a property; only a computed key makes it an own property.
 */
export function dataKey(name: string): string {
  if (name === '__proto__') return `[${quote(name)}]`;
  return typeKey(name);
}

/**
 * A reference to a declaration (a function, a constant) inside data: printed as its name, which must be an
 * identifier, or a member of a namespace import (`ns.name`).
 */
export class Ref {
  constructor(readonly name: string) {
    const parts = name.split('.');
    if (parts.length > 2 || !parts.every(isIdentifierName))
      throw new Error(`internal: '${name}' is not an identifier`);
  }
}

export const ref = (name: string): Ref => new Ref(name);

/** Data `dataLiteral` prints: JSON values, `Map`s (objects whose key order is kept as given), and `Ref`s. */
export type Data =
  | null
  | boolean
  | number
  | string
  | undefined
  | Ref
  | readonly Data[]
  | ReadonlyMap<string, Data>
  | { readonly [key: string]: Data };

/**
 * Data as a TypeScript expression: objects (and `Map`s) as object literals, `undefined` members left out, `Ref`s as
 * their names. On one line; `expand` puts the outer object's members on their own lines, which the formatter keeps.
 */
export function dataLiteral(value: unknown, options: { expand?: boolean } = {}): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`internal: ${value} is not JSON data`);
    return String(value);
  }
  if (typeof value === 'string') return quote(value);
  if (value instanceof Ref) return value.name;
  if (Array.isArray(value)) return `[${value.map((v) => dataLiteral(v)).join(', ')}]`;
  if (typeof value === 'object') {
    const all =
      value instanceof Map
        ? [...(value as Map<string, unknown>)]
        : Object.entries(value as Record<string, unknown>);
    // A reference named as its key is written once (`{ operations }`).
    const members = all
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) =>
        v instanceof Ref && dataKey(k) === v.name ? v.name : `${dataKey(k)}: ${dataLiteral(v)}`,
      );
    if (!members.length) return '{}';
    return options.expand ? `{\n${members.map((m) => `  ${m},\n`).join('')}}` : `{ ${members.join(', ')} }`;
  }
  throw new Error(`internal: not data: ${inspect(value)}`);
}

/** `dataLiteral`, written by a ts-morph writer. */
export function writeData(w: CodeBlockWriter, value: unknown): void {
  w.write(dataLiteral(value));
}

// A lone surrogate has no UTF-8 form: the written file would hold U+FFFD where the text had it anyway.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text for a `/** … *\/` comment: `*\/` cannot end it, every line break (CR, U+2028, U+2029 too) is a `\n` the
 * printer prefixes with ` * `, and lone surrogates read as U+FFFD. Comments describe; they need not be exact.
 */
export function commentText(text: string): string {
  return text
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(LONE_SURROGATE, '\uFFFD');
}
