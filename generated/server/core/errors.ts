// Copied by platform-api-codegen from its runtime (templates/server/core/errors.ts). Do not edit: every generation replaces it.
/** The error handlers may throw, and the error envelope (protocol/envelope.ts) every error response carries. */
export { errorBody, errorType, type ErrorBody } from '../../protocol/envelope.js';

/** Throw from a handler (or a hook) to answer with this status and the error envelope. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly param: string | null;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    message: string,
    code: string | null = null,
    param: string | null = null,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.param = param;
    this.headers = headers;
  }
}
