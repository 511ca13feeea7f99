/**
 * `generated/validators/`: standalone validators compiled from the IR (no validator library at run time).
 *   runtime.ts …          hand-written helpers (every file of templates/validators/, copied verbatim), which the
 *                         validators import through runtime.ts: the run and its errors (run.ts), request inputs and
 *                         response rows (io.ts), formats (formats.ts, hostnames.ts), linear-time patterns (pattern.ts)
 *   schemas/<area>.ts     is<Type>(v, r?) / check<Type>(v, p, c) per named schema (r, c: the run's state)
 *   requests/<area>.ts    validate<Op>Request(input) / validate<Op>Response(status, body) per operation
 *   shared.ts             is<What>(v, r) / check<What>(v, p, c, s) / ev<What>(v, e, d, r): one helper per distinct
 *                         inline sub-schema, named after what it checks (helper-names.ts), its schema's pointer beside it
 *   index.ts              validateRequest(operationId, input), validateResponse(...), validateSchema(name, value)
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import { DEFAULT_CONFIG, type CodegenConfig } from '../../config/types.ts';
import type { GeneratedFile } from '../contract.ts';
import { printFile } from '../ts/project.ts';
import { dataLiteral, ref, type Data } from '../ts/literal.ts';
import { importRegistry, specifier } from '../ts/imports.ts';
import { verbatimFolder } from '../templates.ts';
import { HelperPool } from './compile.ts';
import { fileCompiler } from './files.ts';
import { onePlaceKeys } from './one-place.ts';
import { emitRequestValidators } from './requests.ts';
import { emitSchemaValidators, emitSharedHelpers } from './schemas.ts';

export function emitValidators(api: Api, config: CodegenConfig = DEFAULT_CONFIG): GeneratedFile[] {
  // The runtime, every file of templates/validators/; the validators import it through runtime.ts.
  const files: GeneratedFile[] = verbatimFolder('validators');
  // One pool of helpers for the document: identical sub-schemas anywhere share one function in shared.ts.
  const pool = new HelperPool(places(api), takenNames(api, files), onePlaceKeys(api));
  const shared = fileCompiler(api, config.validators, 'shared', undefined, pool);
  const schemaFiles = emitSchemaValidators(api, config.validators, pool);
  const requestFiles = emitRequestValidators(api, config.validators, pool);
  const sharedFile = emitSharedHelpers(pool, shared.compiler, shared.declarations);
  files.push(...schemaFiles, ...requestFiles, ...(sharedFile ? [sharedFile] : []), indexFile(api));
  return files;
}

/** The names the model gives each schema and operation, by pointer: the first words of the helpers inside them. */
function places(api: Api): Map<string, string> {
  return new Map([
    ...api.schemas.map((s) => [s.type.pointer, s.typeName] as const),
    ...api.operations.map((o) => [o.pointer, o.names.pascal] as const),
  ]);
}

/** The functions a shared helper is imported beside: named schemas', operations', parameter readers', the runtime's. */
function takenNames(api: Api, runtime: readonly GeneratedFile[]): string[] {
  const exported = runtime.flatMap((f) => [
    ...f.contents.matchAll(/^export (?:async )?(?:function|const|class) (\w+)/gm),
  ]);
  return [
    ...api.schemas.flatMap((s) => [s.validators.is, s.validators.check]),
    ...api.operations.flatMap((o) => [
      o.names.validateRequest,
      o.names.validateResponse,
      ...o.parameters.flatMap((p) => (p.reader ? [p.reader] : [])),
    ]),
    ...exported.map((m) => m[1]!),
  ];
}

function indexFile(api: Api): GeneratedFile {
  const statements: (string | StatementStructures)[] = [];
  const areasWithSchemas = [...new Set(api.schemas.map((s) => s.area))].sort();
  const areasWithOps = [...new Set(api.operations.map((o) => o.area))].sort();
  const files = new Map(api.areas.map((a) => [a.slug, a.files]));
  const schemasFile = (area: string) => files.get(area)!.schemaValidators;
  const requestsFile = (area: string) => files.get(area)!.requestValidators;
  const path = 'validators/index.ts';
  const exports = [
    `export type { ValidationError, ValidationResult, RequestInput, ValidatedRequest, RawParams } from './runtime.js';`,
    `export { MAX_ERRORS, MAX_DEPTH } from './runtime.js';`,
  ];
  const use = importRegistry(api, path);
  const runtime = (name: string, typeOnly = false) => use.from('validators/runtime.ts', name, typeOnly);
  // The tables name every validator once: through the module's namespace, not an import line each.
  const fn = (file: string, name: string) => ref(`${use.namespace(file)}.${name}`);
  for (const area of areasWithSchemas)
    statements.push(`export * from '${specifier(path, schemasFile(area))}';`);
  for (const area of areasWithOps) statements.push(`export * from '${specifier(path, requestsFile(area))}';`);
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  const schemas = [...api.schemas].sort((a, b) => (a.name < b.name ? -1 : 1));
  const constant = (name: string, doc: string, initializer: string): StatementStructures => ({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [doc],
    declarations: [{ name, initializer }],
  });
  // A spec without operations or schemas: the table is empty, its key type `never`, and the lookup unreachable.
  const table = (entries: [string, Data][], empty: string) =>
    entries.length ? `${dataLiteral(new Map(entries))} as const` : `{} as Record<never, ${empty}>`;
  const none = (what: string, name: string) =>
    `throw new Error(\`the API has no ${what} \${String(${name})}\`);`;
  statements.push(
    constant(
      'requestValidators',
      'Request validator of every operation, by operationId.',
      table(
        ops.map((o) => [o.operationId, fn(requestsFile(o.area), o.names.validateRequest)]),
        `(input: ${runtime('RequestInput', true)}) => ${runtime('ValidationResult', true)}<unknown>`,
      ),
    ),
  );
  statements.push(
    constant(
      'responseValidators',
      'Response validator of every operation, by operationId.',
      table(
        ops.map((o) => [o.operationId, fn(requestsFile(o.area), o.names.validateResponse)]),
        `(status: number, body: unknown) => ${runtime('ValidationResult', true)}<unknown>`,
      ),
    ),
  );
  statements.push(
    constant(
      'schemaValidators',
      'Validators of every named schema, by component name.',
      table(
        schemas.map((s) => [
          s.name,
          {
            is: fn(schemasFile(s.area), s.validators.is),
            check: fn(schemasFile(s.area), s.validators.check),
          },
        ]),
        `{ is: (value: unknown) => boolean; check: (value: unknown, at: string, c: ${runtime('Ctx')}) => void }`,
      ),
    ),
  );
  statements.push(
    `/** An operationId of the API. */\nexport type OperationId = keyof typeof requestValidators;`,
  );
  statements.push(
    `/** A component schema name of the API. */\nexport type SchemaName = keyof typeof schemaValidators;`,
  );
  // Lookups by a name known only at run time read prototype-less copies of the tables (`lookupTable`): a keyed read
  // of a large object literal at a call site that sees many names is slow (a fifth of a small schema's validation),
  // and a copy without a prototype has no inherited keys to guard against.
  if (ops.length)
    statements.push(
      `const REQUEST_VALIDATORS = ${runtime('lookupTable')}<(input: ${runtime('RequestInput', true)}) => unknown>(requestValidators);`,
    );
  if (ops.length)
    statements.push(
      `const RESPONSE_VALIDATORS = ${runtime('lookupTable')}<(status: number, body: unknown) => ${runtime('ValidationResult', true)}<unknown>>(responseValidators);`,
    );
  if (schemas.length)
    statements.push(
      `const SCHEMA_VALIDATORS = ${runtime('lookupTable')}<{ is: (value: unknown) => boolean; check: (value: unknown, at: string, c: ${runtime('Ctx')}) => void }>(schemaValidators);`,
    );
  statements.push(`/**
 * Validates a request of \`operationId\`: \`{ ok: true, value }\` with parameters coerced and defaults applied, or
 * \`{ ok: false, errors }\` with every error (at most MAX_ERRORS).
 */
export function validateRequest<K extends OperationId>(operationId: K, input: RequestInput): ReturnType<(typeof requestValidators)[K]> {
  ${
    ops.length
      ? `// One keyed read: the copy has no inherited keys.
  const validate = (REQUEST_VALIDATORS[operationId] ?? ${runtime('unknownOperation')}(operationId)) as (input: RequestInput) => ReturnType<(typeof requestValidators)[K]>;
  return validate(input);`
      : `void input;\n  void ${runtime('unknownOperation')};\n  ${none('operation', 'operationId')}`
  }
}`);
  statements.push(`/** Validates a JSON response body of \`operationId\` for \`status\`; new properties are tolerated. */
export function validateResponse(operationId: OperationId, status: number, body: unknown): ValidationResult<unknown> {
  ${ops.length ? `return (RESPONSE_VALIDATORS[operationId] ?? ${runtime('unknownOperation')}(operationId, 'validateResponse'))(status, body);` : `void status;\n  void body;\n  ${none('operation', 'operationId')}`}
}`);
  statements.push(`/** Validates \`value\` against the named schema (errors located under \`/\`). */
export function validateSchema(name: SchemaName, value: unknown): ValidationResult<unknown> {
  ${
    schemas.length
      ? `const v = SCHEMA_VALIDATORS[name] ?? ${runtime('unknownSchema')}(name);
  if (v.is(value)) return { ok: true, value };
  const c = new ${runtime('Ctx')}();
  v.check(value, '', c);
  return c.count ? { ok: false, errors: c.errors } : { ok: true, value };`
      : `void value;\n  void ${runtime('Ctx')};\n  ${none('schema', 'name')}`
  }
}`);
  return { path, contents: printFile(path, [...exports, ...use.declarations(), ...statements]) };
}
