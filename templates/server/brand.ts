/**
 * The API's branding and policy, from the codegen config (`codegen.config.json`). The generator writes this
 * file with the config's values; what is here are the config's defaults, so the runtime type-checks on its own.
 */

/** Header (lower-case name, value) added to every response; none when null. */
export const VERSION_HEADER: readonly [name: string, value: string] | null = null;
/** Operations that refuse workload-identity access tokens (403) unless `accessTokensRejectedBy` says otherwise. */
export const ACCESS_TOKENS_REJECTED_BY: readonly string[] = [];
/** Operations admin keys may call (403 elsewhere) unless `adminOperations` says otherwise; no admin-key rule when null. */
export const ADMIN_KEYS: { readonly acceptedBy: readonly string[]; readonly message: string | null } | null =
  null;
