import type { NamedSchema, TypeNode } from '../../ir/schema.ts';

export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'blob';
export const ALL_KINDS: readonly JsonKind[] = [
  'string',
  'number',
  'boolean',
  'null',
  'array',
  'object',
  'blob',
];

/** The basic JSON kinds a node can accept (all of them when it does not restrict the type). */
export function kindsOf(node: TypeNode, schemas: ReadonlyMap<string, NamedSchema>, depth = 0): Set<JsonKind> {
  const out = new Set<JsonKind>();
  if (node.nullable) out.add('null');
  const add = (...ks: JsonKind[]) => ks.forEach((k) => out.add(k));
  switch (node.kind) {
    case 'boolean':
      add('boolean');
      break;
    case 'null':
      add('null');
      break;
    case 'binary':
      add('blob');
      break;
    case 'literal':
      add(node.value === null ? 'null' : (typeof node.value as JsonKind));
      break;
    case 'enum':
      for (const v of node.values) add(typeof v as JsonKind);
      if (node.open) add('string');
      break;
    case 'array':
    case 'string':
    case 'number':
      if (node.typeAsserted === false) add(...ALL_KINDS);
      else add(node.kind);
      break;
    case 'map':
      add('object');
      break;
    case 'object':
      if (node.typeAsserted) add('object');
      else add(...ALL_KINDS);
      break;
    case 'ref': {
      const target = schemas.get(node.target);
      if (!target || depth > 16) add(...ALL_KINDS);
      else for (const k of kindsOf(target.type, schemas, depth + 1)) out.add(k);
      break;
    }
    case 'union':
      for (const v of node.variants) for (const k of kindsOf(v, schemas, depth + 1)) out.add(k);
      break;
    case 'intersection': {
      const sets = node.members.map((m) => kindsOf(m, schemas, depth + 1));
      for (const k of ALL_KINDS) if (sets.every((s) => s.has(k))) out.add(k);
      if (node.nullable) out.add('null');
      break;
    }
    case 'unknown':
      add(...ALL_KINDS);
      break;
    case 'never':
      break;
  }
  return out;
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  binary: 'a file',
  array: 'an array',
  object: 'an object',
  map: 'an object',
  unknown: 'any value',
  never: 'nothing',
};

/** A short phrase for messages: `a string`, `an array of integers`, `one of 'a', 'b'`, `a Grader`. */
export function describe(node: TypeNode, depth = 0): string {
  const base = describeBare(node, depth);
  return node.nullable && node.kind !== 'null' && node.kind !== 'unknown' ? `${base} or null` : base;
}

function describeBare(node: TypeNode, depth: number): string {
  switch (node.kind) {
    case 'number':
      return node.integer ? 'an integer' : 'a number';
    case 'literal':
      return JSON.stringify(node.value);
    case 'enum':
      return node.open ? 'a string' : `one of ${listValues(node.values)}`;
    case 'array':
      return depth > 1 ? 'an array' : `an array of ${plural(describe(node.items, depth + 1))}`;
    case 'ref':
      return `${/^[AEIOU]/.test(node.target) ? 'an' : 'a'} ${node.target}`;
    case 'union':
      return depth > 1 ? 'one of several shapes' : joinOr(node.variants.map((v) => describe(v, depth + 1)));
    case 'intersection':
      return node.members[0] ? describe(node.members[0], depth + 1) : 'any value';
    case 'object': {
      if (node.typeAsserted) return 'an object';
      // A branch that only asks for fields (`anyOf: [{required: [a]}, {required: [b]}]`) is described by them.
      const required = [
        ...node.properties.filter((p) => p.required).map((p) => p.name),
        ...node.extraRequired,
      ];
      return required.length ? `a value with ${joinAnd(required)}` : 'any value';
    }
    default:
      return ARTICLE[node.kind] ?? node.kind;
  }
}

function plural(phrase: string): string {
  return phrase.replace(/^an? (\w+)/, (_, w: string) => `${w}s`).replace(/^anys value$/, 'any values');
}

function joinAnd(items: string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function joinOr(items: string[]): string {
  const unique = [...new Set(items)];
  if (unique.length <= 1) return unique[0] ?? 'nothing';
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

export function listValues(values: readonly (string | number | boolean | null)[]): string {
  const shown = values.slice(0, 12).map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  return values.length > 12 ? `${shown.join(', ')}, ... (${values.length} values)` : shown.join(', ');
}
