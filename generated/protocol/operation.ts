// Copied by platform-api-codegen from its runtime (templates/protocol/operation.ts). Do not edit: every generation replaces it.
/**
 * The facts about an operation that the client's operation table (`client/operations.ts`) and the server's route
 * table (`server/routes.ts`) both state, in the same terms.
 */

/** How a success response's body is read or written. */
export type ResponseKind = 'json' | 'sse' | 'binary' | 'text' | 'empty';

/** How a request body is encoded, by its media type. */
export type BodyKind = 'json' | 'multipart' | 'form' | 'binary' | 'text';

/**
 * Where the credential is when not `Authorization: Bearer <token>` (the spec's securitySchemes): HTTP basic
 * (`user:password`), or an API key in a header, the query or a cookie.
 */
export type CredentialSpec =
  { kind: 'basic' } | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string };
