/**
 * The response family: an operation's (or a webhook receiver's) responses, their media types, headers, `x-when`
 * selectors and server-sent event streams.
 */

import type { Scalar } from './base.ts';
import type { TypeNode } from './schema.ts';

/**
 * How a response body is read: as `BodyKind` (multipart and form responses read as `binary`), plus `sse`
 * (`text/event-stream`) and `empty` (no content).
 */
export type ResponseKind = 'json' | 'sse' | 'binary' | 'text' | 'empty';

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
