// Copied by platform-api-codegen from its runtime (templates/server/policy.ts). Do not edit: every generation replaces it.
/**
 * Who may call what, once `authenticate` has named the principal: the API's own rules, from the codegen config
 * (`accessTokensRejectedBy`, `adminKeys`) or the server's options (`accessTokensRejectedBy`, `adminOperations`).
 */
import { fail, type Flow } from './flow.js';
import type { NeutralResponse, Principal } from './meta.js';

/** The 403 for a principal the operation refuses; undefined when it may call it. */
export function refusal(f: Flow, principal: Principal): NeutralResponse | undefined {
  const { s, operationId } = f;
  if (principal.kind === 'access_token' && s.noAccessTokens.has(operationId))
    return fail(f, 403, `Access tokens are not accepted by ${operationId}.`, 'access_token_not_allowed');
  if (principal.kind === 'admin_key' && s.adminOps !== undefined && !s.adminOps.has(operationId)) {
    return fail(
      f,
      403,
      s.adminMessage ?? `Admin keys are not accepted by ${operationId}.`,
      'admin_key_not_allowed',
    );
  }
  return undefined;
}
