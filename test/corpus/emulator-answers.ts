/**
 * Every operation of a whole public spec sent to its emulator (the `emulate` command in process, tolerant, with
 * `--unknown-ids synthesize` so items the run never created are answered as a stateless mock answers them), each
 * request made from the spec's own schemas (`fakeFromSchema`, seeded; a few seeds when the server refuses one,
 * since a faked request may break a rule JSON Schema cannot state), and every 2xx JSON answer judged by ajv
 * against the schema the spec declares for it. Creates go first, deletes last.
 */
import { fakeFromSchema } from '../../templates/emulator/fakes/index.ts';
import { oracleOf } from '../emulator/oracle.ts';
import { serve } from '../emulator/serve.ts';

type Obj = Record<string, unknown>;
interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
  $ref?: string;
}
interface Op {
  parameters?: Param[];
  requestBody?: { $ref?: string; content?: Record<string, { schema?: unknown }> };
}

export interface Outcome {
  operations: number;
  /** Operations answered 2xx. */
  succeeded: number;
  /** Operations never answered 2xx, by their last status. */
  refused: Record<string, number>;
  /** Every 2xx JSON answer the spec's schema refuses, with ajv's words. */
  invalid: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export async function answerAll(spec: string): Promise<Outcome> {
  const oracle = await oracleOf(spec);
  const doc = oracle.document as unknown as Obj;
  const deref = <T>(value: T): T => {
    let v = value as { $ref?: string } | undefined;
    for (let i = 0; v?.$ref && i < 8; i++) {
      let node: unknown = doc;
      for (const k of v.$ref.slice(2).split('/'))
        node = (node as Obj)[k.replace(/~1/g, '/').replace(/~0/g, '~')];
      v = node as { $ref?: string };
    }
    return v as T;
  };
  const fake = (schema: unknown, seed: string) =>
    fakeFromSchema(schema ?? {}, seed, { root: doc, omit: 'readOnly', maxDepth: 3 });
  const served = await serve(spec, ['--tolerant', '--unknown-ids', 'synthesize']);
  const outcome: Outcome = { operations: 0, succeeded: 0, refused: {}, invalid: [] };
  const ops = Object.entries(
    (doc.paths ?? {}) as Record<string, Record<string, Op> & { parameters?: Param[] }>,
  )
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({
        path,
        method,
        op: item[method]!,
        shared: item.parameters,
      })),
    )
    .sort((a, b) => rank(a.method, a.path) - rank(b.method, b.path));
  try {
    for (const { path, method, op, shared } of ops) {
      outcome.operations++;
      let last = 0;
      for (let attempt = 0; attempt < 4; attempt++) {
        const seed = `${method} ${path} ${attempt}`;
        const params = [...(shared ?? []), ...(op.parameters ?? [])].map((p) => deref(p));
        const url = new URL(
          served.base +
            path.replace(/\{([^}]+)\}/g, (_, name: string) => {
              const p = params.find((x) => x.in === 'path' && x.name === name);
              return encodeURIComponent(scalar(fake(p?.schema, `${seed} ${name}`)));
            }),
        );
        const headers: Record<string, string> = { authorization: 'Bearer corpus-key' };
        for (const p of params.filter((x) => x.required && x.in !== 'path')) {
          const value = fake(p.schema, `${seed} ${p.name}`);
          if (p.in === 'query')
            for (const v of Array.isArray(value) ? value : [value])
              url.searchParams.append(p.name, scalar(v));
          else if (p.in === 'header') headers[p.name] = scalar(value);
        }
        const init: RequestInit = { method: method.toUpperCase(), headers };
        const content = deref(op.requestBody)?.content ?? {};
        const [mediaType, media] = Object.entries(content)[0] ?? [];
        if (mediaType && media) init.body = body(mediaType, fake(media.schema, `${seed} body`), headers);
        let res: Response;
        let answer: unknown;
        let type = '';
        try {
          res = await fetch(url, init);
          type = res.headers.get('content-type') ?? '';
          answer = /json/.test(type) && res.status !== 204 ? await res.json() : await res.arrayBuffer();
        } catch (error) {
          // A cut connection or a stream that fails midway is as wrong as an invalid answer.
          const cause = (error as { cause?: { message?: string } }).cause?.message ?? '';
          outcome.invalid.push(`${method.toUpperCase()} ${path}: ${(error as Error).message} ${cause}`);
          break;
        }
        last = res.status;
        if (res.status >= 200 && res.status < 300) {
          outcome.succeeded++;
          if (/json/.test(type))
            for (const e of oracle.answer(method, path, res.status, answer))
              outcome.invalid.push(`${method.toUpperCase()} ${path} ${res.status}: ${e.slice(0, 300)}`);
          break;
        }
        if (res.status !== 400) break;
      }
      if (last < 200 || last >= 300) outcome.refused[last] = (outcome.refused[last] ?? 0) + 1;
    }
  } finally {
    await served.close();
  }
  return outcome;
}

/** Creates first (so later operations find items), deletes last. */
function rank(method: string, path: string): number {
  if (method === 'post' && !path.endsWith('}')) return 0;
  return method === 'delete' ? 2 : 1;
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A request body of the media type from a faked value: JSON, a form, multipart (files as small blobs), else text. */
function body(mediaType: string, value: unknown, headers: Record<string, string>): BodyInit {
  if (mediaType.includes('multipart/form-data')) {
    const form = new FormData();
    for (const [k, v] of Object.entries((value ?? {}) as Obj))
      for (const item of Array.isArray(v) ? v : [v])
        if (typeof item === 'string' && /^(file|image|audio|video|mask|data|content)/.test(k))
          form.append(k, new Blob([new Uint8Array([1, 2, 3])]), 'f.bin');
        else form.append(Array.isArray(v) ? `${k}[]` : k, scalar(item));
    return form;
  }
  headers['content-type'] = mediaType;
  if (mediaType.includes('json')) return JSON.stringify(value);
  if (mediaType.includes('x-www-form-urlencoded'))
    return new URLSearchParams(
      Object.entries((value ?? {}) as Obj).map(([k, v]) => [k, scalar(v)]),
    ).toString();
  return typeof value === 'string' ? value : scalar(value);
}
