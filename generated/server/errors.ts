// Copied by platform-api-codegen from its runtime (templates/server/errors.ts). Do not edit: every generation replaces it.
/** The spec's error envelope (`{ error: { message, type, param, code } }`) and the error handlers may throw. */

export interface ErrorBody {
  error: {
    message: string;
    type: string;
    param: string | null;
    code: string | null;
    /** Every validation error, for 400s from the validators. */
    errors?: { path: string; code: string; message: string }[];
  };
}

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

const TYPES: Record<number, string> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'invalid_state_error',
  429: 'rate_limit_error',
  501: 'not_implemented_error',
};

export function errorType(status: number): string {
  return TYPES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request_error');
}

export function errorBody(
  status: number,
  message: string,
  code: string | null = null,
  param: string | null = null,
): ErrorBody {
  return { error: { message, type: errorType(status), param, code } };
}
