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
 * Families: the model's types live by node family, one file each, and each file imports only the families its
 * types contain: `base.ts` (pointers, JSON values), `schema.ts` (type nodes, named schemas, hoisted enums),
 * `parameter.ts`, `body.ts` (request bodies), `response.ts`, `server.ts` (servers and security), `operation.ts`,
 * `webhook.ts`, `state-machine.ts`, `area.ts` (areas and tags), `resource.ts` (the SDK resource tree), and this file,
 * the whole model (`ParsedApi`, `Api`). Import a type from its family's file.
 *
 * Terms used in every family:
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
import type { Area, Tag } from './area.ts';
import type { Pointer } from './base.ts';
import type { EmulationTable } from './emulation.ts';
import type { Operation, ParsedOperation } from './operation.ts';
import type { ResourceRoot } from './resource.ts';
import type { HeaderDef } from './response.ts';
import type { EnumDef, NamedSchema, ParsedSchema } from './schema.ts';
import type { SecurityRequirement, SecurityScheme, Server } from './server.ts';
import type { ParsedStateMachine, StateMachine } from './state-machine.ts';
import type { ParsedWebhook, Webhook } from './webhook.ts';

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

/** The whole API as parse reads it: every fact of the document, and nothing the passes decide. */
export interface ParsedApi {
  /** `info.title`. */
  title: string;
  /** `info.version`: the API's version (not the packages'). */
  version: string;
  /** `info.description`. */
  description?: string;
  /** `info.license`: its SPDX `identifier`, else its `name`. */
  license?: string;
  /** `info.contact` as an npm person: `name <email> (url)`, the parts the spec gives. */
  contact?: string;
  /** The document's `servers`, in the spec's order (the first is the client's default). */
  servers: Server[];
  /** `components.securitySchemes`, in the document's key order (not sorted). */
  securitySchemes: SecurityScheme[];
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
  /** What the emulator does with each part of the API (the emulation pass; ir/emulation.ts). */
  emulation: EmulationTable;
}

/** The resolved model by its state's name (`Api` is what emitters and tools call it). */
export type ResolvedApi = Api;
