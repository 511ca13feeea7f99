/**
 * The request bodies Prism does not check. Prism compiles each body's schema with ajv and, when ajv refuses the
 * schema (OpenAI's `CreateThreadAndRunRequest`: `"nullable" cannot be used without "type"`), swallows the error and
 * lets every body through (prism-http's `validateAgainstSchema`, an `O.tryCatch` around the compile). A test that
 * passes against Prism on such an operation says nothing about its request. Found here with Prism's own operation
 * loader and the ajv it depends on, configured as Prism configures it (validator/validators/utils.js).
 */
import { createRequire } from 'node:module';

interface PrismOperation {
  method: string;
  path: string;
  request?: { body?: { contents?: { mediaType: string; schema?: Record<string, unknown> }[] } };
}
interface Ajv {
  compile(schema: object): unknown;
}
type AjvClass = new (options: object) => Ajv;

/** Prism's dependencies, resolved from Prism itself (the versions it runs with). */
const prism = createRequire(
  createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/operations.js'),
);
const http = createRequire(prism.resolve('@stoplight/prism-http'));

/** The ajv class Prism picks by the schema's `$schema` (draft 2019-09, 2020-12, else draft-07). */
function ajvFor(schema: Record<string, unknown>): Ajv {
  const draft = String(schema.$schema);
  const path = /2019-09/.test(draft)
    ? 'ajv/dist/2019'
    : /2020-12/.test(draft)
      ? 'ajv/dist/2020'
      : 'ajv/dist/ajv';
  const Class = (http(path) as { default: AjvClass }).default;
  return new Class({
    allErrors: true,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    logger: false,
  });
}

export interface PrismBody {
  method: string;
  /** The spec's path template (`/threads/{thread_id}`). */
  path: string;
  /** Why Prism does not check this operation's body (ajv's refusal of its schema); undefined when it does. */
  unchecked?: string;
}

/** Every operation of `spec` as Prism reads it, with the reason when Prism lets its request body through unchecked. */
export async function prismBodies(spec: string): Promise<PrismBody[]> {
  const { getHttpOperationsFromSpec } = prism('@stoplight/prism-http') as {
    getHttpOperationsFromSpec: (spec: string) => Promise<PrismOperation[]>;
  };
  const out: PrismBody[] = [];
  for (const op of await getHttpOperationsFromSpec(spec)) {
    const bundle = (op as unknown as { __bundled__?: unknown }).__bundled__;
    const body: PrismBody = { method: op.method.toUpperCase(), path: op.path };
    for (const content of op.request?.body?.contents ?? []) {
      if (!content.schema) continue;
      try {
        ajvFor(content.schema).compile({ ...content.schema, __bundled__: bundle });
      } catch (e) {
        body.unchecked = (e as Error).message;
        break;
      }
    }
    out.push(body);
  }
  return out;
}

/** The operation of `ops` a request's method and path (below the API's root) address; literal segments first. */
export function operationAt<T extends { method: string; path: string }>(
  ops: readonly T[],
  method: string,
  path: string,
): T | undefined {
  const segments = path.split('/');
  let best: { op: T; params: number } | undefined;
  for (const op of ops) {
    if (op.method !== method.toUpperCase()) continue;
    const template = op.path.split('/');
    if (template.length !== segments.length) continue;
    let params = 0;
    const fits = template.every((t, i) => {
      if (/^\{[^}]+\}$/.test(t)) return ++params > 0 && segments[i] !== '';
      return t === segments[i];
    });
    if (fits && (!best || params < best.params)) best = { op, params };
  }
  return best?.op;
}
