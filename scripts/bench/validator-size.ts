/**
 * Size of the generated validators for a spec (every file under `validators/`), beside the size of ajv's standalone
 * code for the same schemas: every component schema, and every request body and JSON response schema of every
 * operation, compiled with `allErrors` (as our `check` functions report every error) and formats.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { Diagnostics } from '../../generator/diagnostics.ts';
import { loadSpec } from '../../generator/load/index.ts';
import { runPipeline } from '../../generator/pipeline.ts';

export interface SizeReport {
  spec: string;
  generatedBytes: number;
  generatedFiles: number;
  largestFile: { path: string; bytes: number };
  ajvBytes: number;
  ajvSchemas: number;
}

const encode = (t: string) => t.replace(/~/g, '~0').replace(/\//g, '~1');

export async function validatorSize(spec: string): Promise<SizeReport> {
  const result = await runPipeline({ spec, emitters: ['validators'], mode: 'tolerant' });
  const files = result.files.filter((f) => f.path.startsWith('validators/'));
  const bytes = (f: { contents: string }) => Buffer.byteLength(f.contents);
  const largest = files.reduce((a, f) => (bytes(f) > a.bytes ? { path: f.path, bytes: bytes(f) } : a), {
    path: '',
    bytes: 0,
  });

  const { document } = await loadSpec(spec, new Diagnostics('tolerant'));
  // A tolerant load keeps what the YAML says: a path item holds `summary` and `parameters` beside its operations,
  // and an entry may be null.
  type Media = Record<string, { schema?: unknown } | null>;
  type Op = { requestBody?: { content?: Media }; responses?: Record<string, { content?: Media } | null> };
  const doc = document as unknown as {
    paths?: Record<string, Record<string, unknown> | null>;
    components?: { schemas?: Record<string, unknown> };
  };
  const id = 'https://bench.local/api';
  const refs: Record<string, string> = {};
  for (const name of Object.keys(doc.components?.schemas ?? {}))
    refs[`s${Object.keys(refs).length}`] = `${id}#/components/schemas/${encode(name)}`;
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!value || typeof value !== 'object') continue;
      const op = value as Op;
      const base = `${id}#/paths/${encode(p)}/${method}`;
      for (const [mt, media] of Object.entries(op.requestBody?.content ?? {}))
        if (media?.schema && mt.includes('json'))
          refs[`s${Object.keys(refs).length}`] = `${base}/requestBody/content/${encode(mt)}/schema`;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const [mt, media] of Object.entries(response?.content ?? {}))
          if (media?.schema && mt.includes('json'))
            refs[`s${Object.keys(refs).length}`] =
              `${base}/responses/${encode(status)}/content/${encode(mt)}/schema`;
      }
    }
  }
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateFormats: true,
    code: { source: true },
    logger: false,
  });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...(fromOpenApi30(structuredClone(document)) as object), $id: id });
  for (const ref of Object.values(refs)) ajv.compile({ $ref: ref });
  const code = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const source = (code as unknown as (a: Ajv2020, r: Record<string, string>) => string)(ajv, refs);
  return {
    spec,
    generatedBytes: files.reduce((n, f) => n + bytes(f), 0),
    generatedFiles: files.length,
    largestFile: largest,
    ajvBytes: Buffer.byteLength(source),
    ajvSchemas: Object.keys(refs).length,
  };
}

/** OpenAPI 3.0's `nullable` as JSON Schema (ajv refuses it beside no `type`, where it has no effect anyway). */
function fromOpenApi30(value: unknown): unknown {
  if (Array.isArray(value)) value.forEach(fromOpenApi30);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('nullable' in o && typeof o.nullable === 'boolean') {
      if (o.nullable && typeof o.type === 'string') o.type = [o.type, 'null'];
      delete o.nullable;
    }
    for (const [k, v] of Object.entries(o))
      if (k !== 'enum' && k !== 'const' && k !== 'example' && k !== 'examples' && k !== 'default')
        fromOpenApi30(v);
  }
  return value;
}

export function formatSize(r: SizeReport): string {
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  return [
    `Validator size for ${path.basename(r.spec)}:`,
    '',
    '| generated validators | files | largest file | ajv standalone (same schemas, allErrors) | schemas | generated / ajv |',
    '|---|---|---|---|---|---|',
    `| ${mb(r.generatedBytes)} | ${r.generatedFiles} | ${r.largestFile.path} ${mb(r.largestFile.bytes)} | ${mb(r.ajvBytes)} | ${r.ajvSchemas} | ${(r.generatedBytes / r.ajvBytes).toFixed(2)} |`,
  ].join('\n');
}

export const sizeSpecExists = (spec: string) => fs.existsSync(spec);
