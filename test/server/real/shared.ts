/**
 * Shared by the real-spec server tests: the IR of spec/openapi.yaml (so the operation list cannot drift), the
 * generated server started on 127.0.0.1:0, a request sender over real HTTP, and ajv compiled from the same
 * bundled document as an independent oracle for generated JSON values.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildIr } from '../../../generator/index.ts';
import type { RequestBodyContent } from '../../../generator/ir/body.ts';
import type { Operation } from '../../../generator/ir/operation.ts';
import type { TypeNode } from '../../../generator/ir/schema.ts';
import { loadSpec } from '../../../generator/load/index.ts';
import * as server from '../../../generated/server/index.ts';
import { listen, type Running } from '../helpers.ts';
import { isObj, Values } from './values.ts';

export const SPEC = 'spec/openapi.yaml';
export const api = await buildIr(SPEC);
export const values = new Values(api);
export const operations: Operation[] = api.operations;
export { server };

const { document } = await loadSpec(SPEC);
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const ID = 'https://real.test/api';
ajv.addSchema({ ...(document as object), $id: ID });

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const oracles = new Map<string, (v: unknown) => boolean>();

/** ajv's verdict on a JSON body of `op` (the x-rules are outside JSON Schema: ajv ignores them). */
export function oracle(op: Operation, mediaType: string): (v: unknown) => boolean {
  const key = `${op.operationId} ${mediaType}`;
  let fn = oracles.get(key);
  if (!fn) {
    const docAny = document as unknown as {
      paths: Record<string, Record<string, { requestBody?: { $ref?: string } }>>;
    };
    const rb = docAny.paths[op.path]?.[op.method]?.requestBody;
    const base = rb?.$ref ? rb.$ref : `#/paths/${escape(op.path)}/${op.method}/requestBody`;
    const validate = ajv.compile({ $ref: `${ID}${base}/content/${escape(mediaType)}/schema` });
    fn = (v: unknown) => validate(v);
    oracles.set(key, fn);
  }
  return fn;
}

/** ajv's verdict on a schema node of the IR given by its pointer (parameters). */
export function nodeOracle(node: TypeNode): (v: unknown) => boolean {
  const validate = ajv.compile({ $ref: `${ID}${node.pointer}` });
  return (v: unknown) => validate(v);
}

export const TOKEN = 'sk-real-test';
export const authOptions = {
  authenticate: (token: string) => (token === TOKEN ? { kind: 'api_key' as const, id: 'key_1' } : undefined),
};

export async function start(handlers: Record<string, (input: never) => unknown>): Promise<Running> {
  const app = server.createServer(handlers, authOptions);
  return listen(app.node);
}

/** A stable value per path parameter, with characters that need encoding. */
export function pathValue(name: string): string {
  return `${name}-1 x:y%z`;
}

export function urlOf(base: string, op: Operation, query?: Record<string, unknown>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(pathValue(n)));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) qs.append(k, String(x));
    else qs.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const s = qs.toString();
  return `${base}/v1${path}${s ? `?${s}` : ''}`;
}

/** A multipart form from a body value: files as files, arrays as repeated fields, objects as JSON text. */
export function formOf(body: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (k: string, v: unknown) => {
    if (v instanceof Blob) form.append(k, v);
    else if (isObj(v)) form.append(k, JSON.stringify(v));
    else form.append(k, String(v));
  };
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) add(k, x);
    else add(k, v);
  }
  return form;
}

export interface Sent {
  status: number;
  json: unknown;
  text: string;
  headers: Headers;
}

/** Sends one request of `op` over real HTTP. */
export async function send(
  base: string,
  op: Operation,
  req: {
    query?: Record<string, unknown>;
    headers?: Record<string, string>;
    body?: unknown;
    content?: RequestBodyContent;
  },
): Promise<Sent> {
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}`, ...req.headers };
  let body: BodyInit | undefined;
  if (req.body !== undefined && req.content) {
    if (req.content.kind === 'multipart') body = formOf(req.body as Record<string, unknown>);
    else {
      headers['content-type'] = req.content.mediaType;
      body = JSON.stringify(req.body);
    }
  }
  const res = await fetch(urlOf(base, op, req.query), { method: op.method.toUpperCase(), headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** The JSON pointers the 400 envelope names. */
export function errorPaths(sent: Sent): string[] {
  const e = (sent.json as { error?: { param?: string | null; errors?: { path: string }[] } } | undefined)
    ?.error;
  return [...(e?.errors?.map((x) => x.path) ?? []), ...(e?.param ? [e.param] : [])];
}

export function errorMessages(sent: Sent): string[] {
  const e = (sent.json as { error?: { message?: string; errors?: { message: string }[] } } | undefined)
    ?.error;
  return [...(e?.errors?.map((x) => x.message) ?? []), ...(e?.message ? [e.message] : [])];
}

/** The first content of the success response. */
export function successContent(op: Operation) {
  const r = op.responses.find((x) => x.status.startsWith('2'));
  return { status: Number(r?.status ?? 200), contents: r?.contents ?? [] };
}

/**
 * Handlers for every operation that record the input they got (`seen`) and answer with a valid response built
 * from the IR (`returned`), keyed by operationId.
 */
export function recordingHandlers(
  seen: Map<string, any>,
  returned: Map<string, unknown>,
  respond: (op: Operation, body: unknown) => unknown,
): Record<string, (input: any) => unknown> {
  const handlers: Record<string, (input: any) => unknown> = {};
  for (const op of operations) {
    handlers[op.operationId] = (input: any) => {
      seen.set(op.operationId, input);
      const out = respond(op, input.body);
      returned.set(op.operationId, out);
      return out;
    };
  }
  return handlers;
}
