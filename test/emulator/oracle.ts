/**
 * ajv (2020-12, formats on) compiled from a spec's bundled document: an oracle we did not write for what the
 * emulator answers and sends. Each operation's answer is checked against the schema the spec declares for its
 * status and media type; each component schema by name.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadSpec } from '../../generator/load/index.ts';

type Doc = {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
};

export interface Oracle {
  /** The document as bundled (component references kept). */
  document: Doc;
  /**
   * Errors of a JSON answer of `method path` with `status` (the spec's path template, `/tickets/{ticket_id}`),
   * against the schema the spec declares for it; [] when it validates. A status the spec does not declare is an error.
   */
  answer(method: string, path: string, status: number, body: unknown): string[];
  /** Errors of `value` against the component schema `name`; [] when it validates. */
  schema(name: string, value: unknown): string[];
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export async function oracleOf(spec: string): Promise<Oracle> {
  const { document } = (await loadSpec(spec)) as unknown as { document: Doc & { openapi?: string } };
  // OpenAPI 3.0 is draft-04-like JSON Schema with `nullable`; 3.1 is 2020-12 (some 3.1 specs keep 3.0's `nullable`
  // and boolean bounds, which the generator reads as 3.0's: so does the oracle).
  const v30 = document.openapi?.startsWith('3.0') ?? false;
  const options = { strict: false, allErrors: true, validateFormats: true, inlineRefs: false } as const;
  const ajv = v30 ? new Ajv(options) : new Ajv2020(options);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const ID = 'https://oracle.test/api';
  ajv.addSchema({ ...(asJsonSchema(document) as object), $id: ID });
  const compiled = new Map<string, ValidateFunction>();
  const check = (pointer: string, value: unknown): string[] => {
    let validate = compiled.get(pointer);
    if (!validate) compiled.set(pointer, (validate = ajv.compile({ $ref: `${ID}#${pointer}` })));
    return validate(value) ? [] : [ajv.errorsText(validate.errors, { separator: '; ' })];
  };
  const resolveResponse = (value: unknown): { content?: Record<string, unknown> } | undefined => {
    const ref = (value as { $ref?: string } | undefined)?.$ref;
    if (!ref) return value as { content?: Record<string, unknown> } | undefined;
    const name = ref.replace(/^#\/components\/responses\//, '');
    return document.components?.responses?.[name] as { content?: Record<string, unknown> } | undefined;
  };
  return {
    document,
    answer(method, path, status, body) {
      const responses = document.paths?.[path]?.[method.toLowerCase()]?.responses ?? {};
      const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => c in responses);
      if (!code) return [`${method} ${path}: status ${status} is not declared`];
      const response = resolveResponse(responses[code]);
      const mediaType = Object.keys(response?.content ?? {}).find((m) => /json/.test(m));
      if (!mediaType) return [];
      const ref = (responses[code] as { $ref?: string }).$ref;
      const base = ref ? ref.slice(1) : `/paths/${escape(path)}/${method.toLowerCase()}/responses/${code}`;
      return check(`${base}/content/${escape(mediaType)}/schema`, body);
    },
    schema(name, value) {
      return check(`/components/schemas/${escape(name)}`, value);
    },
  };
}

/**
 * An OpenAPI document's schemas as JSON Schema for ajv: 3.0's `nullable` as a `null` type, and the boolean
 * `exclusiveMinimum`/`exclusiveMaximum` of draft 4 as the bound itself.
 */
export function asJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => asJsonSchema(n));
  if (node === null || typeof node !== 'object') return node;
  const source = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (key !== 'nullable') out[key] = asJsonSchema(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  if (source.nullable !== true) return out;
  if (typeof out.type === 'string')
    return {
      ...out,
      type: [out.type, 'null'],
      ...(Array.isArray(out.enum) ? { enum: [...out.enum, null] } : {}),
    };
  return { anyOf: [out, { type: 'null' }] };
}
