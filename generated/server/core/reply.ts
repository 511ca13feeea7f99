// Copied by platform-api-codegen from its runtime (templates/server/core/reply.ts). Do not edit: every generation replaces it.
/**
 * `reply(status, body, headers)`: what a handler returns to answer with another status or extra headers. The reply a
 * handler receives in its input (`({ reply }) => reply(201, project)`) is typed by the operation's declared
 * responses (core/handler.ts); this module's `reply` is the same function for code outside a handler's signature.
 */

declare const replyBrand: unique symbol;

/** Response headers of a `Reply`: names HTTP allows, values without CR, LF or NUL (checked when sent). */
export type ReplyHeaders = Readonly<Record<string, string>>;

/**
 * A response with this status, body and headers. Branded, so a plain `{ status, body, headers }` object (which could
 * be a legitimate response body) is never taken for one.
 */
export class Reply<S extends number = number, B = unknown> {
  declare private readonly [replyBrand]: true;
  readonly status: S;
  readonly body: B;
  readonly headers: ReplyHeaders;

  constructor(status: S, body: B, headers: ReplyHeaders = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function reply<S extends number, B = undefined>(
  status: S,
  body?: B,
  headers?: ReplyHeaders,
): Reply<S, B> {
  return new Reply(status, body as B, headers);
}
