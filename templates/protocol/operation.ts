/**
 * The one per-operation table (`protocol/operations.ts`, generated): the facts of each operation that the client
 * (how to send it, how to read the answer) and the server (how to route, read and answer it) both use, stated once.
 * Each side keeps only what is its own beside it: the client its body mode and operation servers
 * (`client/operations.ts`), the server its validators (`server/routes.ts`) and the limits it derives at startup.
 */
import type { When } from './selection.js';

/** How a success response's body is read or written. */
export type ResponseKind = 'json' | 'sse' | 'binary' | 'text' | 'empty';

/** How a request body is encoded, by its media type. */
export type BodyKind = 'json' | 'multipart' | 'form' | 'binary' | 'text';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE';

/**
 * Where the credential is when not `Authorization: Bearer <token>` (the spec's securitySchemes): HTTP basic
 * (`user:password`), or an API key in a header, the query or a cookie.
 */
export type CredentialSpec =
  | { kind: 'basic' }
  | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string };

/** One scheme of a security alternative: its name in the spec's securitySchemes, and where its credential goes. */
export type CredentialChoice = { scheme: string } & (CredentialSpec | { kind: 'bearer' });

/** How one multipart field is sent (the spec's `encoding`): its part's media type, and whether arrays repeat the field. */
export interface FieldEncoding {
  contentType?: string;
  /** How a form or multipart field is serialized (protocol/form.ts); absent: `form`. */
  style?: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  explode?: boolean;
}

/** OpenAPI's parameter styles (protocol/params.ts serializes them). */
export type ParameterStyle =
  | 'matrix'
  | 'label'
  | 'simple'
  | 'form'
  | 'spaceDelimited'
  | 'pipeDelimited'
  | 'deepObject';

/** How one path, query or header parameter is serialized, where it is not its location's default. */
export interface ParameterEncoding {
  style?: ParameterStyle;
  explode?: boolean;
  /** A query value keeps reserved characters (`:/?[]@!$'()*,;`) unencoded. */
  allowReserved?: boolean;
}

/** The request bodies an operation accepts. */
export interface RequestBodyFacts {
  required: boolean;
  /** Accepted media types (lower case, the spec's order) → how each is encoded. */
  mediaTypes: Readonly<Record<string, BodyKind>>;
  /** Multipart fields by name, where the spec states their encoding. */
  encoding?: Readonly<Record<string, FieldEncoding>>;
}

/** One success content: its kind, and the request-body condition that selects it. */
export interface ResponseFacts {
  kind: ResponseKind;
  /** The media type the server answers with; absent for `empty`. */
  mediaType?: string;
  /**
   * The request-body condition selecting this content (the spec's `x-when`, read by `selectWhen` in
   * selection.ts). The first content without `when` is the default.
   */
  when?: When;
  /** For `sse`: how the stream is framed (`named` streams write `event:` lines). */
  framing?: 'data-only' | 'named';
  /** For `sse`: the data value that ends the stream. */
  terminator?: string;
  /**
   * For `sse` streams with named events: the event names the spec knows. Others (new event types are a compatible
   * change) are skipped by the client's typed iteration.
   */
  events?: readonly string[];
}

/**
 * How a list pages (from the spec, decided by the generator). `items` is the path of the item array in the body
 * (`[]`: the body is the array); `param` is the query parameter that selects a page.
 * - `envelope`: a list envelope (`data`, `has_more`, `last_id`): while `has_more`, the next `param` is `last_id` (or
 *   the last item's `id`); a `before` cursor is dropped. Without `param` (the spec declares no cursor), one page.
 * - `cursor`: the next page's `param` is the body's `next` field; none (or empty) on the last page.
 * - `offset`: the next `param` is this one plus the items received; the last page is empty or shorter than `limit`.
 * - `page`: the next `param` is this one plus one (1 when the request named none); the last page is empty.
 * - `link`: the next page is the `rel="next"` URL of the `Link` header (RFC 8288).
 * - `url`: the next page is the URL at the body's `next` path (Twilio's `next_page_uri`): its query asks for it.
 * - `more` (offset and page): the body's boolean there says whether another page follows; false ends the list.
 */
export type Paging =
  | { readonly kind: 'envelope'; readonly param?: string; readonly items: readonly string[] }
  | {
      readonly kind: 'cursor';
      readonly param: string;
      readonly next: readonly string[];
      readonly items: readonly string[];
    }
  | {
      readonly kind: 'offset';
      readonly param: string;
      readonly limit?: string;
      readonly more?: readonly string[];
      readonly items: readonly string[];
    }
  | {
      readonly kind: 'page';
      readonly param: string;
      readonly more?: readonly string[];
      readonly items: readonly string[];
    }
  | { readonly kind: 'link'; readonly param?: undefined; readonly items: readonly string[] }
  | {
      readonly kind: 'url';
      readonly param?: undefined;
      readonly next: readonly string[];
      readonly items: readonly string[];
    };

export interface OperationFacts {
  id: string;
  method: HttpMethod;
  /**
   * Path template relative to the base path, e.g. `/vector_stores/{vector_store_id}`: the spec's path key without
   * any `#…` text, which is not part of a URL.
   */
  path: string;
  /**
   * On the operation a method and path shared by several is routed to (Box's `/files/{file_id}#add_shared_link`
   * beside `/files/{file_id}`): every operation of the line, itself among them, in the order the server tries their
   * validators; the first that accepts the request handles it, and the last one's errors answer a request none does.
   */
  candidates?: readonly string[];
  /** On the other operations of a shared method and path: the one it is routed to. */
  routedVia?: string;
  /**
   * Where the client's one params argument goes: the body, the query, or both (then `queryKeys` name the query
   * fields). Absent: the operation takes neither.
   */
  params?: 'body' | 'query' | 'both';
  queryKeys?: readonly string[];
  /**
   * Parameters serialized other than by their location's default (path and header `simple`, query `form`, exploded
   * in the query only), by location and wire name: protocol/params.ts writes them, the server's validators read them.
   */
  styles?: {
    readonly path?: Readonly<Record<string, ParameterEncoding>>;
    readonly query?: Readonly<Record<string, ParameterEncoding>>;
    readonly header?: Readonly<Record<string, ParameterEncoding>>;
  };
  /** Absent: the operation takes no body. */
  requestBody?: RequestBodyFacts;
  /** False when the operation takes no credential (security: []). */
  auth?: false;
  credential?: CredentialSpec;
  /**
   * Security alternatives (OR), each the schemes needed together (AND), where the operation has several or one
   * needs several credentials; absent: `credential` (or bearer) says all.
   */
  security?: readonly (readonly CredentialChoice[])[];
  /** The success status (a range such as `2XX` as its first code). */
  status: number;
  /** The success contents, one per kind and condition; `[{ kind: 'empty' }]` when the success has no body. */
  responses: readonly ResponseFacts[];
  /** A paged list, and how it pages. */
  paging?: Paging;
}
