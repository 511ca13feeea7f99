/**
 * `generated/validators/`: standalone validators compiled from the IR (no validator library at run time).
 *   runtime.ts            hand-written helpers (templates/validators/runtime.ts, copied verbatim)
 *   schemas/<area>.ts     is<Type>(v, r?) / check<Type>(v, p, c) per named schema (r, c: the run's state)
 *   requests/<area>.ts    validate<Op>Request(input) / validate<Op>Response(status, body) per operation
 *   shared.ts             is<n>(v, r) / check<n> / ev<n>(v, e, d, r): one helper per distinct inline sub-schema
 *   index.ts              validateRequest(operationId, input), validateResponse(...), validateSchema(name, value)
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/types.ts';
import { DEFAULT_CONFIG, type CodegenConfig } from '../../config/types.ts';
import type { GeneratedFile } from '../../diagnostics.ts';
import { printFile } from '../ts/project.ts';
import { propertyKey } from '../ts/type-expr.ts';
import { verbatimFile } from '../../render/templates.ts';
import { HelperPool } from './compile.ts';
import { checkName, fileCompiler, isName } from './files.ts';
import { emitRequestValidators, requestFnName, responseFnName } from './requests.ts';
import { emitSchemaValidators, emitSharedHelpers } from './schemas.ts';

export function emitValidators(api: Api, config: CodegenConfig = DEFAULT_CONFIG): GeneratedFile[] {
  const files: GeneratedFile[] = [verbatimFile('validators/runtime.ts', 'validators/runtime.ts'), verbatimFile('validators/formats.ts', 'validators/formats.ts')];
  // One pool of helpers for the document: identical sub-schemas anywhere share one function in shared.ts.
  const pool = new HelperPool();
  const shared = fileCompiler(api, config.validators, 'shared', undefined, pool);
  const schemaFiles = emitSchemaValidators(api, config.validators, pool);
  const requestFiles = emitRequestValidators(api, config.validators, pool);
  const sharedFile = emitSharedHelpers(pool, shared.compiler, shared.declarations);
  files.push(...schemaFiles, ...requestFiles, ...(sharedFile ? [sharedFile] : []), indexFile(api));
  return files;
}

function indexFile(api: Api): GeneratedFile {
  const statements: (string | StatementStructures)[] = [];
  const areasWithSchemas = [...new Set(api.schemas.map((s) => s.area))].sort();
  const areasWithOps = [...new Set(api.operations.map((o) => o.area))].sort();
  statements.push(`export type { ValidationError, ValidationResult, RequestInput, ValidatedRequest, RawParams } from './runtime.js';`);
  statements.push(`export { MAX_ERRORS, MAX_DEPTH } from './runtime.js';`);
  statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: './runtime.js', namedImports: [{ name: 'Ctx' }, { name: 'unknownOperation' }, { name: 'RequestInput', isTypeOnly: true }, { name: 'ValidationResult', isTypeOnly: true }] });
  for (const area of areasWithSchemas) {
    const names = api.schemas.filter((s) => s.area === area).flatMap((s) => [isName(s), checkName(s)]);
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./schemas/${area}.js`, namedImports: names.sort() });
  }
  for (const area of areasWithOps) {
    const names = api.operations.filter((o) => o.area === area).flatMap((o) => [requestFnName(o), responseFnName(o)]);
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `./requests/${area}.js`, namedImports: names.sort() });
  }
  for (const area of areasWithSchemas) statements.push(`export * from './schemas/${area}.js';`);
  for (const area of areasWithOps) statements.push(`export * from './requests/${area}.js';`);
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
  const table = (entries: string[], empty: string) => (entries.length ? `{ ${entries.join(', ')} } as const` : `{} as Record<never, ${empty}>`);
  const none = (what: string, name: string) => `throw new Error(\`the API has no ${what} \${String(${name})}\`);`;
  statements.push(constant('requestValidators', 'Request validator of every operation, by operationId.', table(ops.map((o) => `${propertyKey(o.operationId)}: ${requestFnName(o)}`), '(input: RequestInput) => ValidationResult<unknown>')));
  statements.push(constant('responseValidators', 'Response validator of every operation, by operationId.', table(ops.map((o) => `${propertyKey(o.operationId)}: ${responseFnName(o)}`), '(status: number, body: unknown) => ValidationResult<unknown>')));
  statements.push(constant('schemaValidators', 'Validators of every named schema, by component name.', table(schemas.map((s) => `${propertyKey(s.name)}: { is: ${isName(s)}, check: ${checkName(s)} }`), '{ is: (value: unknown) => boolean; check: (value: unknown, at: string, c: Ctx) => void }')));
  statements.push(`/** An operationId of the API. */\nexport type OperationId = keyof typeof requestValidators;`);
  statements.push(`/** A component schema name of the API. */\nexport type SchemaName = keyof typeof schemaValidators;`);
  if (ops.length) statements.push(`const REQUEST_VALIDATORS: ReadonlyMap<string, (input: RequestInput) => unknown> = new Map(Object.entries(requestValidators));`);
  statements.push(`/**
 * Validates a request of \`operationId\`: \`{ ok: true, value }\` with parameters coerced and defaults applied, or
 * \`{ ok: false, errors }\` with every error (at most MAX_ERRORS).
 */
export function validateRequest<K extends OperationId>(operationId: K, input: RequestInput): ReturnType<(typeof requestValidators)[K]> {
  ${ops.length ? `// One Map lookup (no inherited keys, unlike an object's): an own-key test and a read would be two.
  const validate = (REQUEST_VALIDATORS.get(operationId) ?? unknownOperation(operationId)) as (input: RequestInput) => ReturnType<(typeof requestValidators)[K]>;
  return validate(input);` : `void input;\n  void unknownOperation;\n  ${none('operation', 'operationId')}`}
}`);
  statements.push(`/** Validates a JSON response body of \`operationId\` for \`status\`; new properties are tolerated. */
export function validateResponse(operationId: OperationId, status: number, body: unknown): ValidationResult<unknown> {
  ${ops.length ? 'return responseValidators[operationId](status, body);' : `void status;\n  void body;\n  ${none('operation', 'operationId')}`}
}`);
  statements.push(`/** Validates \`value\` against the named schema (errors located under \`/\`). */
export function validateSchema(name: SchemaName, value: unknown): ValidationResult<unknown> {
  ${schemas.length ? `const v = schemaValidators[name];
  if (v.is(value)) return { ok: true, value };
  const c = new Ctx();
  v.check(value, '', c);
  return c.count ? { ok: false, errors: c.errors } : { ok: true, value };` : `void value;\n  void Ctx;\n  ${none('schema', 'name')}`}
}`);
  return { path: 'validators/index.ts', contents: printFile('validators/index.ts', statements) };
}
