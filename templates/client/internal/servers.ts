/**
 * Operation-level servers. The token exchange has two: `{auth_url}` for the JWT mode and `{mtls_auth_url}` for the
 * X.509 mode. The choice is the API's rule, not the spec's: an X.509 `subject_token_type` goes to the
 * server whose variable starts with `mtls`, anything else to the first one.
 */
import { ENV_PREFIX } from './brand.js';
import type { ServerSpec } from './operation.js';

export function env(name: string): string | undefined {
  const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
    name
  ];
  return value === '' ? undefined : value;
}

const X509 = /x509$/;

export function pickServer(servers: readonly ServerSpec[], body: unknown): ServerSpec | undefined {
  const type =
    body && typeof body === 'object'
      ? (body as { subject_token_type?: unknown }).subject_token_type
      : undefined;
  const mtls = servers.find((s) => Object.keys(s.variables).some((v) => v.startsWith('mtls')));
  if (typeof type === 'string' && X509.test(type) && mtls) return mtls;
  return servers.find((s) => s !== mtls) ?? servers[0];
}

/** The server's URL with each variable from the client's `serverVariables`, then `<ENV_PREFIX><NAME>`, then the default. */
export function serverURL(server: ServerSpec, variables: Record<string, string> | undefined): string {
  return server.url.replace(
    /\{([^}]+)\}/g,
    (_, name: string) =>
      variables?.[name] ?? env(`${ENV_PREFIX}${name.toUpperCase()}`) ?? server.variables[name] ?? '',
  );
}
