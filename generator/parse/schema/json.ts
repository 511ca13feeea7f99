/** Questions and edits on a raw schema object (JSON as the document writes it), shared by the converters. */
import { isObject, type Json } from '../context.ts';
import { KIND_KEYWORDS } from './keywords.ts';

/** Whether a JSON value is of a JSON Schema `type`. */
export function fitsType(type: string, x: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof x === 'number' && Number.isInteger(x);
    case 'object':
      return isObject(x);
    case 'array':
      return Array.isArray(x);
    default:
      return typeof x === type;
  }
}

export function stripKeys(schema: Json, keys: string[]): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) if (!keys.includes(k)) out[k] = v;
  return out;
}

export function stripAnnotations(schema: Json): Json {
  return stripKeys(schema, [
    'description',
    'title',
    'default',
    'examples',
    'example',
    'x-not-shown',
    'type',
    'nullable',
  ]);
}

/** True when a schema (after removing the combinator) still constrains the value's shape. */
export function hasShape(schema: Json): boolean {
  return ['type', 'enum', 'const', ...KIND_KEYWORDS.flatMap(([, keys]) => keys)].some(
    (k) => schema[k] !== undefined,
  );
}
