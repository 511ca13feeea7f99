/**
 * The header parameters each operation's client method takes among its params: every declared one but those the
 * client sets from its own options (the config's organization and project headers, `X-Client-Request-Id` as
 * `clientRequestId`) and those OpenAPI says a parameter cannot name; and the declared idempotency header among them,
 * which the client fills with a key per call when the caller gives none. And where the params hold a body that is
 * not an object (a file, a text, a JSON array) beside query or header parameters: under a key of its own. And the
 * required `readOnly` fields of an object body, which the call need not give.
 */
import type { ParsedApi } from '../ir/api.ts';
import type { ParsedOperation } from '../ir/operation.ts';
import { IDEMPOTENCY_HEADER, isIgnoredHeader } from '../ir/parameter.ts';
import { propertiesOf, resolveNode, schemaByName } from '../ir/queries.ts';
import type { ParsedSchema, TypeNode } from '../ir/schema.ts';

export interface CallHeaderTable {
  /** By operationId: the wire names of the headers its method takes, in the order they are declared. */
  onCall: ReadonlyMap<string, string[]>;
  /** By operationId: its declared idempotency header, when its method takes one. */
  idempotency: ReadonlyMap<string, string>;
  /**
   * By operationId: the params key its body goes under (`body`, or `requestBody` where a parameter is so named), when
   * the body is not an object and the method takes query or header parameters too; absent: the params are the body.
   */
  bodyKey: ReadonlyMap<string, string>;
  /**
   * By operationId: the required fields of its object body that are `readOnly` (the `id` a server assigns), which the
   * call need not give (its params type makes them optional); absent: none.
   */
  readOnlyFields: ReadonlyMap<string, string[]>;
}

/** The header the client sends from its `clientRequestId` option (the runtime's name for it). */
const CLIENT_REQUEST_ID = 'X-Client-Request-Id';

/** `clientHeaders`: the headers the client sets from its options (the config's organization and project headers). */
export function decideCallHeaders(api: ParsedApi, clientHeaders: readonly string[]): CallHeaderTable {
  const own = new Set([...clientHeaders, CLIENT_REQUEST_ID].map((h) => h.toLowerCase()));
  const onCall = new Map<string, string[]>();
  const idempotency = new Map<string, string>();
  const bodyKey = new Map<string, string>();
  const readOnlyFields = new Map<string, string[]>();
  const schemas = schemaByName(api);
  for (const op of api.operations) {
    const names = op.parameters
      .filter((p) => p.in === 'header' && !isIgnoredHeader(p) && !own.has(p.name.toLowerCase()))
      .map((p) => p.name);
    onCall.set(op.operationId, names);
    const key = names.find((n) => IDEMPOTENCY_HEADER.test(n));
    if (key !== undefined) idempotency.set(op.operationId, key);
    const others = names.length > 0 || op.parameters.some((p) => p.in === 'query');
    if (others && op.requestBody?.contents.length && !objectBody(api, op, schemas)) {
      const taken = new Set(op.parameters.map((p) => p.name));
      bodyKey.set(op.operationId, freeBodyKey(taken));
    }
    const readOnly = readOnlyRequired(api, op, schemas);
    if (readOnly.length && !bodyKey.has(op.operationId)) readOnlyFields.set(op.operationId, readOnly);
  }
  return { onCall, idempotency, bodyKey, readOnlyFields };
}

const BODY_KEYS = ['body', 'requestBody', 'data'];

/** The first of `BODY_KEYS` no parameter has, else `body2`, `body3`… */
function freeBodyKey(taken: ReadonlySet<string>): string {
  const named = BODY_KEYS.find((k) => !taken.has(k));
  if (named !== undefined) return named;
  let n = 2;
  while (taken.has(`body${n}`)) n++;
  return `body${n}`;
}

/**
 * The required `readOnly` fields at the top of an object body (an object, or an `allOf` of objects; a union's are
 * left as they are, which `Omit` would merge), sorted.
 */
function readOnlyRequired(api: ParsedApi, op: ParsedOperation, schemas: Map<string, ParsedSchema>): string[] {
  const contents = op.requestBody?.contents ?? [];
  const content =
    contents.find((c) => c.kind === 'json') ?? contents.find((c) => c.kind !== 'text' && c.kind !== 'binary');
  if (!content) return [];
  const node = resolveNode(api, content.type, schemas);
  if (node.kind !== 'object' && node.kind !== 'intersection') return [];
  const names = propertiesOf(api, node, schemas)
    .filter((p) => p.required && p.access === 'readOnly')
    .map((p) => p.name);
  return [...new Set(names)].sort();
}

/**
 * Whether the body the client sends (the JSON content, else multipart or form fields) is an object, whose fields the
 * params object can hold beside the parameters. A text or binary body, a JSON array or string is not.
 */
function objectBody(api: ParsedApi, op: ParsedOperation, schemas: Map<string, ParsedSchema>): boolean {
  const contents = op.requestBody?.contents ?? [];
  const json = contents.find((c) => c.kind === 'json');
  if (json) return objectLike(api, json.type, schemas, 0);
  return contents.some((c) => c.kind === 'multipart' || c.kind === 'form');
}

function objectLike(
  api: ParsedApi,
  node: TypeNode,
  schemas: Map<string, ParsedSchema>,
  depth: number,
): boolean {
  const resolved = resolveNode(api, node, schemas);
  switch (resolved.kind) {
    case 'object':
    case 'map':
    case 'intersection':
    case 'unknown':
      return true;
    case 'union':
      return depth < 16 && resolved.variants.every((v) => objectLike(api, v, schemas, depth + 1));
    default:
      return false;
  }
}
