/**
 * The intermediate model (IR), in two states:
 *
 * - the **parsed model** (`ParsedApi` and the `Parsed…` types): what `parse` (generator/parse/) reads from the bundled
 *   document, every fact of the document and nothing the whole document decides. It has no field waiting to be
 *   filled in; the passes read it and never change it.
 * - the **resolved model** (`Api`, `Operation`, `NamedSchema`…): the parsed model with every decision made, what
 *   every emitter reads. Each resolved type extends its parsed one with required fields, so an emitter cannot read
 *   a decision that was not made, and the pipeline cannot build the model without making it.
 *
 * How it is made: the passes (generator/passes/index.ts, in this order: areas, names and hoisted enums, paging,
 * SDK calls and the resource tree, response selectors, check) each read the parsed model (and the tables of the
 * passes before them) and return a table; `resolveApi` (generator/passes/resolve.ts) assembles the resolved model
 * from them, with the per-operation facts every emitter shares (success response, body mode, path parameter order,
 * list kind) and the base path. Every identifier and every output path that depends on the document is decided
 * there (rules in generator/naming/; emitters import none of it), as the field saying "decided by …" states.
 *
 * The model is version-neutral (OpenAPI 3.0 `nullable` and 3.1 type arrays both become `nullable: true`) and holds
 * no `$ref` strings (a reference to a component is a `ref` node naming a named schema). Type nodes are the same in
 * both states: nothing in a type node is decided later (the name an enum prints as is `Api.enumNames`).
 *
 * Order: every list is in a stated order, so output is byte-identical whatever the key order of the spec. Parse
 * builds the lists whose order comes from object keys of the input sorted (the sort key is stated at the field;
 * generator/ir/order.ts); lists the spec writes as lists (enum values, union members, servers, transitions) keep
 * its order. Sorting compares strings by UTF-16 code unit (`<`), not by locale, and is stable.
 *
 * Terms used below:
 * - **component**: an entry of `#/components/<kind>` in the bundled document; its *component name* is its key.
 * - **named schema**: a schema component (`NamedSchema`); every other schema is *inline* and lives in the node
 *   that holds it.
 * - **area**: the group a schema, operation, enum or tag belongs to, as a *slug* (lower-case, `-`-separated, e.g.
 *   `vector-stores`). An output file exists per area (`types/vector-stores.ts`, `docs/vector-stores.md`). An
 *   operation's area is its first tag, else its first static path segment; see `NamedSchema.area` for schemas.
 *   The area `common` holds what several areas share; `webhooks` holds what only webhooks use.
 * - **pointer**: a JSON pointer into the bundled document (`Pointer`), used to locate messages and in docs.
 * - **wire name**: a name as it travels in HTTP (a JSON property, a query parameter), exactly as the spec spells
 *   it; an *identifier* is a name in generated TypeScript, decided by the naming pass.
 * - **not shown**: `x-not-shown`, what the API's documentation says exists without showing it (a field's type, an
 *   endpoint's shape); generated docs list every one, nothing is invented to fill it.
 * - **SDK call path**: how the generated client calls an operation, as property names from the client
 *   (`client.vectorStores.files.retrieve` is `['vectorStores', 'files', 'retrieve']`).
 * - **success response**: the first `2xx` response by status (`200` before `201`), else `2XX`.
 */

/** A JSON pointer into the bundled document, e.g. `#/components/schemas/Video`. Used in messages and docs. */
export type Pointer = string;

/** A JSON value as the spec writes it (defaults, examples, `const` values), object keys in the spec's order. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

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
export interface DimensionsRule extends RuleBase {
  kind: 'dimensions';
  /** Wire name of the string property. */
  field: string;
  /** Literal values that skip the rule (e.g. `auto`), in the spec's order. */
  except: string[];
  multipleOf?: number;
  minAspect?: number;
  maxAspect?: number;
  maxWidth?: number;
  maxHeight?: number;
  maxPixels?: number;
}

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

/** The parameter's `in`. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** An operation's parameter (from the operation or its path item), or a webhook's header, as parse reads it. */
export interface ParsedParameter {
  /** The wire name. */
  name: string;
  /** Where the parameter travels. */
  in: ParameterLocation;
  /** `required: true`. */
  required: boolean;
  /** The parameter's `schema`. */
  type: TypeNode;
  description?: string;
  deprecated?: boolean;
  /** Query serialisation: `form` + `explode` is the default. */
  style?: string;
  /** `explode`: an array or object as repeated parameters (`a=1&a=2`) rather than one joined value. */
  explode?: boolean;
  /** Component name when it came from `#/components/parameters` (shared by the operations that use it). */
  component?: string;
  /** `x-not-shown` on the parameter. */
  notShown?: string[];
}

/** A parameter with the names decided for it. */
export interface Parameter extends ParsedParameter {
  /**
   * Identifier used for this parameter in generated code, decided by the naming pass: for an operation's path
   * parameter a safe, distinct camelCase identifier (`{class}` → `class_`, `{id}` and `{ID}` → `id`, `id2`); for any
   * other, the wire name (used as a quoted key).
   */
  identifier: string;
  /**
   * For a component parameter of an operation sent in the path, query or a header: the name of its shared reader in
   * `validators/requests/parameters.ts` (`read<Component>Parameter`); decided by the naming pass.
   */
  reader?: string;
}

/**
 * How a body is encoded, from its media type: `json` (`application/json` and `+json`), `multipart`
 * (`multipart/*`), `form` (`application/x-www-form-urlencoded`), `text` (`text/*`, XML, YAML, SDP, NDJSON: sent
 * and read as strings) and `binary` (anything else: bytes as they are).
 */
export type BodyKind = 'json' | 'multipart' | 'form' | 'binary' | 'text';

/** A media type's `encoding`, by field wire name. */
export interface MultipartEncoding {
  /** Field name → content type, whether an array is sent as repeated fields, and its `style` (form bodies). */
  [field: string]: { contentType?: string; explode?: boolean; style?: string };
}

/** One media type a request body may be sent as. */
export interface RequestBodyContent {
  /** The media type as the spec writes it (its key under `content`). */
  mediaType: string;
  kind: BodyKind;
  /** The body's schema. */
  type: TypeNode;
  /** The media type's `encoding` (multipart and form bodies). */
  encoding?: MultipartEncoding;
}

/** An operation's `requestBody` (or a webhook delivery's body). */
export interface RequestBody {
  /** `required: true`: a request must carry a body. */
  required: boolean;
  description?: string;
  /** One per media type, sorted by media type. */
  contents: RequestBodyContent[];
}

/**
 * How a response body is read: as `BodyKind` (multipart and form responses read as `binary`), plus `sse`
 * (`text/event-stream`) and `empty` (no content).
 */
export type ResponseKind = 'json' | 'sse' | 'binary' | 'text' | 'empty';

/** A JSON value that is not an object or array. */
export type Scalar = string | number | boolean | null;

/** Body field → the values that select a response content; every field must be present. */
export type ResponseSelector = { field: string; values: Scalar[] }[];

/** One kind of event a server-sent event stream carries (`x-sse`). */
export interface SseEvent {
  /** The `event:` name; `message` for data-only streams. */
  name: string;
  /** The schema of the event's `data` (JSON). */
  type: TypeNode;
}

/** A server-sent event stream (`x-sse` on a `text/event-stream` media type; format: spec/EXTENSIONS.md). */
export interface SseStream {
  /** `data-only`: every event is `data:` lines; `named`: an `event:` line names each event. */
  framing: 'data-only' | 'named';
  /** The `data` value that ends the stream (e.g. `[DONE]`), when there is one. */
  terminator?: string;
  /** The stream's events, in the spec's order (empty when not shown). */
  events: SseEvent[];
  /** `x-not-shown` on the stream. */
  notShown?: string[];
}

/** One media type a response may carry, as parse reads it. */
export interface ParsedResponseContent {
  /** The media type as the spec writes it. */
  mediaType: string;
  kind: ResponseKind;
  /** The body's schema; absent when the media type has none (the body is then not described). */
  type?: TypeNode;
  /** `x-when`: the request-body condition selecting this content; absent on the default content. */
  when?: TypeNode;
  /** The stream, for an `sse` content. */
  sse?: SseStream;
}

/** A response content with its selector. */
export interface ResponseContent extends ParsedResponseContent {
  /**
   * `when` read as what clients and servers can test: each listed body field present with one of its values.
   * Present exactly when `when` is (on an operation's response). Decided once by the `response selectors` pass (an
   * `x-when` that is not of this shape is an error there).
   */
  selector?: ResponseSelector;
}

/** A response header. */
export interface HeaderDef {
  /** The header's name as the spec writes it (HTTP compares names case-insensitively). */
  name: string;
  /** Component name when it came from `#/components/headers`. */
  component?: string;
  /** `required: true`: every such response carries the header. */
  required: boolean;
  /** The header value's schema. */
  type: TypeNode;
  description?: string;
}

/** One response an operation (or a webhook receiver) may give, as parse reads it. */
export interface ParsedResponse {
  /** `200`, `4XX`, `default`. */
  status: string;
  /** The response's `description` (`''` when the spec gives none). */
  description: string;
  /** Component name when it came from `#/components/responses`. */
  component?: string;
  /** Sorted by lower-cased name. */
  headers: HeaderDef[];
  /** One per media type, sorted by media type; empty for a response without a body. */
  contents: ParsedResponseContent[];
}

/** A response with the selectors of its contents. */
export interface Response extends Omit<ParsedResponse, 'contents'> {
  /** As parsed, each with its selector. */
  contents: ResponseContent[];
}

/** A server the API is served from. */
export interface Server {
  /** The URL template, with `{variable}` placeholders; may be relative to the document. */
  url: string;
  description?: string;
  /** The URL's variables, in the spec's key order: each with its default and, when restricted, its allowed values. */
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
  /** `url` with every variable at its default (an unknown variable becomes empty); decided once, by parse. */
  defaultUrl: string;
}

/** One security scheme a request must satisfy, with the OAuth scopes it needs (empty for other schemes). */
export interface SecurityRequirement {
  /** The scheme's name in `components.securitySchemes`. */
  scheme: string;
  scopes: string[];
}

/** An operation: one method on one path, as parse reads it. */
export interface ParsedOperation {
  /** The spec's `operationId` (or, in a tolerant run, one made from the method and path); unique. */
  operationId: string;
  /** The HTTP method, lower case (its key in the path item). */
  method: 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';
  /** The path template as the spec writes it (`/videos/{video_id}`), relative to the server URL. */
  path: string;
  summary?: string;
  description?: string;
  /** The operation's tags, in the spec's order. */
  tags: string[];
  /** Area slug: the first tag, else the first static path segment (see the terms above). */
  area: string;
  /** `deprecated: true` on the operation. */
  deprecated: boolean;
  /** The operation's and its path item's parameters, sorted by `in`, then wire name. */
  parameters: ParsedParameter[];
  /** Absent: the operation takes no body. */
  requestBody?: RequestBody;
  /** Sorted by status as a string (`200` < `201` < `4XX` < `default`). */
  responses: ParsedResponse[];
  /** Operation-level servers (empty: the document's). */
  servers: Server[];
  /** Effective security: `[]` means none; alternatives of requirements. */
  security: SecurityRequirement[][];
  /** `x-not-shown` on the operation. */
  notShown?: string[];
  /** `x-sdk-call` split on `.`, when the operation gives one (the resources pass checks it). */
  sdkCall?: string[];
  /** `#/paths/<path>/<method>`. */
  pointer: Pointer;
}

/**
 * How the client sends a body, from the kinds of the body's contents: `json` and `multipart` (either, when both are
 * offered: `json|multipart`); otherwise the first of `form`, `text` and `binary` the operation offers.
 */
export type BodyMode = 'json' | 'multipart' | 'json|multipart' | 'form' | 'text' | 'binary';

/**
 * What a GET answers when it answers a list: `envelope` is our list envelope (`object: "list"`, `data: [...]`) with
 * its object node and item type; `shape` another list (an array, or an object around one array and paging fields).
 */
export type ListKind = { kind: 'envelope'; envelope: ObjectNode; item: TypeNode } | { kind: 'shape' };

/** An operation with every decision the emitters need (the resolved model). */
export interface Operation extends Omit<ParsedOperation, 'parameters' | 'responses' | 'sdkCall'> {
  /** As parsed, each with its identifier (same order). */
  parameters: Parameter[];
  /** As parsed, each content with its selector (same order). */
  responses: Response[];
  /** The path parameters in the order they first appear in the path (a name the path repeats is one parameter). */
  pathParameters: Parameter[];
  /** The success response (see the terms above): one of `responses`; absent when the operation declares none. */
  success?: Response;
  /** The success content without `x-when` (what a request gets by default); absent when there is none. */
  successDefault?: ResponseContent;
  /** The success contents with a selector (`x-when`), in media type order: what a request can choose instead. */
  successVariants: ResponseContent[];
  /** How the client sends the body; absent when the operation takes none. */
  bodyMode?: BodyMode;
  /**
   * For `text` and `binary` body modes: the media type the body is sent with (the first content of that kind);
   * absent otherwise.
   */
  rawContentType?: string;
  /** What the operation answers when it is a GET answering a list; absent otherwise (decided by the paging pass). */
  list?: ListKind;
  /** For a paged list: the type of its items (the items of the array at `paging.items` in the JSON success body). */
  pageItem?: TypeNode;
  /**
   * How a client sends its credential (and a server reads it), from the first security scheme the operation
   * accepts: HTTP basic, or an API key in a header, the query or a cookie. Absent for bearer (and OAuth2 / OpenID
   * Connect tokens, sent as bearer), the default, and for an operation without security.
   */
  credential?: CredentialPlacement;
  /** Identifiers decided by the naming pass. */
  names: OperationNames;
  /**
   * The SDK call path, e.g. `['vectorStores', 'files', 'retrieve']`: `x-sdk-call` when given, else decided by the
   * resources pass from the path and method (rule: spec/EXTENSIONS.md, `x-sdk-call`).
   */
  sdkPath: string[];
  /** How the client iterates a paged list (decided by the paging pass); absent: the operation is not paged. */
  paging?: Paging;
}

/**
 * How a list pages, recognised by shape. `items` is the path of the item array
 * in the response body (`[]`: the body is the array); `param` the query parameter that selects the page.
 * - `envelope`: a list envelope (`object: "list"`, `data`, `has_more`, `last_id`); the next `param` (`after`) is
 *   `last_id` or the last item's `id` while `has_more`; without `param` (the operation declares no `after`), one page.
 * - `cursor`: the next page's `param` is the value at the path `next` in the body (a string or number; absent or
 *   empty: last page).
 * - `offset`: the next `param` is this one plus the number of items; the last page is empty or shorter than the page
 *   size asked for in the query parameter `limit` names (`limit`, `count`, `per_page`…), when there is one.
 * - `page`: the next `param` is this one plus one (the first page is 1 when the request names none); the last page is
 *   empty.
 */
export type Paging =
  | { kind: 'envelope'; param?: string; items: string[] }
  | { kind: 'cursor'; param: string; next: string[]; items: string[] }
  | { kind: 'offset'; param: string; limit?: string; items: string[] }
  | { kind: 'page'; param: string; items: string[] }
  | { kind: 'link'; param?: undefined; items: string[] };

/** Where a credential other than a bearer token goes (`Operation.credential`). */
export type CredentialPlacement =
  | { kind: 'basic' }
  | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string };

/**
 * The TypeScript names of an operation's types and functions, decided by the naming pass: the type names are unique
 * among all identifiers; the function names follow from `pascal`, which is unique among operations.
 */
export interface OperationNames {
  /** PascalCase of the operationId, numbered when two operationIds give the same (`CreateVideo`, `CreateVideo2`). */
  pascal: string;
  /** The path parameters' type: `<pascal>PathParams`. */
  pathParams: string;
  /** The query parameters' type: `<pascal>Query`. */
  query: string;
  /** The header parameters' type: `<pascal>Headers`. */
  headers: string;
  /** The request body's type: the named schema's type name when every body content is that one schema, else `<pascal>Body`. */
  body: string;
  /** The success response's type: the named schema's type name when its JSON content is one schema, else `<pascal>Response`. */
  response: string;
  /** The request validator, `validate<pascal>Request` (validators/requests/<area>.ts; the server calls it). */
  validateRequest: string;
  /** The response validator, `validate<pascal>Response`. */
  validateResponse: string;
}

/** A webhook (`webhooks` in 3.1): a request the API sends to the user's server when an event happens, as parse reads it. */
export interface ParsedWebhook {
  /** Event name, e.g. `response.completed` (its key under `webhooks`). */
  name: string;
  /** The HTTP method of the delivery (lower case, e.g. `post`). */
  method: string;
  summary?: string;
  description?: string;
  /** The delivery's header parameters, sorted by name. */
  headers: ParsedParameter[];
  /** The delivery's body (the event payload). */
  body?: RequestBody;
  /** What the receiver may answer, as on `Operation.responses` (`x-when` is not read here: no selectors). */
  responses: ParsedResponse[];
  /** `x-not-shown` on the webhook. */
  notShown?: string[];
  /** `#/webhooks/<name>/<method>`. */
  pointer: Pointer;
}

/** A webhook with the names decided for it. */
export interface Webhook extends Omit<ParsedWebhook, 'headers'> {
  /** As parsed; each header's identifier is its wire name. */
  headers: Parameter[];
  /** TypeScript name of the payload type (`<PascalCase name>Webhook`); decided by the naming pass. */
  typeName: string;
}

/**
 * What moves a resource from one state to another: an operation called on it, or time passing (`after` is the
 * ISO 8601 duration as written, `PT10M`; `seconds` the same in seconds; `bound`: exactly then, or at most that long).
 */
export type StateTrigger =
  | { kind: 'operation'; operationId: string }
  | { kind: 'time'; after: string; seconds: number; bound: 'exactly' | 'at_most' };

/** One documented change of state (`x-state-machines`; format: spec/EXTENSIONS.md). */
export interface StateTransition {
  /** `null`: the resource does not exist yet. */
  from: string | null;
  /** The state it leads to. */
  to: string;
  /** What makes it happen. */
  on: StateTrigger;
  /** When the transition happens, in the documentation's words. */
  condition?: string;
  /** What else it does, in the documentation's words. */
  effects?: string;
}

/** An operation allowed only while its target resource is in some states. */
export interface StateGuard {
  /** The guarded operation. */
  operationId: string;
  /** Where the target's id is in the request: `path.<param>` (a path parameter) or `body.<json pointer>`. */
  target: { in: 'path'; name: string } | { in: 'body'; pointer: string };
  /** The states in which the operation is allowed, in the spec's order. */
  states: string[];
}

/** A resource's documented life cycle (`x-state-machines`; format: spec/EXTENSIONS.md), as parse reads it. */
export interface ParsedStateMachine {
  /** Key in `x-state-machines`, e.g. `batch`. */
  name: string;
  /** Component name of the resource's schema. */
  schema: string;
  /** Wire name of the resource's state property. */
  property: string;
  /** Every state, in the spec's order (equal to the state property's enum, which the check pass verifies). */
  states: string[];
  /** The states creation leads to (the `to` of transitions `from: null`), distinct, in transition order. */
  initialStates: string[];
  /** In the spec's order. */
  transitions: StateTransition[];
  /** In the spec's order. */
  guards: StateGuard[];
  /** `false` where the documentation says other transitions exist that it does not show. */
  complete: boolean;
  /** `#/x-state-machines/<name>`. */
  pointer: Pointer;
}

/** A state machine with the names and area decided for it. */
export interface StateMachine extends ParsedStateMachine {
  /** TypeScript name of the state union, `<PascalCase name>State` (`BatchState`); decided by the naming pass. */
  typeName: string;
  /** Name of the machine's constant in `tables/state-machines.ts`, `<camelCase name>Machine` (`batchMachine`); decided by the naming pass. */
  constName: string;
  /** The area of the resource's schema; decided by the areas pass. */
  area: string;
}

/** One `x-not-shown` entry of the document, for the docs' list of what is not documented. */
export interface NotShown {
  /** Where the `x-not-shown` is. */
  pointer: Pointer;
  /** What it is attached to, in words (`operation createVideo`, `schema Video.error`). */
  subject: string;
  /** Area slug of what it is attached to (for an entry inside a named schema, the schema's area). */
  area: string;
  /** The entry's text. */
  text: string;
}

/**
 * A `x-not-shown` entry as parse reads it: `area` is absent for an entry inside a named schema, whose area the areas
 * pass decides. In the order parse meets them (the areas pass sorts them).
 */
export type ParsedNotShown = Omit<NotShown, 'area'> & { area?: string };

/** A tag of the document's `tags` list (operations may use tags the list does not declare). */
export interface Tag {
  /** The tag's name, as operations list it. */
  name: string;
  description?: string;
  /** The area slug the tag names: the kebab-case of its name. */
  area: string;
}

/** A node of the SDK resource tree: `client.vectorStores.files`. */
export interface ResourceNode {
  /** Property name on the parent (`files`), empty at the root. */
  property: string;
  /** Class name (`VectorStoresFiles`). */
  className: string;
  /** Path from the root, e.g. `['vectorStores', 'files']`. */
  path: string[];
  /** The operations called on this resource: method name (the last segment of the SDK call path), sorted by name. */
  methods: { name: string; operationId: string }[];
  /** Sub-resources, sorted by `property`. */
  children: ResourceNode[];
}

/** A top-level resource: a resource node with the file that holds it and its sub-resources. */
export interface TopResource extends ResourceNode {
  /** `client/resources/<kebab-case property>.ts`; decided by the resources pass. */
  file: string;
}

/** The root of the resource tree (`property`, `className` and `path` empty). */
export interface ResourceRoot extends Omit<ResourceNode, 'children'> {
  /** The top-level resources, sorted by `property`. */
  children: TopResource[];
}

/** An area (see the terms above) as the output lists it. */
export interface Area {
  /** Slug used for file names, e.g. `vector-stores`. */
  slug: string;
  /**
   * Display title, e.g. `Vector stores`: `Common` and `Webhooks` for those; else the name of the first tag giving the
   * slug (declared tags first, then operations' first tags); else the slug.
   */
  title: string;
  /** The area's output files (each written only when the area has something for it); rule: naming/paths.ts. */
  files: AreaFiles;
}

/** Paths of an area's output files, relative to the output root. */
export interface AreaFiles {
  /** `types/<slug>.ts`: the area's named schemas and operation types. */
  types: string;
  /** `validators/schemas/<slug>.ts`: the validators of the area's named schemas. */
  schemaValidators: string;
  /** `validators/requests/<slug>.ts`: the request and response validators of the area's operations. */
  requestValidators: string;
  /**
   * The area's docs pages, at least one: `docs/<slug>.md`, then `docs/<slug>-2.md`… for each further 200 entries
   * (the area's operations in model order, then its schemas).
   */
  docs: DocsPage[];
}

/** One docs page of an area: its file and the entries it holds, by index into the area's operations then schemas. */
export interface DocsPage {
  /** `docs/<slug>.md` or `docs/<slug>-<n>.md`. */
  file: string;
  /** First entry's index. */
  from: number;
  /** One past the last entry's index (may exceed the count on the last page). */
  to: number;
}

/** The whole API as parse reads it: every fact of the document, and nothing the passes decide. */
export interface ParsedApi {
  /** `info.title`. */
  title: string;
  /** `info.version`: the API's version (not the packages'). */
  version: string;
  /** `info.description`. */
  description?: string;
  /** The document's `servers`, in the spec's order (the first is the client's default). */
  servers: Server[];
  /**
   * `components.securitySchemes`, in the document's key order (not sorted): `name` is the scheme's key, `type` its
   * type (`http`, `apiKey`, `oauth2`…), `scheme` the HTTP scheme (`bearer`, `basic`); `in` and `parameterName`: where
   * an `apiKey` scheme's credential goes (header, query or cookie) and its name.
   */
  securitySchemes: {
    name: string;
    type: string;
    scheme?: string;
    description?: string;
    in?: 'header' | 'query' | 'cookie';
    parameterName?: string;
  }[];
  /** The document's default security: alternatives of requirements; `[]` means none. */
  security: SecurityRequirement[][];
  /** The document's `tags`, sorted by name. */
  tags: Tag[];
  /** The named schemas, sorted by component name. */
  schemas: ParsedSchema[];
  /** Sorted by path, then method. */
  operations: ParsedOperation[];
  /** Sorted by event name, then method. */
  webhooks: ParsedWebhook[];
  /** Sorted by name. */
  stateMachines: ParsedStateMachine[];
  /** Every `x-not-shown` entry, in the order parse met them. */
  notShown: ParsedNotShown[];
  /** Reusable response headers (`components.headers`), sorted by component name. */
  headers: HeaderDef[];
}

/**
 * The whole API with every decision made (the resolved model): what every emitter reads. The pipeline assembles it
 * from the parsed model and the tables the passes return (generator/pipeline.ts, `resolveApi`).
 */
export interface Api extends Omit<
  ParsedApi,
  'schemas' | 'operations' | 'webhooks' | 'stateMachines' | 'notShown'
> {
  /** The client class's name: the config's, else derived from the title (`Acme Projects API` → `AcmeProjectsClient`); naming pass. */
  clientName: string;
  /**
   * The prefix of the environment variables the client reads (`<prefix>API_KEY`): the config's `envPrefix`, else
   * from the title without its generic words (`ACME_PROJECTS_`; rule: naming/env-prefix.ts); naming pass.
   */
  envPrefix: string;
  /**
   * Every area, decided by the areas pass: `common` first, then in order of first mention by the tags, the
   * operations, the webhooks (`webhooks`) and the schemas.
   */
  areas: Area[];
  /** As parsed (sorted by component name), with names and areas. */
  schemas: NamedSchema[];
  /** The hoisted enums, sorted by `typeName` (naming pass). */
  enums: EnumDef[];
  /**
   * The hoisted enum of every enum node the types print (`EnumNode.pointer` → `EnumDef.typeName`); naming pass.
   * Enum nodes that only constrain (inside `if`, `not`, rule conditions) have none. Read it with `enumNameOf`.
   */
  enumNames: ReadonlyMap<Pointer, string>;
  /** As parsed (sorted by path, then method), with every decision. */
  operations: Operation[];
  /** As parsed (sorted by event name), with names. */
  webhooks: Webhook[];
  /** As parsed (sorted by name), with names and areas. */
  stateMachines: StateMachine[];
  /** Every `x-not-shown` entry, sorted by area, then pointer, then text (areas pass). */
  notShown: NotShown[];
  /** The root of the SDK resource tree (`property` empty), built by the resources pass. */
  resources: ResourceRoot;
  /** The SDK naming rule the resource tree was built by: the URL tree (`paths`) or tags and operationIds. */
  sdkNaming: 'paths' | 'operations';
  /** The path prefix the server serves under: the first server's `defaultUrl` path, without a trailing `/` (`/v1`); `''` without servers. */
  basePath: string;
}

/** The resolved model by its state's name (`Api` is what emitters and tools call it). */
export type ResolvedApi = Api;
