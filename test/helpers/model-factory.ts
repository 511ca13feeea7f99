/**
 * Builders for model values, for tests that make a model without a spec: the parsed model (what the passes
 * read) and the resolved one (what emitters read). Defaults are the neutral ones; resolved names follow the naming
 * pass's patterns.
 */
import { areaFiles } from '../../generator/naming/paths.ts';
import type { Api, ParsedApi } from '../../generator/ir/api.ts';
import type { Operation, OperationNames, ParsedOperation } from '../../generator/ir/operation.ts';
import type { ParsedParameter } from '../../generator/ir/parameter.ts';
import type { ParsedResponse } from '../../generator/ir/response.ts';
import type { NamedSchema, ObjectNode, ParsedSchema, Property, TypeNode } from '../../generator/ir/schema.ts';
import type { ParsedStateMachine, StateMachine } from '../../generator/ir/state-machine.ts';

type Extra<T> = Partial<Omit<T, 'kind'>>;

export const t = {
  string: (extra: Extra<Extract<TypeNode, { kind: 'string' }>> = {}): TypeNode => ({
    kind: 'string',
    nullable: false,
    pointer: '#',
    ...extra,
  }),
  number: (extra: Extra<Extract<TypeNode, { kind: 'number' }>> = {}): TypeNode => ({
    kind: 'number',
    integer: false,
    nullable: false,
    pointer: '#',
    ...extra,
  }),
  integer: (extra: Extra<Extract<TypeNode, { kind: 'number' }>> = {}): TypeNode => ({
    kind: 'number',
    integer: true,
    nullable: false,
    pointer: '#',
    ...extra,
  }),
  boolean: (): TypeNode => ({ kind: 'boolean', nullable: false, pointer: '#' }),
  literal: (value: string | number | boolean | null): TypeNode => ({
    kind: 'literal',
    value,
    nullable: false,
    pointer: '#',
  }),
  /** An enum at `pointer` (its identity for the naming pass's hoisting). */
  enum: (values: (string | number)[], extra: Extra<Extract<TypeNode, { kind: 'enum' }>> = {}): TypeNode => ({
    kind: 'enum',
    values,
    open: false,
    nullable: false,
    pointer: '#',
    ...extra,
  }),
  ref: (target: string, nullable = false): TypeNode => ({ kind: 'ref', target, nullable, pointer: '#' }),
  array: (items: TypeNode, extra: Extra<Extract<TypeNode, { kind: 'array' }>> = {}): TypeNode => ({
    kind: 'array',
    items,
    nullable: false,
    pointer: '#',
    ...extra,
  }),
  map: (values: TypeNode): TypeNode => ({ kind: 'map', values, nullable: false, pointer: '#' }),
  union: (variants: TypeNode[], extra: Extra<Extract<TypeNode, { kind: 'union' }>> = {}): TypeNode => ({
    kind: 'union',
    mode: 'oneOf',
    variants,
    nullable: false,
    pointer: '#',
    ...extra,
  }),
  /** Properties in the model's order (sorted by wire name), whatever the order given. */
  object: (
    properties: Record<string, TypeNode>,
    required: string[] = [],
    extra: Partial<Omit<ObjectNode, 'kind' | 'properties'>> = {},
  ): TypeNode => ({
    kind: 'object',
    properties: Object.keys(properties)
      .sort()
      .map((name): Property => ({ name, required: required.includes(name), type: properties[name]! })),
    additional: true,
    extraRequired: [],
    rules: [],
    typeAsserted: true,
    nullable: false,
    pointer: '#',
    ...extra,
  }),
  nullable: <N extends TypeNode>(node: N): N => ({ ...node, nullable: true }),
};

/** A parsed named schema at `#/components/schemas/<name>`. */
export function parsedSchema(name: string, type: TypeNode): ParsedSchema {
  return { name, type, pointer: `#/components/schemas/${name}` };
}

/** A resolved named schema: its type name is its component name. */
export function schema(name: string, type: TypeNode, area = 'common'): NamedSchema {
  return {
    ...parsedSchema(name, type),
    typeName: name,
    area,
    validators: { is: `is${name}`, check: `check${name}` },
  };
}

/** A parameter (required when in the path). */
export function parameter(
  name: string,
  where: ParsedParameter['in'],
  type: TypeNode = t.string(),
  extra: Partial<ParsedParameter> = {},
): ParsedParameter {
  return { name, in: where, required: where === 'path', type, ...extra };
}

/** A response with one JSON content of `type` (none without). */
export function response(
  status: string,
  type?: TypeNode,
  extra: Partial<ParsedResponse> = {},
): ParsedResponse {
  return {
    status,
    description: '',
    headers: [],
    contents: type ? [{ mediaType: 'application/json', kind: 'json', type }] : [],
    ...extra,
  };
}

export function parsedOperation(
  operationId: string,
  method: ParsedOperation['method'],
  path: string,
  extra: Partial<ParsedOperation> = {},
): ParsedOperation {
  return {
    operationId,
    method,
    path,
    tags: [],
    area: 'common',
    deprecated: false,
    parameters: [],
    responses: [],
    servers: [],
    security: [],
    pointer: `#/paths/${path.replace(/\//g, '~1')}/${method}`,
    ...extra,
  };
}

/** The names the naming pass gives an operation whose PascalCase operationId is `pascal`. */
export function operationNames(pascal: string): OperationNames {
  return {
    pascal,
    pathParams: `${pascal}PathParams`,
    query: `${pascal}Query`,
    headers: `${pascal}Headers`,
    body: `${pascal}Body`,
    response: `${pascal}Response`,
    validateRequest: `validate${pascal}Request`,
    validateResponse: `validate${pascal}Response`,
  };
}

export function operation(
  operationId: string,
  method: Operation['method'],
  path: string,
  extra: Partial<Operation> = {},
): Operation {
  const { sdkCall: _sdkCall, ...parsed } = parsedOperation(operationId, method, path);
  return {
    ...parsed,
    parameters: [],
    responses: [],
    pathParameters: [],
    successVariants: [],
    callHeaders: [],
    wirePath: path.split('#')[0]!,
    names: operationNames(operationId[0]!.toUpperCase() + operationId.slice(1)),
    sdkPath: ['api', operationId],
    ...extra,
  };
}

export function parsedMachine(name: string, extra: Partial<ParsedStateMachine> = {}): ParsedStateMachine {
  const schemaName = name[0]!.toUpperCase() + name.slice(1);
  return {
    name,
    schema: schemaName,
    property: 'status',
    states: [],
    initialStates: [],
    transitions: [],
    guards: [],
    complete: false,
    pointer: `#/x-state-machines/${name}`,
    ...extra,
  };
}

export function machine(name: string, extra: Partial<StateMachine> = {}): StateMachine {
  const typeName = name[0]!.toUpperCase() + name.slice(1);
  return {
    ...parsedMachine(name),
    typeName: `${typeName}State`,
    constName: `${name}Machine`,
    area: 'common',
    ...extra,
  };
}

export function parsedApi(extra: Partial<ParsedApi> = {}): ParsedApi {
  return {
    title: 'Test',
    version: '1',
    servers: [],
    securitySchemes: [],
    security: [],
    tags: [],
    schemas: [],
    operations: [],
    webhooks: [],
    stateMachines: [],
    notShown: [],
    headers: [],
    ...extra,
  };
}

export function api(extra: Partial<Api> = {}): Api {
  return {
    ...parsedApi(),
    clientName: 'TestClient',
    envPrefix: 'TEST_',
    areas: [{ slug: 'common', title: 'Common', files: areaFiles('common') }],
    schemas: [],
    enums: [],
    enumNames: new Map(),
    operations: [],
    webhooks: [],
    stateMachines: [],
    notShown: [],
    resources: { property: '', className: '', path: [], methods: [], children: [] },
    sdkNaming: 'paths',
    emulation: {
      collections: [],
      operations: {},
      events: [],
      assumedInitial: {},
      assumedProgressions: [],
      rateLimitHeaders: [],
    },
    basePath: '',
    ...extra,
  };
}
