// Copied by platform-api-codegen from its runtime (templates/server/pipeline/auth.ts). Do not edit: every generation replaces it.
/**
 * Stage 4: authentication. The credential where the operation's security scheme puts it (401 with the scheme's
 * challenge when missing), the `authenticate` hook's principal (401 when none), then who may call what: the API's
 * own 403 rules, from the codegen config (`accessTokensRejectedBy`, `adminKeys`) or the server's options
 * (`accessTokensRejectedBy`, `adminOperations`).
 */
import { chooseAlternative, describeChoice } from '../../protocol/security.js';
import type { NeutralResponse, OperationMeta, Principal } from '../core/types.js';
import { fail, isPromise, later, type Answer, type Exchange } from './exchange.js';
import { limited } from './rate-limit.js';

/**
 * `Bearer <token>`: the token is the rest, trimmed; it may hold spaces (clients send a key as given, `My API Key`),
 * not a comma (two Authorization headers arrive joined by one).
 */
const BEARER = /^Bearer\s+/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none (see BEARER). */
function bearerToken(header: string | undefined): string | undefined {
  const scheme = header === undefined ? null : BEARER.exec(header);
  const token = scheme ? header!.slice(scheme[0].length).trim() : '';
  return token && !token.includes(',') ? token : undefined;
}

export function authenticate(f: Exchange): Answer {
  const { req, op } = f;
  let token: string | undefined;
  if (op.security) {
    const chosen = chooseAlternative(op.security, (c) =>
      c.kind === 'bearer' ? bearerToken(req.headers.authorization) : credentialOf(req, c),
    );
    // An Authorization header that no bearer alternative can read is invalid, not missing.
    const authorization = req.headers.authorization;
    if (
      !chosen &&
      authorization !== undefined &&
      authorization !== '' &&
      op.security.some((a) => a.some((c) => c.kind === 'bearer'))
    )
      return fail(
        f,
        401,
        'Invalid credentials: the Authorization header is not `Bearer <key>`.',
        'invalid_credentials',
        null,
        { 'www-authenticate': challenge(op.credential, true) },
      );
    if (!chosen)
      return fail(
        f,
        401,
        `Missing credentials (${op.security.length > 1 ? 'one of: ' : ''}${op.security.map((a) => a.map(describeChoice).join(' and ')).join('; ')}).`,
        'missing_credentials',
        null,
        { 'www-authenticate': challenge(op.credential, false) },
      );
    token = chosen[0]!.value;
    f.ctx!.credentials = Object.fromEntries(chosen.map((c) => [c.choice.scheme, c.value]));
  } else if (op.credential) {
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
    // Missing only when absent; present but not `Bearer <token>`, it is invalid.
    if (auth === undefined || auth === '')
      return fail(
        f,
        401,
        'Missing bearer credentials (Authorization: Bearer <key>).',
        'missing_credentials',
        null,
        { 'www-authenticate': challenge(undefined, false) },
      );
    const scheme = BEARER.exec(auth);
    token = scheme ? auth.slice(scheme[0].length).trim() : '';
    if (!token || token.includes(','))
      return fail(
        f,
        401,
        'Invalid credentials: the Authorization header is not `Bearer <key>`.',
        'invalid_credentials',
        null,
        { 'www-authenticate': challenge(undefined, true) },
      );
  }
  const found = f.s.authenticate?.(token, f.ctx!);
  return isPromise(found) ? later(f, found, authenticated) : authenticated(f, found);
}

function authenticated(f: Exchange, principal: Principal | undefined): Answer {
  if (!principal)
    return fail(f, 401, 'Invalid credentials.', 'invalid_credentials', null, {
      'www-authenticate': challenge(f.op.credential, true),
    });
  const refused = refusal(f, principal);
  if (refused) return refused;
  f.principal = principal;
  return limited(f);
}

/** The 403 for a principal the operation refuses; undefined when it may call it. */
function refusal(f: Exchange, principal: Principal): NeutralResponse | undefined {
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

/** The credential where the operation's security scheme puts it, or undefined when absent. */
function credentialOf(
  req: { url: string; headers: Record<string, string | string[] | undefined> },
  c: NonNullable<OperationMeta['credential']>,
): string | undefined {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  if (c.kind === 'basic') {
    const m = /^Basic +(\S+) *$/i.exec(header('authorization') ?? '');
    if (!m) return undefined;
    try {
      // atob, not Buffer: the fetch adapter runs where Node's Buffer is absent.
      return new TextDecoder().decode(Uint8Array.from(atob(m[1]!), (ch) => ch.charCodeAt(0)));
    } catch {
      return undefined;
    }
  }
  if (c.in === 'header') return header(c.name.toLowerCase()) || undefined;
  if (c.in === 'query') {
    const q = req.url.indexOf('?');
    return q === -1 ? undefined : (new URLSearchParams(req.url.slice(q + 1)).get(c.name) ?? undefined);
  }
  for (const part of (header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === c.name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function describeCredential(c: NonNullable<OperationMeta['credential']>): string {
  return c.kind === 'basic'
    ? 'Authorization: Basic <user:password>'
    : c.in === 'header'
      ? `${c.name} header`
      : c.in === 'query'
        ? `${c.name} query parameter`
        : `${c.name} cookie`;
}

/**
 * The `WWW-Authenticate` challenge of a 401 for the operation's scheme: `Bearer` (RFC 6750, with
 * `error="invalid_token"` when a token was sent and refused), `Basic`, or for an API key, which has no registered
 * scheme, `ApiKey` with where the key goes (`ApiKey in="header", name="X-API-Key"`).
 */
function challenge(c: OperationMeta['credential'], invalid: boolean): string {
  if (!c) return invalid ? 'Bearer error="invalid_token"' : 'Bearer';
  if (c.kind === 'basic') return 'Basic';
  return `ApiKey in="${c.in}", name="${c.name.replace(/["\\]/g, '')}"`;
}
