// Copied by platform-api-codegen from its runtime (templates/server/core/reply.ts). Do not edit: every generation replaces it.
/** `reply(status, body, headers)`: what a handler returns to answer with a status other than its success. */

declare const replyBrand: unique symbol;

/**
 * A response other than the operation's success: `return reply(202, body, headers)`. Branded, so a plain
 * `{ status, body, headers }` object (which could be a legitimate response body) is never taken for one.
 */
export class Reply {
  declare private readonly [replyBrand]: true;
  readonly status: number;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function reply(status: number, body?: unknown, headers?: Readonly<Record<string, string>>): Reply {
  return new Reply(status, body, headers);
}
