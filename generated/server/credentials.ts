// Copied by platform-api-codegen from its runtime (templates/server/credentials.ts). Do not edit: every generation replaces it.
/** Credentials where the operation's security scheme puts them, and the challenge a 401 sends for that scheme. */
import type { OperationMeta } from './meta.js';

/** The credential where the operation's security scheme puts it, or undefined when absent. */
export function credentialOf(
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

export function describeCredential(c: NonNullable<OperationMeta['credential']>): string {
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
export function challenge(c: OperationMeta['credential'], invalid: boolean): string {
  if (!c) return invalid ? 'Bearer error="invalid_token"' : 'Bearer';
  if (c.kind === 'basic') return 'Basic';
  return `ApiKey in="${c.in}", name="${c.name.replace(/["\\]/g, '')}"`;
}
