/**
 * A schema by its values and `type` (the last rule of ./rules.ts, once references and combinators are ruled out):
 * `null` among the types folds into `nullable`; `const` and `enum` become literals and enums (an intersection where
 * other keywords apply too); several types a union of one node per type; no `type` a node per type whose keywords
 * appear; one type its converter in `BY_TYPE`.
 */
import { joinPointer } from '../../diagnostics.ts';
import type { JsonValue } from '../../ir/base.ts';
import type { NodeBase, TypeNode } from '../../ir/schema.ts';
import type { Json } from '../context.ts';
import { parseArray } from './array.ts';
import type { Converter, SchemaParse } from './context.ts';
import { literal, parseEnum } from './enum.ts';
import { fitsType, hasShape, stripAnnotations, stripKeys } from './json.ts';
import { KIND_KEYWORDS } from './keywords.ts';
import { parseNumber } from './number.ts';
import { parseObject } from './object.ts';
import { parseString } from './string.ts';

/** A converter for one JSON type; `alone`: the schema names no other type (an object then asserts its type). */
type TypeConverter = (schema: Json, b: NodeBase, pointer: string, p: SchemaParse, alone: boolean) => TypeNode;

/** The converter of each JSON Schema type. */
const BY_TYPE: Record<string, TypeConverter> = {
  string: (schema, b, _pointer, p) => parseString(p.ctx, schema, b),
  number: (schema, b) => parseNumber(schema, b, false),
  integer: (schema, b) => parseNumber(schema, b, true),
  boolean: (_schema, b) => ({ ...b, kind: 'boolean' }),
  null: (_schema, b) => ({ ...b, kind: 'null' }),
  array: (schema, b, pointer, p) => parseArray(schema, b, pointer, p),
  object: (schema, b, pointer, p, alone) => parseObject(schema, b, pointer, alone, p),
};

export const convertTyped: Converter = (schema, b, pointer, p) => {
  const { ctx } = p;
  let types = typeList(schema, pointer, p);
  if (schema.nullable === true) b.nullable = true;
  if (types.includes('null')) {
    if (types.length === 1) {
      if (schema.const === undefined && !Array.isArray(schema.enum)) return { ...b, kind: 'null' };
      // `type: null` beside `const`/`enum`: both apply (`{type: null, const: 2}` accepts nothing).
      const only = p.shape(
        schema.const !== undefined ? { const: schema.const } : { enum: schema.enum },
        pointer,
      );
      return { ...b, kind: 'intersection', members: [{ nullable: false, pointer, kind: 'null' }, only] };
    }
    b.nullable = true;
    types = types.filter((t) => t !== 'null');
  }

  const values =
    schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  // `type` or other keywords beside `const`/`enum` that some value does not meet: both apply (an intersection).
  if (values) {
    const fits = (x: unknown) =>
      x === null ? b.nullable || !types.length : !types.length || types.some((t) => fitsType(t, x));
    const others = stripKeys(schema, ['const', 'enum', 'type']);
    if ((hasShape(others) && !redundantForStrings(others, values)) || !values.every(fits)) {
      const only = p.shape(
        schema.const !== undefined ? { const: schema.const } : { enum: schema.enum },
        pointer,
      );
      const rest = p.shape(
        stripKeys(schema, ['const', 'enum', 'description', 'title', 'default', 'examples', 'example']),
        pointer,
      );
      return { ...b, nullable: false, kind: 'intersection', members: [only, rest] };
    }
  }
  // Objects or arrays among the values: JSON equality on top of whatever the other keywords say.
  if (values?.some((x) => x !== null && typeof x === 'object')) {
    const rest = stripKeys(schema, ['const', 'enum']);
    const node = hasShape(rest) ? p.shape(rest, pointer) : ({ ...b, kind: 'unknown' } as TypeNode);
    node.jsonValues = values as JsonValue[];
    return node;
  }
  if (schema.const !== undefined) return literal(ctx, schema.const, b, pointer);
  if (Array.isArray(schema.enum)) return parseEnum(ctx, schema.enum, b, pointer);

  if (types.length > 1) {
    const variants = types.map((t) => p.shape({ ...stripAnnotations(schema), type: t }, pointer));
    return { ...b, kind: 'union', mode: 'anyOf', variants };
  }
  const type = types[0];
  if (type === undefined) return untyped(schema, b, pointer, p);
  const convert = Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type] : undefined;
  if (convert) return convert(schema, b, pointer, p, types.length === 1);
  ctx.diagnostics.report(
    'invalid-openapi',
    `unknown schema type '${type}'`,
    ctx.locate(joinPointer(pointer, 'type')),
    'typed as unknown',
  );
  return { ...b, kind: 'unknown' };
};

function typeList(schema: Json, pointer: string, { ctx }: SchemaParse): string[] {
  const t = schema.type;
  if (t === undefined) return [];
  if (typeof t === 'string') return [t];
  if (Array.isArray(t) && t.every((x) => typeof x === 'string')) return [...new Set(t)];
  ctx.diagnostics.report(
    'invalid-openapi',
    "'type' must be a string or a list of strings",
    ctx.locate(joinPointer(pointer, 'type')),
    'the type is not constrained',
  );
  return [];
}

/**
 * A schema without `type`: each keyword constrains only values of the type it applies to (`{maximum: 3}`
 * accepts `"x"`), so each type's keywords become a node that lets other types through; several types' keywords
 * make an intersection of such nodes.
 */
function untyped(schema: Json, b: NodeBase, pointer: string, p: SchemaParse): TypeNode {
  const kinds = KIND_KEYWORDS.filter(([, keys]) => keys.some((k) => schema[k] !== undefined)).map(
    ([kind]) => kind,
  );
  const partial = (kind: string, base: NodeBase): TypeNode => {
    if (kind === 'object') return parseObject(schema, base, pointer, false, p);
    const node =
      kind === 'string'
        ? parseString(p.ctx, schema, base)
        : kind === 'number'
          ? parseNumber(schema, base, false)
          : parseArray(schema, base, pointer, p);
    if (node.kind === 'string' || node.kind === 'number' || node.kind === 'array') node.typeAsserted = false;
    return node;
  };
  if (!kinds.length) return { ...b, kind: 'unknown' };
  if (kinds.length === 1) return partial(kinds[0]!, b);
  return { ...b, kind: 'intersection', members: kinds.map((k) => partial(k, { nullable: false, pointer })) };
}

/**
 * String bounds beside an enum of strings that every value meets (`{enum: [block, …], maxLength: 12}`, Cloudflare):
 * they admit nothing the enum does not, so the schema is the enum alone (an intersection with them would name the
 * hoisted enum after the schema itself: `type X = X`).
 */
function redundantForStrings(others: Record<string, unknown>, values: unknown[]): boolean {
  const annotations = ['description', 'title', 'default', 'examples', 'example', 'deprecated'];
  const keys = Object.keys(others).filter((k) => !annotations.includes(k) && !k.startsWith('x-'));
  if (!keys.length || !keys.every((k) => k === 'minLength' || k === 'maxLength' || k === 'pattern'))
    return false;
  const { minLength, maxLength, pattern } = others;
  let re: RegExp | undefined;
  try {
    re = typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined;
  } catch {
    return false;
  }
  return values.every(
    (v) =>
      typeof v === 'string' &&
      (typeof minLength !== 'number' || [...v].length >= minLength) &&
      (typeof maxLength !== 'number' || [...v].length <= maxLength) &&
      (re === undefined || re.test(v)),
  );
}
