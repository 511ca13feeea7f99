// Copied by platform-api-codegen from its runtime (templates/client/internal/settings.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/** The client's defaults for its numeric options, and the check every such option passes (client-wide or per request). */
import { ClientError } from '../core/errors.js';

export const DEFAULT_TIMEOUT = 10 * 60_000;
export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_RETRY_TIME = 2 * 60_000;

/** `value`, or `fallback` when it is undefined; a negative, NaN or infinite value is a ClientError naming the option. */
export function validCount(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new ClientError(`${name} must be a non-negative number, got ${value}.`);
  return value;
}
