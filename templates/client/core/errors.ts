/** Every error the client throws: one base class, `APIError` for HTTP and transport, a class per status. */
import { receivedError, type ReceivedError } from '../../protocol/envelope.js';
import { ERROR_NAME } from '../internal/brand.js';

/** The error object of a response (protocol/envelope.ts): its fields are read when present, never trusted. */
export type ErrorEnvelope = ReceivedError;

/** The base class; the package exports it under the codegen config's `errorName`, which is also its `name`. */
export class ClientError extends Error {
  override name = ERROR_NAME;
}

/** The first `max` characters of a text, marked when cut: a message never carries a whole body. */
export function excerpt(text: string, max = 500): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

export class APIError extends ClientError {
  override name = 'APIError';
  /** HTTP status; undefined for transport errors. */
  readonly status: number | undefined;
  readonly headers: Headers | undefined;
  /** `x-request-id` of the response: log it, support looks requests up by it. */
  readonly requestId: string | undefined;
  /** The response body as parsed (JSON when it was JSON, else text). */
  readonly body: unknown;
  /** The error object of the body (`body.error` when present, else the body). */
  readonly error: ErrorEnvelope | undefined;
  readonly code: string | undefined;
  readonly type: string | undefined;
  readonly param: string | undefined;

  constructor(
    status: number | undefined,
    body: unknown,
    message: string | undefined,
    headers: Headers | undefined,
    options?: ErrorOptions,
  ) {
    super(APIError.describe(status, body, message), options);
    this.status = status;
    this.headers = headers;
    this.requestId = headers?.get('x-request-id') ?? undefined;
    this.body = body;
    this.error = receivedError(body);
    this.code = typeof this.error?.code === 'string' ? this.error.code : undefined;
    this.type = typeof this.error?.type === 'string' ? this.error.type : undefined;
    this.param = typeof this.error?.param === 'string' ? this.error.param : undefined;
  }

  private static describe(status: number | undefined, body: unknown, message: string | undefined): string {
    const envelope = receivedError(body);
    const detail =
      message ??
      (typeof envelope?.message === 'string'
        ? excerpt(envelope.message)
        : typeof body === 'string' && body
          ? excerpt(body)
          : body
            ? excerpt(JSON.stringify(body))
            : undefined);
    if (status !== undefined) return `${status} ${detail ?? 'status code (no body)'}`;
    return detail ?? 'Request failed';
  }

  /** The error class for a status. */
  static fromResponse(status: number, body: unknown, headers: Headers): APIError {
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Class(status, body, undefined, headers);
  }
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

const STATUS_CLASSES: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** No response arrived: DNS, refused or reset connection, or a stream cut before its end. */
export class APIConnectionError extends APIError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error.', options?: ErrorOptions) {
    super(undefined, undefined, message, undefined, options);
  }
}

export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
  constructor(message = 'Request timed out.') {
    super(message);
  }
}

/**
 * A redirect the client does not follow: to another origin (credentials and the body never leave the request's
 * origin), a loop or more than 20 in a row, or an invalid location. Asking again would fail the same way: never retried.
 */
export class APIRedirectError extends APIError {
  override name = 'APIRedirectError';
  constructor(message = 'Too many redirects (a redirect loop?).', options?: ErrorOptions) {
    super(undefined, undefined, message, undefined, options);
  }
}

/** A response body or a stream line larger than the configured limit (never retried). */
export class ResponseTooLargeError extends APIError {
  override name = 'ResponseTooLargeError';
  constructor(limit: number, what = 'The response body') {
    super(
      undefined,
      undefined,
      `${what} is larger than the limit of ${limit} (maxResponseSize / maxLineLength).`,
      undefined,
    );
  }
}

/** The caller aborted the request with its `signal` (never retried). */
export class APIUserAbortError extends APIError {
  override name = 'APIUserAbortError';
  constructor(message = 'Request was aborted.') {
    super(undefined, undefined, message, undefined);
  }
}

/** A webhook delivery whose headers, signature or timestamp do not verify. */
export class WebhookVerificationError extends ClientError {
  override name = 'WebhookVerificationError';
}
