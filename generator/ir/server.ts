/** Where and how requests are sent: the servers, security schemes and requirements, and where a credential goes. */

/** A server the API is served from. */
export interface Server {
  /** The URL template, with `{variable}` placeholders; may be relative to the document. */
  url: string;
  description?: string;
  /** The URL's variables, in the spec's key order: each with its default and, when restricted, its allowed values. */
  variables: { name: string; default: string; enum?: string[]; description?: string }[];
  /** `url` with every variable at its default (an unknown variable becomes empty); decided once, by parse. */
  defaultUrl: string;
}

/** One security scheme a request must satisfy, with the OAuth scopes it needs (empty for other schemes). */
export interface SecurityRequirement {
  /** The scheme's name in `components.securitySchemes`. */
  scheme: string;
  scopes: string[];
}

/**
 * A security scheme of `components.securitySchemes`: `name` is the scheme's key, `type` its type (`http`, `apiKey`,
 * `oauth2`…), `scheme` the HTTP scheme (`bearer`, `basic`); `in` and `parameterName`: where an `apiKey` scheme's
 * credential goes (header, query or cookie) and its name.
 */
export interface SecurityScheme {
  name: string;
  type: string;
  scheme?: string;
  description?: string;
  in?: 'header' | 'query' | 'cookie';
  parameterName?: string;
}

/** Where a credential other than a bearer token goes (`Operation.credential`). */
/** One scheme of a security alternative: its name in `components.securitySchemes`, and where its credential goes. */
export type CredentialChoice = { scheme: string } & (CredentialPlacement | { kind: 'bearer' });

export type CredentialPlacement =
  | { kind: 'basic' }
  | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string };
