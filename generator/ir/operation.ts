/** The operation family: one method on one path, as parsed and with every decision the emitters read. */

import type { Pointer } from './base.ts';
import type { BodyMode, RequestBody } from './body.ts';
import type { Parameter, ParsedParameter } from './parameter.ts';
import type { ParsedResponse, Response, ResponseContent } from './response.ts';
import type { ObjectNode, TypeNode } from './schema.ts';
import type { CredentialChoice, CredentialPlacement, SecurityRequirement, Server } from './server.ts';

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
  /**
   * The SDK group a vendor's extension gives the operation (`x-speakeasy-group`, `x-fern-sdk-group-name`, Box's
   * `x-box-tag`): read as its tag by the tags-and-operationIds rule.
   */
  sdkGroup?: string;
  /**
   * A pre-release stage a vendor's extension marks on the operation (`x-oaiMeta: { beta: true }`, `x-beta: true`):
   * the SDK puts its call under `beta` (README, "SDK naming").
   */
  stage?: 'beta';
  /** `#/paths/<path>/<method>`. */
  pointer: Pointer;
}

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
   * The wire names of the header parameters the client method takes among its params, in declared order: all but
   * those the client sets from its options and those OpenAPI ignores (decided by passes/call-headers.ts).
   */
  callHeaders: string[];
  /** The declared idempotency header among `callHeaders`, filled by the client when not given; absent: none. */
  idempotencyHeader?: string;
  /**
   * The key of the client method's params the body goes under, where the body is not an object (a file, a text, a
   * JSON array) and the method takes query or header parameters too; absent: the params are the body's fields.
   */
  bodyKey?: string;
  /**
   * The required `readOnly` fields of the object body (the `id` a server assigns), sorted: the client's params and the
   * server's input type them optional, as validation reads them in a request (decided by passes/call-headers.ts).
   */
  readOnlyFields?: string[];
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
  /**
   * The security alternatives (OR), each the schemes needed together (AND: Cloudflare's API key and email), each
   * scheme with where its credential goes; absent for an operation without security.
   */
  securityAlternatives?: CredentialChoice[][];
  /**
   * The path the client sends and the server routes: the path key without any `#…` text (Box's
   * `/files/{file_id}#add_shared_link` is sent as `/files/{file_id}`; decided by passes/request-lines.ts).
   */
  wirePath: string;
  /**
   * On the operation a method and `wirePath` shared by several is routed to (the one whose key has no `#`, else the
   * first): every operation of that line the server tries, in order, itself among them (a request none accepts gets
   * the last one's errors).
   */
  candidates?: string[];
  /** On every other operation sharing a method and `wirePath`: the one the line is routed to. */
  routedVia?: string;
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
 * - `offset` and `page` with `more`: the boolean at that path in the body says whether another page follows
 *   (PagerDuty's `more`); false ends the list whatever the page's size.
 * - `link`: the next page is the `rel="next"` URL of the `Link` header (RFC 8288).
 * - `url`: the next page is the URL at the path `next` in the body (Twilio's `next_page_uri`, a `next` link): its
 *   query asks for the next page; absent, null or empty on the last page.
 */
export type Paging =
  | { kind: 'envelope'; param?: string; items: string[] }
  | { kind: 'cursor'; param: string; next: string[]; items: string[] }
  | { kind: 'offset'; param: string; limit?: string; more?: string[]; items: string[] }
  | { kind: 'page'; param: string; more?: string[]; items: string[] }
  | { kind: 'link'; param?: undefined; items: string[] }
  | { kind: 'url'; param?: undefined; next: string[]; items: string[] };

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
