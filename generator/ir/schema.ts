/**
 * The schema family: type nodes (a discriminated union on `kind`, the same in the parsed and the resolved model),
 * their JSON Schema keywords, `x-rules` cross-field rules, named schemas and the enums the naming pass hoists.
 */

import type { JsonValue, Pointer } from './base.ts';

/** Fields every type node carries. */
export interface NodeBase {
  /** The schema's `description` (Markdown), as written. */
  description?: string;
  /** `type: [x, "null"]`, `nullable: true`, or a union member `{type: "null"}`, folded into the node. */
  nullable: boolean;
  /** The schema's `default`: the value a server assumes when the field is absent. */
  default?: JsonValue;
  /** `deprecated: true` on the schema. */
  deprecated?: boolean;
  /** `examples` (3.1), or the one `example` (3.0), in the spec's order. */
  examples?: JsonValue[];
  /** `x-not-shown` on this schema: what the API's documentation says exists but does not show. */
  notShown?: string[];
  /** JSON Schema conditionals kept for validators and docs: each `if/then/else` met. */
  conditionals?: Conditional[];
  /** `not`: schemas the value must not match. */
  not?: TypeNode[];
  /** `dependentRequired`: when an object has the key, it must have each listed property too. */
  dependentRequired?: Record<string, string[]>;
  /** `dependentSchemas`: when an object has the key, it must match the schema too. */
  dependentSchemas?: Record<string, TypeNode>;
  /**
   * `unevaluatedProperties` / `unevaluatedItems`: the keys (items) of an object (array) that no keyword of this
   * schema evaluated, counting the in-place applicators that passed (`allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`,
   * `$ref`, `dependentSchemas`), must match it.
   */
  unevaluatedProperties?: TypeNode;
  unevaluatedItems?: TypeNode;
  /**
   * `const` or `enum` with an object or array among the values: the value must equal one of them as JSON
   * (key order aside). The node's type stays as wide as its other keywords.
   */
  jsonValues?: JsonValue[];
  /** Where the schema came from (for an inline schema, its own place), for messages and docs. */
  pointer: Pointer;
}

/** String keywords of JSON Schema, as written; lengths count Unicode code points, as JSON Schema does. */
export interface StringConstraints {
  minLength?: number;
  maxLength?: number;
  /** `pattern`: an ECMA-262 regular expression the string must match somewhere (not anchored). */
  pattern?: string;
  /**
   * `u` unless the pattern is valid ECMA-262 only without it (then ''); validators compile with these flags.
   * Absent means `u`.
   */
  patternFlags?: '';
  /**
   * Set when the pattern is not proven linear for a backtracking engine (tolerant mode only): validators test it
   * with the linear-time matcher instead of RegExp, so no input can stall them.
   */
  patternLinear?: true;
  /** `format` as written (`date-time`, `email`…); validators check the formats they implement, the rest is documentation. */
  format?: string;
  /** `contentMediaType`: the media type of the string's content (documentation, and a file part in multipart). */
  contentMediaType?: string;
  /** `contentEncoding` (e.g. `base64`): how the content is encoded in the string. */
  contentEncoding?: string;
}

/** Number keywords of JSON Schema (3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` read as 3.1's numbers). */
export interface NumberConstraints {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

/**
 * `typeAsserted: false` on a string, number or array node: the schema has no `type` and only keywords of that
 * type (`{maxLength: 3}`), which constrain values of that type and let every other value through.
 */
export interface StringNode extends NodeBase, StringConstraints {
  kind: 'string';
  /** `false`: no `type`, only string keywords (see above); absent: the value must be a string. */
  typeAsserted?: false;
}

/** `type: number` or `integer`, with its keywords. */
export interface NumberNode extends NodeBase, NumberConstraints {
  kind: 'number';
  /** `type: integer` (a whole number), else `type: number`. */
  integer: boolean;
  /** `false`: no `type`, only number keywords (see above); absent: the value must be a number. */
  typeAsserted?: false;
}

/** `type: boolean`. */
export interface BooleanNode extends NodeBase {
  kind: 'boolean';
}

/** `type: null` on its own (a `null` beside other types is `nullable` on their node). */
export interface NullNode extends NodeBase {
  kind: 'null';
}

/** A file part of a multipart body, or `format: binary` / `contentMediaType` on a string in a multipart body. */
export interface BinaryNode extends NodeBase {
  kind: 'binary';
  /** The part's or body's media type when the schema names one (`contentMediaType`). */
  contentMediaType?: string;
}

/** `const`, or a one-value enum. */
export interface LiteralNode extends NodeBase {
  kind: 'literal';
  /** The one allowed value (an object or array value is `jsonValues` on a wider node instead). */
  value: string | number | boolean | null;
}

/**
 * An enum. `open` marks "known values; any string accepted" (`anyOf: [{enum}, {type: string}]`), which types
 * as the known values widened by `string`.
 */
export interface EnumNode extends NodeBase {
  kind: 'enum';
  /** The known values, in the spec's order, without `null` (a `null` value makes the node `nullable`). */
  values: (string | number)[];
  /** Known values widened by any string (see above); `false`: exactly these values. */
  open: boolean;
}

/** `type: array`, with its keywords as written (`minItems`, `maxItems`, …). */
export interface ArrayNode extends NodeBase {
  kind: 'array';
  /** `items`: the type of every element (after `prefixItems`); `unknown` when absent. */
  items: TypeNode;
  /** `prefixItems`: a tuple prefix. */
  prefixItems?: TypeNode[];
  minItems?: number;
  maxItems?: number;
  /** `uniqueItems: true`: no two elements equal as JSON. */
  uniqueItems?: boolean;
  /** `contains`, with `minContains` (default 1) and `maxContains`. */
  contains?: TypeNode;
  minContains?: number;
  maxContains?: number;
  /** `false`: no `type`, only array keywords (see `StringNode`); absent: the value must be an array. */
  typeAsserted?: false;
  /** No `items` keyword (so `items` evaluates no item for `unevaluatedItems`; `items: true` does). */
  itemsAbsent?: true;
}

/** A declared property of an object schema. */
export interface Property {
  /** The JSON name, as on the wire. */
  name: string;
  /** Listed in the object's `required`. */
  required: boolean;
  /** The property's schema. */
  type: TypeNode;
  /** The property's own `description`. */
  description?: string;
  /** `x-not-shown` on the property. */
  notShown?: string[];
  /**
   * `readOnly` or `writeOnly` on the property's schema (its own or along its `$ref` chain). Required, such a property
   * is required in responses only (`readOnly`) or in requests only (`writeOnly`), as OpenAPI says.
   */
  access?: 'readOnly' | 'writeOnly';
}

/** `type: object` with declared properties (or other object keywords), with its keywords as written. */
export interface ObjectNode extends NodeBase {
  kind: 'object';
  /** `properties`, sorted by wire name, so the spec's key order does not reach the output. */
  properties: Property[];
  /** `additionalProperties`: `true` (open, also when absent), `false` (closed), or a value type. */
  additional: TypeNode | boolean;
  /** `additionalProperties: true` written out: it evaluates every other key (for `unevaluatedProperties`). */
  additionalGiven?: true;
  /** Required names not declared as properties (rare; kept for validators). */
  extraRequired: string[];
  /**
   * Of `extraRequired`, those a sibling `allOf` member declares `readOnly` or `writeOnly` (Cloudflare's rules: `allOf`
   * of the fields beside `required: [id, …]`): required in responses only, or in requests only, like `Property.access`.
   */
  extraAccess?: Record<string, 'readOnly' | 'writeOnly'>;
  minProperties?: number;
  maxProperties?: number;
  /** `propertyNames` as string length and pattern: every key must satisfy them. */
  propertyNames?: StringConstraints;
  /** A `propertyNames` schema beyond string length and pattern (`const`, `enum`, `false`…): every key must match it. */
  propertyNamesType?: TypeNode;
  /**
   * `patternProperties`, in the spec's order: keys matching a pattern take its schema, and are not additional.
   * `flags` as in `StringConstraints.patternFlags` (`'u'` unless the pattern needs none), `linear` as in
   * `StringConstraints.patternLinear`.
   */
  patternProperties?: { pattern: string; flags: '' | 'u'; linear?: true; type: TypeNode }[];
  /** Cross-field rules of `x-rules`, in the spec's order (empty without). */
  rules: CrossFieldRule[];
  /**
   * False when the schema only constrains properties without `type: object` (partial `if` schemas):
   * validators then ignore non-object values, as JSON Schema does.
   */
  typeAsserted: boolean;
}

/** An object whose only content is `additionalProperties`: a map from string to `values`. */
export interface MapNode extends NodeBase {
  kind: 'map';
  /** The type of every value (`additionalProperties`). */
  values: TypeNode;
  minProperties?: number;
  maxProperties?: number;
  /** As on `ObjectNode`: constraints every key must satisfy. */
  propertyNames?: StringConstraints;
  /** As on `ObjectNode`: a `propertyNames` schema beyond length and pattern. */
  propertyNamesType?: TypeNode;
}

/** A union's `discriminator`: which property's value says which member a value is. */
export interface Discriminator {
  /** The wire name of the property every member has, whose value selects the member. */
  property: string;
  /**
   * Discriminator value → the member it selects: `schema`, the named schema of a `$ref` member, or `variant`, the
   * index of an inline member in the union's `variants` (its value is its `const` or string `enum`). Always
   * complete (implicit mappings made explicit); sorted by value. Parse keeps a discriminator only when every named
   * member has the property (in its `properties`, an `allOf` part or a schema it references); otherwise the union
   * is plain (reported, `discriminator-fallback`).
   */
  mapping: (
    | { value: string; schema: string; variant?: undefined }
    | { value: string; schema?: undefined; variant: number }
  )[];
}

/** `oneOf` or `anyOf` (an enum mixing kinds of values reads as an `anyOf` of literals). */
export interface UnionNode extends NodeBase {
  kind: 'union';
  /** The members, in the spec's order. */
  variants: TypeNode[];
  /** `oneOf` (exactly one must match) or `anyOf` (at least one). */
  mode: 'oneOf' | 'anyOf';
  /** The union's `discriminator`, when the spec gives one. */
  discriminator?: Discriminator;
}

/**
 * A value must match every member: an `allOf` not merged into one object, or keywords beside a `$ref` or `const`
 * that apply too.
 */
export interface IntersectionNode extends NodeBase {
  kind: 'intersection';
  /** The members, in the spec's order. */
  members: TypeNode[];
}

/** A reference to a named schema (`Api.schemas`). */
export interface RefNode extends NodeBase {
  kind: 'ref';
  /** Key of the named schema in `Api.schemas` (its component name). */
  target: string;
}

/** `{}` or `true`: any JSON value. */
export interface UnknownNode extends NodeBase {
  kind: 'unknown';
}

/** `false`: no value allowed. */
export interface NeverNode extends NodeBase {
  kind: 'never';
}

/** A schema, by what it allows; `kind` says which. */
export type TypeNode =
  | StringNode
  | NumberNode
  | BooleanNode
  | NullNode
  | BinaryNode
  | LiteralNode
  | EnumNode
  | ArrayNode
  | ObjectNode
  | MapNode
  | UnionNode
  | IntersectionNode
  | RefNode
  | UnknownNode
  | NeverNode;

/** The `kind` of a type node. */
export type TypeKind = TypeNode['kind'];

/** One `if`/`then`/`else`: a value that matches `if` must match `then`, any other must match `else`. */
export interface Conditional {
  if: TypeNode;
  then?: TypeNode;
  else?: TypeNode;
}

/** `x-rules`: cross-field rules JSON Schema cannot express (format: spec/EXTENSIONS.md). */
export type CrossFieldRule = CompareRule | SubsetRule | DimensionsRule;

/** What every `x-rules` rule has. */
interface RuleBase {
  /** The error message, in the documentation's words. */
  message: string;
  /** JSON Schema over the whole object that must match for the rule to apply. */
  when?: TypeNode;
  /** The rule in the spec, for messages. */
  pointer: Pointer;
}

/**
 * `field <op> scale × other`, both wire names of properties of the object. A missing operand takes its property's
 * default, if any; otherwise (or when either is `null`) the rule does not apply.
 */
export interface CompareRule extends RuleBase {
  kind: 'compare';
  field: string;
  op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'ne';
  other: string;
  /** Factor on `other` (1 when the spec gives none). */
  scale: number;
}

/** Every element of the array `field` is an element of the array `of` (wire names of the object's properties). */
export interface SubsetRule extends RuleBase {
  kind: 'subset';
  field: string;
  of: string;
}

/**
 * The string `field` is `WIDTHxHEIGHT` in pixels, within the limits given: each side a multiple of `multipleOf`,
 * width ÷ height within `minAspect`…`maxAspect`, sides at most `maxWidth`/`maxHeight`, area at most `maxPixels`.
 */
export interface DimensionsRule extends RuleBase, Partial<Record<DimensionLimit, number>> {
  kind: 'dimensions';
  /** Wire name of the string property. */
  field: string;
  /** Literal values that skip the rule (e.g. `auto`), in the spec's order. */
  except: string[];
}

/** The numeric limits a dimensions rule may set, each optional. */
export const DIMENSION_LIMITS = [
  'multipleOf',
  'minAspect',
  'maxAspect',
  'maxWidth',
  'maxHeight',
  'maxPixels',
] as const;
export type DimensionLimit = (typeof DIMENSION_LIMITS)[number];

/** A named schema (a component) as parse reads it. */
export interface ParsedSchema {
  /** Component name, the key in `#/components/schemas`. */
  name: string;
  /** The schema. */
  type: TypeNode;
  /** `#/components/schemas/<name>`. */
  pointer: Pointer;
}

/** A named schema with what the passes decided for it. */
export interface NamedSchema extends ParsedSchema {
  /** TypeScript type name; decided by the naming pass. */
  typeName: string;
  /**
   * Area slug, decided by the areas pass: the area of the operations whose parameters, bodies or 2xx/3xx responses
   * reach the schema (through references); `webhooks` when only webhooks reach it; `common` when several areas
   * reach it or none does.
   */
  area: string;
  /** Names of its validator functions (`is<Type>`, `check<Type>`, in `validators/schemas/<area>.ts`); decided by the naming pass. */
  validators: { is: string; check: string };
}

/**
 * A hoisted enum: every enum (`EnumNode`) of the document becomes one named TypeScript union with a values array
 * and a guard, declared once in `tables/enums.ts` and imported where it is used. One per enum location (a schema
 * reached from several places is one location); an enum that is a named schema keeps that schema's name, any
 * other is named from its place (`VideoStatus` for `Video.status`). Decided by the naming pass.
 */
export interface EnumDef {
  /** TypeScript type name of the union, e.g. `VideoStatus`. */
  typeName: string;
  /** Name of the `as const` array, e.g. `VIDEO_STATUS_VALUES`. */
  valuesName: string;
  /** Name of the type guard, e.g. `isVideoStatus`. */
  guardName: string;
  /** The enum's values, as on `EnumNode.values`. */
  values: (string | number)[];
  /** As on `EnumNode.open`. */
  open: boolean;
  /** The enum node's description. */
  description?: string;
  /** Area slug of the schema or operation where the enum is. */
  area: string;
  /** The enum's location (one pointer today: the location that defines it). */
  pointers: Pointer[];
}
