/** The server's default limits, each overridable by a `ServerOptions` field of the same meaning. */

export const MAX_HEADER_BYTES = 64 * 1024;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Ceiling for operations that need no credentials (anyone can send them). */
export const DEFAULT_MAX_UNAUTHENTICATED_BODY_BYTES = 64 * 1024;
/** Nesting limit of JSON bodies, checked while the bytes arrive (before `JSON.parse`). */
export const DEFAULT_MAX_JSON_DEPTH = 256;
/**
 * Most arrays and objects in one JSON body. Parsing costs per value made: 2 MiB of `[[],[],…]` is a million arrays
 * and a second of blocked event loop, so the count is bounded while reading, like the depth.
 */
export const DEFAULT_MAX_JSON_CONTAINERS = 10_000;
/** Limit on the parts of a multipart body and the fields of a form, checked before parsing. */
export const DEFAULT_MAX_PARTS = 256;
/** Limit of JSON, form and text bodies, even on operations that also accept files. */
export const DEFAULT_MAX_STRUCTURED_BODY_BYTES = 1024 * 1024;
/** Longest request target (path and query) accepted; 414 above it. */
export const DEFAULT_MAX_URL_BYTES = 16 * 1024;
/** Longest wait for the next bytes of a request body; 408 and the connection closed after it. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
/**
 * A body left unread by an early answer (401, 404, 415...) is still read and thrown away, keeping the connection,
 * when its announced length is at most this; anything larger, or of unknown length, closes the connection.
 */
export const DRAIN_BODY_BYTES = 64 * 1024;
