/** The parameter family: an operation's (or a webhook's) parameters, as parsed and with their identifiers. */

import type { TypeNode } from './schema.ts';

/** The parameter's `in`. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** An operation's parameter (from the operation or its path item), or a webhook's header, as parse reads it. */
export interface ParsedParameter {
  /** The wire name. */
  name: string;
  /** Where the parameter travels. */
  in: ParameterLocation;
  /** `required: true`. */
  required: boolean;
  /** The parameter's `schema`. */
  type: TypeNode;
  description?: string;
  deprecated?: boolean;
  /** Query serialisation: `form` + `explode` is the default. */
  style?: string;
  /** `explode`: an array or object as repeated parameters (`a=1&a=2`) rather than one joined value. */
  explode?: boolean;
  /** `allowReserved` on a query parameter: reserved characters sent unencoded. */
  allowReserved?: boolean;
  /** Component name when it came from `#/components/parameters` (shared by the operations that use it). */
  component?: string;
  /** `x-not-shown` on the parameter. */
  notShown?: string[];
}

/** A parameter with the names decided for it. */
export interface Parameter extends ParsedParameter {
  /**
   * Identifier used for this parameter in generated code, decided by the naming pass: for an operation's path
   * parameter a safe, distinct camelCase identifier (`{class}` → `class_`, `{id}` and `{ID}` → `id`, `id2`); for any
   * other, the wire name (used as a quoted key).
   */
  identifier: string;
  /**
   * For a component parameter of an operation sent in the path, query or a header: the name of its shared reader in
   * `validators/requests/parameters.ts` (`read<Component>Parameter`); decided by the naming pass.
   */
  reader?: string;
}

/** A header carrying an idempotency key (`Idempotency-Key`, `X-Idempotency-Key`, `idempotency_key`). */
export const IDEMPOTENCY_HEADER = /^(x-)?idempotency[-_]?key$/i;

/** A header OpenAPI says a header parameter cannot name (its definition is ignored): no call takes it. */
export function isIgnoredHeader(p: ParsedParameter): boolean {
  return p.in === 'header' && /^(accept|content-type|authorization)$/i.test(p.name);
}
