/** The request body family: a body's media types, how each is encoded, and how the client sends it. */

import type { TypeNode } from './schema.ts';

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
 * How the client sends a body, from the kinds of the body's contents: `json` and `multipart` (either, when both are
 * offered: `json|multipart`); otherwise the first of `form`, `text` and `binary` the operation offers.
 */
export type BodyMode = 'json' | 'multipart' | 'json|multipart' | 'form' | 'text' | 'binary';
