/**
 * `validators/requests/<area>.ts`: per operation, `validate<Op>Request(input)` (path, query and header parameters
 * coerced from strings with defaults applied; the body by media type, unknown fields refused only where the schema
 * or the `validators.unknownRequestFields` config says so) and
 * `validate<Op>Response(status, body)` (tolerating properties the spec does not list yet).
 */
import {
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from 'ts-morph';
import type { ValidatorsConfig } from '../../config/types.ts';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { Parameter } from '../../ir/parameter.ts';
import type { NamedSchema, TypeNode } from '../../ir/schema.ts';
import { propertiesOf, resolveNode, schemaByName } from '../../ir/queries.ts';
import type { GeneratedFile } from '../contract.ts';
import { printFile } from '../ts/project.ts';
import { _, join, Name, Writer, type Code } from './code/index.ts';
import { rootPath, structuralKey, type Compiler, type HelperPool } from './compile.ts';
import { fileCompiler } from './files.ts';
import { bracketLeaves, writeBody } from './body.ts';
import { effectiveStyle, requestBodyType } from '../operation-facts.ts';
import { specPointer } from './path.ts';
import { plainRef } from './structure.ts';
import { printAll } from './schemas.ts';
import { pointerToken } from '../../diagnostics.ts';
import { commentText } from '../ts/literal.ts';

const READERS_PATH = 'validators/requests/parameters.ts';

const LOCATIONS = [
  { in: 'path', key: 'path', typeName: (op: Operation) => op.names.pathParams },
  { in: 'query', key: 'query', typeName: (op: Operation) => op.names.query },
  { in: 'header', key: 'headers', typeName: (op: Operation) => op.names.headers },
] as const;

export function emitRequestValidators(
  api: Api,
  options: ValidatorsConfig,
  pool?: HelperPool,
): GeneratedFile[] {
  const schemas = schemaByName(api);
  const files: GeneratedFile[] = [];
  const readers = parameterReaders(api, schemas, options, pool);
  if (readers) files.push(readers);
  for (const area of api.areas) {
    const ops = api.operations.filter((o) => o.area === area.slug);
    if (!ops.length) continue;
    const { compiler, declarations } = fileCompiler(api, options, 'requests', undefined, pool);
    const types = new Set<string>();
    const used = new Set<string>();
    const fns: StatementStructures[] = [];
    // Operations whose responses validate the same way share one function (GitHub's spec has hundreds).
    const responseFns = new Map<string, string>();
    for (const op of ops) {
      fns.push(requestFunction(api, schemas, op, compiler, types, used));
      const key = JSON.stringify(responseEntries(op).map((e) => [e.status, structuralKey(e.content!.type!)]));
      const same = responseFns.get(key);
      if (same) {
        fns.push({
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          docs: [commentText(`Validates a JSON response body of \`${op.operationId}\` (as \`${same}\`).`)],
          declarations: [{ name: op.names.validateResponse, initializer: same }],
        });
        continue;
      }
      responseFns.set(key, op.names.validateResponse);
      fns.push(responseFunction(api, op, compiler));
    }
    compiler.runtime.add('RequestInput').add('ValidatedRequest').add('ValidationResult').add('None');
    const path = area.files.requestValidators;
    const parts = printAll(path, fns, compiler);
    const typeImport = types.size
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            isTypeOnly: true,
            moduleSpecifier: '../../types/index.js',
            namedImports: [...types].sort(),
          } as const,
        ]
      : [];
    const readerImport = used.size
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            moduleSpecifier: './parameters.js',
            namedImports: [...used].sort(),
          } as const,
        ]
      : [];
    files.push({
      path,
      contents: printFile(path, [
        ...declarations('../runtime.js'),
        ...typeImport,
        ...readerImport,
        ...compiler.declarations(),
        ...parts,
      ]),
    });
  }
  return files;
}

function requestFunction(
  api: Api,
  schemas: Map<string, NamedSchema>,
  op: Operation,
  compiler: Compiler,
  types: Set<string>,
  readers: Set<string>,
): FunctionDeclarationStructure {
  const typeArgs = LOCATIONS.map((loc) => {
    if (!op.parameters.some((p) => p.in === loc.in)) return 'None';
    types.add(loc.typeName(op));
    return loc.typeName(op);
  });
  const contents = op.requestBody?.contents ?? [];
  if (contents.length) types.add(op.names.body);
  const bodyType = contents.length
    ? op.requestBody!.required
      ? requestBodyType(op, op.names.body)
      : `${requestBodyType(op, op.names.body)} | undefined`
    : 'undefined';
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: op.names.validateRequest,
    docs: [
      commentText(
        `Validates a \`${op.operationId}\` request (${op.method.toUpperCase()} ${op.path}), every error located by JSON pointer.`,
      ),
    ],
    parameters: [{ name: 'input', type: 'RequestInput' }],
    returnType: `ValidationResult<ValidatedRequest<${[...typeArgs, bodyType].join(', ')}>>`,
    statements: (writer) => {
      const w = new Writer(writer);
      w.line(_`const c = new Ctx();`);
      const fields: Code[] = [];
      for (const loc of LOCATIONS) {
        const params = op.parameters.filter((p) => p.in === loc.in);
        const target = new Name(loc.key);
        // No parameters of a kind: the shared empty object, nothing allocated.
        if (!params.length) {
          fields.push(_`${target}: ${compiler.rt('NONE')}`);
          continue;
        }
        fields.push(_`${target}`);
        const read = () => {
          for (const p of params) {
            if (p.reader) {
              readers.add(p.reader);
              w.line(_`${new Name(p.reader)}(input, ${target}, c);`);
            } else writeParam(w, api, schemas, p, loc.key, target, compiler);
          }
        };
        // Every parameter of the kind optional and without a default (the organization and project headers): none
        // sent, nothing to read or check, and the shared empty object stands for them.
        if (params.every((p) => !p.required && p.type.default === undefined)) {
          const given = _`input.${target} !== undefined`;
          w.line(_`const ${target}: Record<string, unknown> = ${given} ? {} : ${compiler.rt('NONE')};`);
          w.block(_`if (${given})`, read);
        } else {
          w.line(_`const ${target}: Record<string, unknown> = {};`);
          read();
        }
      }
      if (contents.length) {
        w.line(_`let body: unknown = input.body;`);
        writeBody(w, api, schemas, op, compiler);
      }
      w.line(_`if (c.count) return { ok: false, errors: c.errors };`);
      // Operations without a body ignore one sent anyway, as HTTP allows. The function's return type names the
      // validated shape once; the value is checked to be it above. (Built here, not by a shared runtime function:
      // one allocation site per operation measured faster.)
      fields.push(contents.length ? _`body` : _`body: undefined`);
      w.line(_`return { ok: true, value: { ${join(fields, _`, `)} } as never };`);
    },
  };
}

/** Reads, coerces and checks one parameter from `input.<key>` into the object named `target`. */
function writeParam(
  w: Writer,
  api: Api,
  schemas: Map<string, NamedSchema>,
  p: Parameter,
  key: string,
  target: Name,
  compiler: Compiler,
): void {
  if (p.in === 'cookie') return;
  const wire = p.in === 'header' ? p.name.toLowerCase() : p.name;
  const outKey = p.in === 'path' ? p.identifier : p.name;
  const pointer = `/${key}/${pointerToken(p.name)}`;
  const at = styleOf(api, schemas, p);
  w.block(_``, () => {
    const given = _`input.${new Name(key)}?.[${wire}]`;
    if (at?.read === 'list')
      w.line(_`const raw = ${compiler.rt('styledList')}(${given}, ${p.name}, ${at.style});`);
    else if (at?.read === 'scalar')
      w.line(_`const raw = ${compiler.rt('styledScalar')}(${given}, ${p.name}, ${at.style});`);
    else w.line(_`const raw = ${given};`);
    const plain = coercion(api, schemas, p.type, RAW, compiler);
    if (at?.read === 'object') {
      // An object outside deepObject, as bracket fields (`color[R]`), its numbers and booleans coerced by their path.
      const table: Record<string, string> = {};
      bracketLeaves(api, schemas, p.type, p.name, table, new Set());
      const keys = propertiesOf(api, p.type, schemas).map((q) => q.name);
      w.line(
        _`let x: unknown = ${compiler.rt('bracketParam')}(${compiler.rt('styledObject')}(raw, ${p.name}, ${at.style}, input.query, ${keys}), ${p.name}, ${table}) ?? ${plain};`,
      );
    } else if (p.in === 'query' && p.style === 'deepObject') {
      // Bracket notation (`scope[type]=account`), its numbers and booleans coerced by their path.
      const table: Record<string, string> = {};
      bracketLeaves(api, schemas, p.type, p.name, table, new Set());
      w.line(
        _`let x: unknown = ${compiler.rt('bracketParam')}(input.${new Name(key)}, ${p.name}, ${table}) ?? ${plain};`,
      );
    } else w.line(_`let x: unknown = ${plain};`);
    const check = () => compiler.write(w.w, p.type, X, rootPath(_`${pointer}`), 'check');
    if (p.required || p.type.default !== undefined) {
      w.block(_`if (x === undefined)`, () => {
        if (p.required) w.line(_`c.missing(${pointer}, ${`${specPointer(p.type.pointer)}/required`});`);
        else w.line(_`x = ${p.type.default};`);
      });
      w.else(check);
    } else w.block(_`if (x !== undefined)`, check);
    // `__proto__` as a key of an assignment would set the prototype: that one is defined as an own property.
    if (outKey === '__proto__')
      w.line(
        _`if (x !== undefined) Object.defineProperty(${target}, ${outKey}, { value: x, enumerable: true, writable: true, configurable: true });`,
      );
    else w.line(_`if (x !== undefined) ${target}[${outKey}] = x;`);
  });
}

/**
 * How a parameter in a style other than its location's plain default is read back (styles.ts): as a list, a
 * scalar without its label or matrix prefix, or an object (any style but deepObject); undefined: as it comes.
 */
function styleOf(
  api: Api,
  schemas: Map<string, NamedSchema>,
  p: Parameter,
): { read: 'list' | 'scalar' | 'object'; style: Record<string, unknown> } | undefined {
  if (p.in === 'cookie') return undefined;
  const { style, explode } = effectiveStyle(p as Parameter & { in: 'path' | 'query' | 'header' });
  if (style === 'deepObject') return undefined;
  const n = resolveNode(api, p.type, schemas);
  const at = { in: p.in, style, explode };
  if (n.kind === 'object') return { read: 'object', style: at };
  const plain = style === 'form' || style === 'simple';
  if (n.kind === 'array') return plain ? undefined : { read: 'list', style: at };
  return plain ? undefined : { read: 'scalar', style: at };
}

const RAW = new Name('raw');
const X = new Name('x');

/**
 * `validators/requests/parameters.ts`: one reader per component parameter (the `Service-Organization`,
 * `Service-Project` and `X-Client-Request-Id` headers, the list cursors, ...), shared by every operation that
 * lists it instead of being written out again in each.
 */
function parameterReaders(
  api: Api,
  schemas: Map<string, NamedSchema>,
  options: ValidatorsConfig,
  pool?: HelperPool,
): GeneratedFile | undefined {
  const byComponent = new Map<string, { p: Parameter; reader: string; key: string }>();
  for (const op of api.operations) {
    for (const p of op.parameters) {
      if (!p.component || !p.reader || byComponent.has(p.component)) continue;
      byComponent.set(p.component, { p, reader: p.reader, key: LOCATIONS.find((l) => l.in === p.in)!.key });
    }
  }
  if (!byComponent.size) return undefined;
  const { compiler, declarations } = fileCompiler(api, options, 'requests', undefined, pool);
  compiler.runtime.add('RequestInput').add('Ctx');
  const fns: StatementStructures[] = [...byComponent.keys()].sort().map((name) => {
    const { p, reader, key } = byComponent.get(name)!;
    return {
      kind: StructureKind.Function,
      isExported: true,
      name: reader,
      docs: [
        commentText(
          `Reads the \`${p.name}\` ${p.in} parameter (component \`${name}\`) into \`out\`, recording its errors in \`c\`.`,
        ),
      ],
      parameters: [
        { name: 'input', type: 'RequestInput' },
        { name: 'out', type: 'Record<string, unknown>' },
        { name: 'c', type: 'Ctx' },
      ],
      returnType: 'void',
      statements: (w) => writeParam(new Writer(w), api, schemas, p, key, new Name('out'), compiler),
    };
  });
  const parts = printAll(READERS_PATH, fns, compiler);
  return {
    path: READERS_PATH,
    contents: printFile(READERS_PATH, [
      ...declarations('../runtime.js'),
      ...compiler.declarations(),
      ...parts,
    ]),
  };
}

/** The expression turning a raw parameter (string or strings) into the value its schema describes. */
function coercion(
  api: Api,
  schemas: Map<string, NamedSchema>,
  node: TypeNode,
  raw: Name,
  compiler: Compiler,
): Code {
  const n = resolveNode(api, node, schemas);
  const scalarOf = (t: TypeNode): 'number' | 'boolean' | 'string' => {
    const r = resolveNode(api, t, schemas);
    if (r.kind === 'number' || (r.kind === 'enum' && r.values.every((v) => typeof v === 'number')))
      return 'number';
    if (
      r.kind === 'boolean' ||
      (r.kind === 'literal' && typeof r.value === 'boolean') ||
      // An enum of booleans reads as an anyOf of literals.
      (r.kind === 'union' && r.variants.every((v) => scalarOf(v) === 'boolean'))
    )
      return 'boolean';
    if (r.kind === 'literal' && typeof r.value === 'number') return 'number';
    // A union with a number member (Stripe's `anyOf: [integer, enum: ['']]`): text that reads as a number is one
    // (toNumber leaves any other text as it is, for the other members).
    if (r.kind === 'union' && r.variants.some((v) => scalarOf(v) === 'number')) return 'number';
    return 'string';
  };
  if (n.kind === 'array') {
    const item = resolveNode(api, n.items, schemas).kind;
    if (item === 'object' || item === 'array' || item === 'map')
      return _`${compiler.rt('toJsonList')}(${raw})`;
    const toList = compiler.rt('toList');
    const scalarItem = scalarOf(n.items);
    if (scalarItem === 'string') return _`${toList}(${raw})`;
    const fn = compiler.rt(scalarItem === 'number' ? 'toNumber' : 'toBoolean');
    return _`${toList}(${raw})?.map((s) => ${fn}(s))`;
  }
  const scalar = compiler.rt('scalar');
  const kind = scalarOf(n);
  if (kind === 'string') return _`${scalar}(${raw})`;
  const fn = compiler.rt(kind === 'number' ? 'toNumber' : 'toBoolean');
  return _`${fn}(${scalar}(${raw}))`;
}

/** The JSON response body each status is validated against. */
function responseEntries(op: Operation) {
  return op.responses
    .map((r) => ({
      status: r.status,
      content:
        r.contents.find((c) => c.kind === 'json' && c.type && !c.when) ??
        r.contents.find((c) => c.kind === 'json' && c.type),
    }))
    .filter((e) => e.content?.type);
}

/** `validate<Op>Response`: a row per documented status, run by the runtime's `responseValidator`. */
function responseFunction(api: Api, op: Operation, compiler: Compiler): StatementStructures {
  const rows = responseEntries(op).map((e) => {
    const type = e.content!.type!;
    // A named schema's place is its own; any other body schema's is where the response has it.
    const at = plainRef(type)
      ? (compiler.schemas.get(type.target)?.type.pointer ?? type.pointer)
      : type.pointer;
    return _`[${e.status}, ${compiler.helper(type, 'is')}, ${compiler.helper(type, 'check')}, ${at}]`;
  });
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      commentText(`Validates a JSON response body of \`${op.operationId}\` (unlisted properties tolerated).`),
    ],
    declarations: [
      {
        name: op.names.validateResponse,
        initializer: _`${compiler.rt('responseValidator')}([${join(rows, _`, `)}])`.toString(),
      },
    ],
  };
}
