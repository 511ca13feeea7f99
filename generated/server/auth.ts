// Copied by platform-api-codegen from its runtime (templates/server/auth.ts). Do not edit: every generation replaces it.
/**
 * Stage 4: authentication. The credential where the operation's security scheme puts it (401 when missing), the
 * `authenticate` hook's principal (401 when none), then who may call what (403, policy.ts).
 */
import { challenge, credentialOf, describeCredential } from './credentials.js';
import { fail, isPromise, later, type Answer, type Flow } from './flow.js';
import type { Principal } from './meta.js';
import { refusal } from './policy.js';
import { limited } from './rate-limit.js';

const BEARER = /^Bearer +(\S+) *$/i;

export function authenticate(f: Flow): Answer {
  const { req, op } = f;
  let token: string | undefined;
  if (op.credential) {
    token = credentialOf(req, op.credential);
    if (token === undefined)
      return fail(
        f,
        401,
        `Missing credentials (${describeCredential(op.credential)}).`,
        'missing_credentials',
        null,
        { 'www-authenticate': challenge(op.credential, false) },
      );
  } else {
    const auth = req.headers.authorization;
    const m = auth === undefined ? null : BEARER.exec(auth);
    if (!m)
      return fail(
        f,
        401,
        'Missing bearer credentials (Authorization: Bearer <key>).',
        'missing_credentials',
        null,
        { 'www-authenticate': challenge(undefined, false) },
      );
    token = m[1]!;
  }
  const found = f.s.authenticate?.(token, f.ctx!);
  return isPromise(found) ? later(f, found, authenticated) : authenticated(f, found);
}

function authenticated(f: Flow, principal: Principal | undefined): Answer {
  if (!principal)
    return fail(f, 401, 'Invalid credentials.', 'invalid_credentials', null, {
      'www-authenticate': challenge(f.op.credential, true),
    });
  const refused = refusal(f, principal);
  if (refused) return refused;
  f.principal = principal;
  return limited(f);
}
