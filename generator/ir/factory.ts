/** Builders for IR values, for tests and tools that make IR without a spec. Defaults are the neutral ones. */
import type { Api, NamedSchema, ObjectNode, Operation, Property, StateMachine, TypeNode } from './types.ts';

type Extra<T> = Partial<Omit<T, 'kind'>>;

export const t = {
  string: (extra: Extra<Extract<TypeNode, { kind: 'string' }>> = {}): TypeNode => ({ kind: 'string', nullable: false, pointer: '#', ...extra }),
  number: (extra: Extra<Extract<TypeNode, { kind: 'number' }>> = {}): TypeNode => ({ kind: 'number', integer: false, nullable: false, pointer: '#', ...extra }),
  integer: (extra: Extra<Extract<TypeNode, { kind: 'number' }>> = {}): TypeNode => ({ kind: 'number', integer: true, nullable: false, pointer: '#', ...extra }),
  boolean: (): TypeNode => ({ kind: 'boolean', nullable: false, pointer: '#' }),
  literal: (value: string | number | boolean | null): TypeNode => ({ kind: 'literal', value, nullable: false, pointer: '#' }),
  enum: (enumName: string, values: (string | number)[], open = false): TypeNode => ({ kind: 'enum', values, open, enumName, nullable: false, pointer: '#' }),
  ref: (target: string, nullable = false): TypeNode => ({ kind: 'ref', target, nullable, pointer: '#' }),
  array: (items: TypeNode, extra: Extra<Extract<TypeNode, { kind: 'array' }>> = {}): TypeNode => ({ kind: 'array', items, nullable: false, pointer: '#', ...extra }),
  map: (values: TypeNode): TypeNode => ({ kind: 'map', values, nullable: false, pointer: '#' }),
  union: (variants: TypeNode[], extra: Extra<Extract<TypeNode, { kind: 'union' }>> = {}): TypeNode => ({ kind: 'union', mode: 'oneOf', variants, nullable: false, pointer: '#', ...extra }),
  object: (properties: Record<string, TypeNode>, required: string[] = [], extra: Partial<Omit<ObjectNode, 'kind' | 'properties'>> = {}): TypeNode => ({
    kind: 'object',
    properties: Object.entries(properties).map(([name, type]): Property => ({ name, required: required.includes(name), type })),
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

export function schema(name: string, type: TypeNode, area = 'common'): NamedSchema {
  return { name, typeName: name, area, type, pointer: `#/components/schemas/${name}` };
}

export function operation(operationId: string, method: Operation['method'], path: string, extra: Partial<Operation> = {}): Operation {
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
    names: { pascal: operationId[0]!.toUpperCase() + operationId.slice(1), pathParams: '', query: '', headers: '', body: '', response: '', route: '' },
    sdkPath: [],
    pointer: `#/paths/${path.replace(/\//g, '~1')}/${method}`,
    ...extra,
  };
}

export function machine(name: string, extra: Partial<StateMachine> = {}): StateMachine {
  const typeName = name[0]!.toUpperCase() + name.slice(1);
  return { name, typeName: `${typeName}State`, constName: `${name}Machine`, schema: typeName, property: 'status', states: [], initialStates: [], transitions: [], guards: [], complete: false, area: 'common', pointer: `#/x-state-machines/${name}`, ...extra };
}

export function api(extra: Partial<Api> = {}): Api {
  return {
    title: 'Test',
    version: '1',
    servers: [],
    securitySchemes: [],
    security: [],
    tags: [],
    areas: [{ slug: 'common', title: 'Common' }],
    schemas: [],
    enums: [],
    operations: [],
    webhooks: [],
    stateMachines: [],
    notShown: [],
    resources: { property: '', className: '', path: [], methods: [], children: [] },
    headers: [],
    ...extra,
  };
}
