/**
 * The schema parser's table: which converter shapes a schema, by the first rule whose keywords it has. References
 * come first (their target decides), then the combinators, then values and `type` (./typed.ts has the table by
 * type). Anchored and dynamic references are bound before the table is read (./index.ts).
 */
import type { Json } from '../context.ts';
import { convertAllOf, convertUnion } from './combinators.ts';
import type { Converter } from './context.ts';
import { convertOwnerRef, convertRef } from './ref.ts';
import { convertTyped } from './typed.ts';

export interface ShapeRule {
  /** The keywords the rule is for, as a reader would look them up. */
  name: string;
  match: (schema: Json) => boolean;
  convert: Converter;
}

export const SHAPE_RULES: readonly ShapeRule[] = [
  { name: '$ref', match: (s) => typeof s.$ref === 'string', convert: convertRef },
  {
    name: '$recursiveRef, unbound $dynamicRef',
    match: (s) => typeof s.$recursiveRef === 'string' || typeof s.$dynamicRef === 'string',
    convert: convertOwnerRef,
  },
  { name: 'allOf', match: (s) => Array.isArray(s.allOf), convert: convertAllOf },
  {
    name: 'oneOf, anyOf',
    match: (s) => Array.isArray(s.oneOf) || Array.isArray(s.anyOf),
    convert: convertUnion,
  },
  { name: 'const, enum, type', match: () => true, convert: convertTyped },
];
