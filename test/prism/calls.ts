/**
 * The calls the Prism lane makes: for each operation of a spec (all, or a seeded sample), the arguments of its client
 * method made from the spec's raw schemas (values.ts), once with the required arguments and once with every optional
 * one too. The spec is read as written, not through the generator's model, so the generator is judged by a reading of
 * the spec it did not make; only the method's place (`sdkPath`) and its positional path parameters come from the IR.
 */
import type { Api } from '../../generator/ir/api.ts';
import type { Operation } from '../../generator/ir/operation.ts';
import { mulberry32, shuffle } from '../../scripts/bench/random.ts';
import { deref, seedOf, ValueMaker, type Mode } from './values.ts';

type Node = Record<string, unknown>;

export interface Call {
  operationId: string;
  method: string;
  path: string;
  mode: Mode;
  sdkPath: string[];
  /** Positional path arguments, then the params object (absent: the method takes none). */
  args: unknown[];
  /** Schemas of the spec that admit no value, met while making the arguments (values.ts): no valid request exists. */
  unsatisfiable?: string[];
}

interface RawParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
  content?: Record<string, { schema?: unknown }>;
  deprecated?: boolean;
}

/** Media types the client picks first, as `bodyMode` does: JSON, then form, then multipart, then the rest. */
const BODY_ORDER = ['json', 'x-www-form-urlencoded', 'form-data'];

function bodyContent(content: Record<string, { schema?: unknown }>): [string, unknown] | undefined {
  const types = Object.keys(content);
  for (const want of BODY_ORDER) {
    const hit = types.find((t) => t.toLowerCase().includes(want));
    if (hit) return [hit, content[hit]!.schema];
  }
  return types[0] ? [types[0], content[types[0]]!.schema] : undefined;
}

/**
 * A path parameter's text: never empty (no URL has an empty segment, whatever a schema's `pattern: ^[a-z]*$` or
 * `nullable` admits): its schema's example then, else `a`.
 */
function pathValue(value: unknown, doc: Node, p: RawParameter): string {
  let text = '';
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (typeof value === 'object' && value !== null) text = JSON.stringify(value);
  if (text !== '') return text;
  const example = deref<Node>(doc, (p.schema ?? {}) as Node)?.example;
  return typeof example === 'string' && example !== '' ? example : 'a';
}

function parametersOf(doc: Node, pathItem: Node, operation: Node): RawParameter[] {
  const byKey = new Map<string, RawParameter>();
  for (const list of [pathItem.parameters, operation.parameters] as (unknown[] | undefined)[])
    for (const raw of list ?? []) {
      const p = deref<RawParameter>(doc, raw as RawParameter);
      if (!p) continue;
      byKey.set(`${p.in} ${p.name}`, p);
    }
  return [...byKey.values()];
}

/** The file a multipart or binary body carries where the schema says `format: binary`. */
function withFiles(value: unknown, schema: unknown, doc: Node): unknown {
  const s = deref<Node>(doc, (schema ?? {}) as Node) ?? {};
  if (s.format === 'binary' || s.contentMediaType)
    return new File(['hello'], 'hello.txt', { type: 'text/plain' });
  if (Array.isArray(value)) return value.map((item) => withFiles(item, s.items, doc));
  if (value && typeof value === 'object') {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k in props ? withFiles(v, props[k], doc) : v]),
    );
  }
  return value;
}

function callOf(doc: Node, op: Operation, mode: Mode): Call {
  const paths = doc.paths as Record<string, Node>;
  const pathItem = deref<Node>(doc, paths[op.path] ?? {}) ?? {};
  const operation = pathItem[op.method.toLowerCase()] as Node;
  const maker = new ValueMaker(doc, seedOf(`${op.operationId} ${mode}`), mode);
  const params = parametersOf(doc, pathItem, operation);
  const schemaOf = (p: RawParameter) => p.schema ?? Object.values(p.content ?? {})[0]?.schema;
  const pathValues = new Map(
    params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(maker.value(schemaOf(p)), doc, p)]),
  );
  const args: unknown[] = op.pathParameters.map((p) => pathValues.get(p.name) ?? 'a');
  const object: Record<string, unknown> = {};
  for (const p of params) {
    if (p.in === 'path') continue;
    // Header parameters OpenAPI ignores (PagerDuty's `Content-Type`): no call takes them.
    if (p.in === 'header' && /^(accept|content-type|authorization)$/i.test(p.name)) continue;
    if (!p.required && (mode === 'required' || p.deprecated)) continue;
    object[p.name] = maker.value(schemaOf(p));
  }
  let body: unknown;
  const requestBody = operation.requestBody ? deref<Node>(doc, operation.requestBody as Node) : undefined;
  const content = requestBody?.content as Record<string, { schema?: unknown }> | undefined;
  const chosen = content ? bodyContent(content) : undefined;
  // A body the generator left out (an empty Stripe form, a body on a GET) is not sent; a required one on a GET or
  // HEAD can be sent by no fetch client: no valid request exists.
  if (chosen && !op.requestBody && requestBody!.required && /^(get|head)$/.test(op.method))
    maker.unsatisfiable.push(
      `a ${op.method.toUpperCase()} request with a required body, which fetch cannot send`,
    );
  if (chosen && op.requestBody && (requestBody!.required || mode === 'all')) {
    const [mediaType, schema] = chosen;
    body = maker.value(schema);
    if (/form-data|octet-stream/.test(mediaType) || !/json|form|text|xml/.test(mediaType))
      body = withFiles(body, schema, doc);
  }
  if (op.bodyKey !== undefined) {
    // A body that is not an object goes under its own key beside the parameters (the call-headers pass decides).
    if (body !== undefined || Object.keys(object).length)
      args.push({ ...(body !== undefined ? { [op.bodyKey]: body } : {}), ...object });
  } else if (
    body !== undefined &&
    (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof Blob)
  ) {
    args.push(body);
  } else if (body !== undefined || Object.keys(object).length) {
    args.push({ ...(body as Record<string, unknown> | undefined), ...object });
  }
  return {
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    mode,
    sdkPath: op.sdkPath,
    args,
    ...(maker.unsatisfiable.length ? { unsatisfiable: maker.unsatisfiable } : {}),
  };
}

/**
 * The calls of `api`'s operations over the raw `doc`: every operation when `sample` is absent, else that many picked
 * by a seeded shuffle of the operations in path order. Each operation twice: required, then all.
 */
export function callsOf(doc: Node, api: Api, sample?: number): Call[] {
  let ops = [...api.operations].sort((a, b) =>
    a.path === b.path ? (a.method < b.method ? -1 : 1) : a.path < b.path ? -1 : 1,
  );
  if (sample !== undefined && ops.length > sample)
    ops = shuffle(ops, mulberry32(seedOf(api.title))).slice(0, sample);
  return ops.flatMap((op) => [callOf(doc, op, 'required'), callOf(doc, op, 'all')]);
}
