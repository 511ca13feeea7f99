import type { TypeNode } from '../../../ir/schema.ts';
import type { KeywordCompiler } from '../context.ts';
import { arrayType } from './array.ts';
import { allOf, anyOfOneOf, ifThenElse, not } from './combinators.ts';
import { dependentRequired, dependentSchemas } from './dependent.ts';
import { enumType, jsonValues, literalType } from './enum.ts';
import { numberType } from './numeric.ts';
import { mapType, objectType } from './object.ts';
import { ref } from './ref.ts';
import { stringType } from './string.ts';
import { anyValue, binaryType, booleanType, nothing, nullType } from './type.ts';
import { unevaluatedItems, unevaluatedProperties } from './unevaluated.ts';

type Kind = TypeNode['kind'];

export const SHAPES: { readonly [K in Kind]: KeywordCompiler<Extract<TypeNode, { kind: K }>> } = {
  unknown: anyValue,
  never: nothing,
  boolean: booleanType,
  null: nullType,
  binary: binaryType,
  literal: literalType,
  enum: enumType,
  string: stringType,
  number: numberType,
  array: arrayType,
  map: mapType,
  object: objectType,
  ref,
  intersection: allOf,
  union: anyOfOneOf,
};

/** In evaluation order: `unevaluated*` last, after every keyword whose annotations they read. */
export const APPLICATORS: readonly KeywordCompiler[] = [
  ifThenElse,
  not,
  jsonValues,
  dependentSchemas,
  dependentRequired,
  unevaluatedProperties,
  unevaluatedItems,
];

export { evaluatedFunction } from './unevaluated.ts';
export { enumTest, literalTest } from './enum.ts';
export { numberAssertions, numberTest } from './numeric.ts';
export { stringAssertions } from './string.ts';
