/**
 * The error envelope both packages speak: `{ error: { message, type, param, code } }`. The server writes it
 * (`errorBody`, `errorJson`); the client reads it back from a body it cannot trust (`receivedError`).
 */

/** One failed rule of request validation (400 `invalid_request`), listed in `error.errors`. */
export interface ValidationIssue {
  /** JSON pointer into the request, e.g. `/body/input`, `/query/limit`. */
  path: string;
  code: string;
  message: string;
}

/** The error object as the server writes it. */
export interface ErrorObject {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
  /** Every validation error, for 400s from the validators. */
  errors?: ValidationIssue[];
}

/** The body of every error response. */
export interface ErrorBody {
  error: ErrorObject;
}

/**
 * The error object as a client reads it: any server (a proxy, another version) may leave a field out or add
 * others, so every field is optional and checked before use.
 */
export interface ReceivedError {
  message?: string;
  code?: string | null;
  type?: string | null;
  param?: string | null;
  [key: string]: unknown;
}

/** The message of the 500 that stands for any internal failure: no detail of it reaches the client. */
export const INTERNAL_ERROR_MESSAGE = 'The server had an error while processing your request.';

const TYPES: Readonly<Record<number, string>> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'invalid_state_error',
  429: 'rate_limit_error',
  501: 'not_implemented_error',
};

/** The envelope's `type` for a status. */
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

/** The envelope as the JSON text of a response body. */
export function errorJson(
  status: number,
  message: string,
  code: string | null = null,
  param: string | null = null,
): string {
  return JSON.stringify(errorBody(status, message, code, param));
}

/** The last-resort 500's body, for an adapter that cannot even send the pipeline's error response. */
export const INTERNAL_ERROR_JSON = errorJson(500, INTERNAL_ERROR_MESSAGE, 'internal_error');

/** The error object of a parsed error body: `body.error` when it is an object, else the body itself if an object. */
export function receivedError(body: unknown): ReceivedError | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const inner = (body as { error?: unknown }).error;
  if (inner && typeof inner === 'object') return inner as ReceivedError;
  return body as ReceivedError;
}
