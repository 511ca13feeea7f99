/**
 * The API's branding, from the codegen config (`codegen.config.json`). The generator writes this file with the
 * config's values; what is here are the config's defaults, so the runtime type-checks on its own.
 */

/** Prefix of the environment variables the client reads (`<prefix>API_KEY`, `<prefix>BASE_URL`…). */
export const ENV_PREFIX: string = 'API_';
/** Exported name of the client class, for messages. */
export const CLIENT_NAME: string = 'ApiClient';
/** Exported name of the base error class (its `name`). */
export const ERROR_NAME: string = 'ClientError';
/** Header carrying the `organization` option; not sent when null. */
export const ORGANIZATION_HEADER: string | null = null;
/** Header carrying the `project` option; not sent when null. */
export const PROJECT_HEADER: string | null = null;
/** Header carrying the idempotency key of POST and PATCH requests (the `idempotencyHeader` option); none when null. */
export const IDEMPOTENCY_HEADER: string | null = null;
/**
 * Statuses the client retries (the `retryStatuses` option): codes, or ranges such as `5XX`. Never a refusal that
 * needs the caller to act (a 409 `invalid_state`, quota, billing).
 */
export const RETRY_STATUSES: readonly string[] = ['408', '429', '5XX'];
/** Headers sent on every request, before the `defaultHeaders` option and per-request headers. */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = {};
