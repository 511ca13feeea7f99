/**
 * The intermediate model (IR): the one thing emitters see.
 *
 * It is version-neutral (OpenAPI 3.0 `nullable` and 3.1 type arrays both become `nullable: true`), holds no
 * `$ref` strings (a reference to a component is a `ref` node naming an IR schema), and every identifier an
 * emitter prints is decided here, once, by the naming pass.
 */

/** A JSON pointer into the bundled document, e.g. `#/components/schemas/Video`. Used in messages and docs. */
export type Pointer = string;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Fields every type node carries. */
export interface NodeBase {
  description?: string;
  /** `type: [x, "null"]`, `nullable: true`, or a union member `{type: "null"}`, folded into the node. */
  nullable: boolean;
  default?: JsonValue;
  deprecated?: boolean;
  examples?: JsonValue[];
  /** `x-not-shown` on this schema: what the seeds say exists but do not show. */
  notShown?: string[];
  /** JSON Schema conditionals kept for validators and docs (`if/then/else`, `not`, `dependentRequired`). */
  conditionals?: Conditional[];
  not?: TypeNode[];
  dependentRequired?: Record<string, string[]>;
  /** `dependentSchemas`: when an object has the key, it must match the schema too. */
  dependentSchemas?: Record<string, TypeNode>;
  /**
   * `const` or `enum` with an object or array among the values: the value must equal one of them as JSON
   * (key order aside). The node's type stays as wide as its other keywords.
   */
  jsonValues?: JsonValue[];
  /** Where the schema came from, for messages. */
  pointer: Pointer;
}

export interface StringConstraints {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /**
   * `u` unless the pattern is valid ECMA-262 only without it (then ''); validators compile with these flags.
   * Absent means `u`.
   */
  patternFlags?: '';
  /**
   * Set when the ReDoS guard refused the pattern (tolerant mode only): the validator tests it only on strings
   * up to this many characters, so no input can stall it for long.
   */
  patternMaxInput?: number;
  format?: string;
  contentMediaType?: string;
  contentEncoding?: string;
}

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
  typeAsserted?: false;
}
export interface NumberNode extends NodeBase, NumberConstraints {
  kind: 'number';
  integer: boolean;
  typeAsserted?: false;
}
export interface BooleanNode extends NodeBase {
  kind: 'boolean';
}
export interface NullNode extends NodeBase {
  kind: 'null';
}
/** A file part of a multipart body, or `format: binary` / `contentMediaType` on a string in a multipart body. */
export interface BinaryNode extends NodeBase {
  kind: 'binary';
  contentMediaType?: string;
}
/** `const`, or a one-value enum. */
export interface LiteralNode extends NodeBase {
  kind: 'literal';
  value: string | number | boolean | null;
}
/**
 * An enum. `open` marks "known values; any string accepted" (`anyOf: [{enum}, {type: string}]`), which types
 * as the known values widened by `string`.
 */
export interface EnumNode extends NodeBase {
  kind: 'enum';
  values: (string | number)[];
  open: boolean;
  /** The hoisted enum this node belongs to (see `Api.enums`). */
  enumName: string;
}
export interface ArrayNode extends NodeBase {
  kind: 'array';
  items: TypeNode;
  /** `prefixItems`: a tuple prefix. */
  prefixItems?: TypeNode[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** `contains`, with `minContains` (default 1) and `maxContains`. */
  contains?: TypeNode;
  minContains?: number;
  maxContains?: number;
  typeAsserted?: false;
}
export interface Property {
  /** The JSON name, as on the wire. */
  name: string;
  required: boolean;
  type: TypeNode;
  description?: string;
  notShown?: string[];
}
export interface ObjectNode extends NodeBase {
  kind: 'object';
  properties: Property[];
  /** `additionalProperties`: `true` (open, also when absent), `false` (closed), or a value type. */
  additional: TypeNode | boolean;
  /** Required names not declared as properties (rare; kept for validators). */
  extraRequired: string[];
  minProperties?: number;
  maxProperties?: number;
  propertyNames?: StringConstraints;
  /** A `propertyNames` schema beyond string length and pattern (`const`, `enum`, `false`…): every key must match it. */
  propertyNamesType?: TypeNode;
  /** `patternProperties`: keys matching a pattern take its schema, and are not additional. */
  patternProperties?: { pattern: string; flags: '' | 'u'; type: TypeNode }[];
  /** Cross-field rules of `x-rules`. */
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
  values: TypeNode;
  minProperties?: number;
  maxProperties?: number;
  propertyNames?: StringConstraints;
  propertyNamesType?: TypeNode;
}
export interface Discriminator {
  property: string;
  /**
   * Discriminator value → the member it selects: `schema`, the named schema of a `$ref` member, or `variant`, the
   * index of an inline member in the union's `variants` (its value is its `const` or string `enum`). Always
   * complete (implicit mappings made explicit).
   */
  mapping: ({ value: string; schema: string; variant?: undefined } | { value: string; schema?: undefined; variant: number })[];
}
export interface UnionNode extends NodeBase {
  kind: 'union';
  variants: TypeNode[];
  /** `oneOf` (exactly one must match) or `anyOf` (at least one). */
  mode: 'oneOf' | 'anyOf';
  discriminator?: Discriminator;
}
export interface IntersectionNode extends NodeBase {
  kind: 'intersection';
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

export type TypeKind = TypeNode['kind'];

export interface Conditional {
  if: TypeNode;
  then?: TypeNode;
  else?: TypeNode;
}

/** `x-rules`: cross-field rules JSON Schema cannot express. */
export type CrossFieldRule = CompareRule | SubsetRule | DimensionsRule;
interface RuleBase {
  message: string;
  /** JSON Schema over the whole object that must match for the rule to apply. */
  when?: TypeNode;
  pointer: Pointer;
}
export interface CompareRule extends RuleBase {
  kind: 'compare';
  field: string;
  op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'ne';
  other: string;
  scale: number;
}
export interface SubsetRule extends RuleBase {
  kind: 'subset';
  field: string;
  of: string;
}
export interface DimensionsRule extends RuleBase {
  kind: 'dimensions';
  field: string;
  except: string[];
  multipleOf?: number;
  minAspect?: number;
  maxAspect?: number;
  maxWidth?: number;
  maxHeight?: number;
  maxPixels?: number;
}

/** A named schema (a component), with the identifiers decided for it. */
export interface NamedSchema {
  /** Component name, the key in `#/components/schemas`. */
  name: string;
  /** TypeScript type name. */
  typeName: string;
  /** Area slug (from the spec file it was written in, or the operations that use it). */
  area: string;
  type: TypeNode;
  pointer: Pointer;
}

/** A hoisted enum: one per distinct enum location, named once. */
export interface EnumDef {
  /** TypeScript type name of the union, e.g. `VideoStatus`. */
  typeName: string;
  /** Name of the `as const` array, e.g. `VIDEO_STATUS_VALUES`. */
  valuesName: string;
  /** Name of the type guard, e.g. `isVideoStatus`. */
  guardName: string;
  values: (string | number)[];
  open: boolean;
  description?: string;
  area: string;
  /** Every place it occurs. */
  pointers: Pointer[];
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  type: TypeNode;
  description?: string;
  deprecated?: boolean;
  /** Query serialisation: `form` + `explode` is the default. */
  style?: string;
  explode?: boolean;
  /** Identifier used for this parameter in generated code (camelCase for path params). */
  identifier: string;
  /** Component name when it came from `#/components/parameters` (shared by the operations that use it). */
  component?: string;
  notShown?: string[];
}

export type BodyKind = 'json' | 'multipart' | 'form' | 'binary' | 'text';

export interface MultipartEncoding {
  /** Field name → content type and whether an array is sent as repeated fields. */
  [field: string]: { contentType?: string; explode?: boolean; style?: string };
}

export interface RequestBodyContent {
  mediaType: string;
  kind: BodyKind;
  type: TypeNode;
  encoding?: MultipartEncoding;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  contents: RequestBodyContent[];
}

export type ResponseKind = 'json' | 'sse' | 'binary' | 'text' | 'empty';

export type Scalar = string | number | boolean | null;

/** Body field → the values that select a response content; every field must be present. */
export type ResponseSelector = { field: string; values: Scalar[] }[];

export interface SseEvent {
  /** `message` for data-only streams. */
  name: string;
  type: TypeNode;
}

export interface SseStream {
  framing: 'data-only' | 'named';
  terminator?: string;
  events: SseEvent[];
  notShown?: string[];
}

export interface ResponseContent {
  mediaType: string;
  kind: ResponseKind;
  type?: TypeNode;
  /** `x-when`: the request-body condition selecting this content; absent on the default content. */
  when?: TypeNode;
  /**
   * `when` read as what clients and servers can test: each listed body field present with one of its values.
   * Decided once by the `response selectors` pass (an `x-when` that is not of this shape is an error there).
   */
  selector?: ResponseSelector;
  sse?: SseStream;
}

export interface HeaderDef {
  name: string;
  /** Component name when it came from `#/components/headers`. */
  component?: string;
  required: boolean;
  type: TypeNode;
  description?: string;
}

export interface Response {
  /** `200`, `4XX`, `default`. */
  status: string;
  description: string;
  /** Component name when it came from `#/components/responses`. */
  component?: string;
  headers: HeaderDef[];
  contents: ResponseContent[];
}

export interface Server {
  url: string;
  description?: string;
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
}

export interface SecurityRequirement {
  scheme: string;
  scopes: string[];
}

export interface Operation {
  operationId: string;
  method: 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';
  path: string;
  summary?: string;
  description?: string;
  tags: string[];
  area: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: Response[];
  /** Operation-level servers (empty: the document's). */
  servers: Server[];
  /** Effective security: `[]` means none; alternatives of requirements. */
  security: SecurityRequirement[][];
  notShown?: string[];
  /** Identifiers decided by the naming pass. */
  names: OperationNames;
  /** The SDK call path, e.g. `['vectorStores', 'files', 'retrieve']`. */
  sdkPath: string[];
  /** How the client iterates a paged list (decided by the resources pass). */
  paging?: Paging;
  pointer: Pointer;
}

/**
 * How a list pages, recognised by shape. `items` is the path of the item array
 * in the response body (`[]`: the body is the array); `param` the query parameter that selects the page.
 * - `envelope`: a list envelope (`object: "list"`, `data`, `has_more`, `last_id`); the next `param` (`after`) is
 *   `last_id` or the last item's `id` while `has_more`; without `param` (the operation declares no `after`), one page.
 * - `cursor`: the next page's `param` is the body's `next` field (a string or number; absent or empty: last page).
 * - `offset`: the next `param` is this one plus the number of items; the last page is empty or shorter than `limit`.
 * - `page`: the next `param` is this one plus one (the first page is 1 when the request names none); the last page is
 *   empty.
 */
export type Paging =
  | { kind: 'envelope'; param?: string; items: string[] }
  | { kind: 'cursor'; param: string; next: string[]; items: string[] }
  | { kind: 'offset'; param: string; limit?: string; items: string[] }
  | { kind: 'page'; param: string; items: string[] }
  | { kind: 'link'; param?: undefined; items: string[] };

export interface OperationNames {
  /** PascalCase base, e.g. `CreateVideo`. */
  pascal: string;
  /** `CreateVideoParams` etc. */
  pathParams: string;
  query: string;
  headers: string;
  body: string;
  response: string;
  /** The server route table's constant of this operation's path (`M_backup_jobs`), shared by the path's operations. */
  route: string;
}

export interface Webhook {
  /** Event name, e.g. `response.completed`. */
  name: string;
  method: string;
  summary?: string;
  description?: string;
  headers: Parameter[];
  body?: RequestBody;
  responses: Response[];
  notShown?: string[];
  /** TypeScript name of the payload type. */
  typeName: string;
  pointer: Pointer;
}

export type StateTrigger =
  | { kind: 'operation'; operationId: string }
  | { kind: 'time'; after: string; seconds: number; bound: 'exactly' | 'at_most' };

export interface StateTransition {
  /** `null`: the resource does not exist yet. */
  from: string | null;
  to: string;
  on: StateTrigger;
  condition?: string;
  effects?: string;
}

export interface StateGuard {
  operationId: string;
  /** `path.<param>` or `body.<json pointer>`. */
  target: { in: 'path'; name: string } | { in: 'body'; pointer: string };
  states: string[];
}

export interface StateMachine {
  /** Key in `x-state-machines`, e.g. `batch`. */
  name: string;
  /** Identifier stem, e.g. `Batch` → `BatchState`, `batchMachine`. */
  typeName: string;
  constName: string;
  schema: string;
  property: string;
  states: string[];
  initialStates: string[];
  transitions: StateTransition[];
  guards: StateGuard[];
  complete: boolean;
  area: string;
  pointer: Pointer;
}

export interface NotShown {
  pointer: Pointer;
  /** What it is attached to, in words (`operation createVideo`, `schema Video.error`). */
  subject: string;
  area: string;
  text: string;
}

export interface Tag {
  name: string;
  description?: string;
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
  methods: { name: string; operationId: string }[];
  children: ResourceNode[];
}

export interface Area {
  /** Slug used for file names, e.g. `vector-stores`. */
  slug: string;
  /** Display title, e.g. `Vector stores`. */
  title: string;
}

export interface Api {
  title: string;
  /** The client class's name: the config's, else derived from the title (`Acme Projects API` → `AcmeProjectsClient`). */
  clientName?: string;
  version: string;
  description?: string;
  servers: Server[];
  /** `in` and `parameterName`: where an `apiKey` scheme's credential goes (header, query or cookie) and its name. */
  securitySchemes: { name: string; type: string; scheme?: string; description?: string; in?: 'header' | 'query' | 'cookie'; parameterName?: string }[];
  security: SecurityRequirement[][];
  tags: Tag[];
  areas: Area[];
  schemas: NamedSchema[];
  enums: EnumDef[];
  operations: Operation[];
  webhooks: Webhook[];
  stateMachines: StateMachine[];
  notShown: NotShown[];
  resources: ResourceNode;
  /** The SDK naming rule the resource tree was built by: the URL tree (`paths`) or tags and operationIds. */
  sdkNaming?: 'paths' | 'operations';
  /** Reusable response headers, by component name. */
  headers: HeaderDef[];
}
