/**
 * A value of a response schema built from what is known (the stored request, server-assigned fields), with every
 * required field the schema asks for made up when missing: examples first, then defaults, then a value the
 * schema accepts (its pattern, format, lengths and bounds: the schema faker of ./fakes/schema.ts, seeded by the
 * field's name), times being the emulator clock's now. Fields the schema does not declare are dropped, so a stored
 * request never leaks into an answer. Deterministic: the same inputs give the same value.
 */
import { fakeFromSchema, merge } from './fakes/schema.js';
import { numberFits, stringFits } from './fakes/match.js';
import type { Json, JsonObject, Schema } from './types.js';

export interface FillContext {
  schemas: Readonly<Record<string, Schema>>;
  /** Unix seconds, for `*_at` integer fields. */
  nowSeconds: number;
}

const MAX_DEPTH = 24;
/** Fields that hold a time by their name (`created_at`, `updatedAt`). */
const TIME_NAME = /(_at|At|^created|^updated|^timestamp)$/;

function resolve(schema: Schema, ctx: FillContext, depth = 0): Schema {
  let s = schema;
  for (let i = 0; typeof s.$ref === 'string' && i < 16; i++) s = ctx.schemas[s.$ref.slice(4)] ?? {};
  return depth > MAX_DEPTH ? {} : s;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** A cheap test of whether `value` fits `schema` at its top level (type, const, enum, discriminating consts). */
export function fits(schema: Schema, value: Json, ctx: FillContext, depth = 0): boolean {
  const s = resolve(schema, ctx, depth);
  if (depth > MAX_DEPTH) return true;
  if ('const' in s) return JSON.stringify(s.const) === JSON.stringify(value);
  if (Array.isArray(s.enum)) return (s.enum as Json[]).some((e) => e === value);
  const t = s.type as string | undefined;
  if (t) {
    const actual = typeOf(value);
    if (!(t === actual || (t === 'number' && actual === 'integer'))) return false;
  }
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives) return alternatives.some((a) => fits(a, value, ctx, depth + 1));
  if (Array.isArray(s.allOf)) return (s.allOf as Schema[]).every((a) => fits(a, value, ctx, depth + 1));
  if (isObject(value) && isObject(s.properties)) {
    // Literal fields (`type`, `object`) tell union members apart.
    for (const [name, prop] of Object.entries(s.properties as Record<string, Schema>)) {
      const p = resolve(prop, ctx, depth + 1);
      if ('const' in p && name in value && JSON.stringify(p.const) !== JSON.stringify(value[name]))
        return false;
      if ('const' in p && !(name in value) && ((s.required as string[] | undefined) ?? []).includes(name))
        return false;
    }
    for (const r of (s.required as string[] | undefined) ?? []) {
      const p = resolve((s.properties as Record<string, Schema>)[r] ?? {}, ctx, depth + 1);
      if (!(r in value) && !('const' in p) && !('default' in p)) return false;
    }
  }
  return true;
}

/** `schema`'s value from `value` (undefined: nothing known). `name` is the field's name, for made-up values. */
export function fill(schema: Schema, value: Json | undefined, ctx: FillContext, name = '', depth = 0): Json {
  const s = resolve(schema, ctx, depth);
  if (depth > MAX_DEPTH) return value ?? null;
  if ('const' in s) return s.const as Json;
  if (Array.isArray(s.enum)) {
    const values = s.enum as Json[];
    return value !== undefined && values.includes(value) ? value : values[0]!;
  }
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives) {
    if (value !== undefined) {
      const match = alternatives.find((a) => fits(a, value, ctx, depth + 1));
      if (match) return fill(match, value, ctx, name, depth + 1);
    }
    // Nothing known: null where allowed, else the first member.
    const nullable = alternatives.find((a) => resolve(a, ctx).type === 'null');
    return nullable ? null : fill(alternatives[0]!, value, ctx, name, depth + 1);
  }
  if (Array.isArray(s.allOf)) {
    // Object members are one object (a member may require what another declares): merged, then filled.
    const members = allOfMembers(s, ctx, depth);
    if (members.every(isObjectSchema))
      return fillObject(members.reduce(merge, {}), isObject(value) ? value : undefined, ctx, depth);
    const parts = (s.allOf as Schema[]).map((m) => fill(m, value, ctx, name, depth + 1));
    return parts.every(isObject) ? Object.assign({}, ...parts) : parts[0]!;
  }
  const type: string =
    (s.type as string | undefined) ??
    (s.properties || s.additionalProperties ? 'object' : s.items ? 'array' : '');
  switch (type) {
    case 'object':
      return fillObject(s, isObject(value) ? value : undefined, ctx, depth);
    case 'array': {
      const items = (s.items as Schema | undefined) ?? {};
      if (Array.isArray(value)) return value.map((v) => fill(items, v, ctx, name, depth + 1));
      const min = (s.minItems as number | undefined) ?? 0;
      return Array.from({ length: min }, () => fill(items, undefined, ctx, name, depth + 1));
    }
    case 'string':
      // A stored value the answer's schema cannot hold (a request field looser than the response's) is made up.
      if (typeof value === 'string' && stringFits(s, value)) return value;
      // A server-assigned time (`created_at: <unix seconds>`) where the schema wants a string: RFC 3339.
      if (typeof value === 'number' && (s.format === 'date-time' || s.format === 'date'))
        return isoTime(value, s.format);
      if (
        typeof value === 'number' &&
        s.format === undefined &&
        s.pattern === undefined &&
        TIME_NAME.test(name)
      )
        return isoTime(value, 'date-time');
      return madeUpString(s, name, ctx);
    case 'integer':
    case 'number':
      return typeof value === 'number' &&
        (type === 'number' || Number.isInteger(value)) &&
        numberFits(s, value)
        ? value
        : madeUpNumber(s, name, type === 'integer', ctx);
    case 'boolean':
      return typeof value === 'boolean' ? value : ((first(s) as boolean | undefined) ?? false);
    case 'null':
      return null;
    default:
      return value ?? (first(s) as Json | undefined) ?? null;
  }
}

/** The members of an `allOf` with references followed and nested `allOf`s opened, the schema's own keywords first. */
function allOfMembers(s: Schema, ctx: FillContext, depth: number): Schema[] {
  const { allOf, ...own } = s;
  const members: Schema[] = Object.keys(own).length ? [own] : [];
  for (const m of allOf as Schema[]) {
    const r = resolve(m, ctx, depth + 1);
    if (Array.isArray(r.allOf) && depth < MAX_DEPTH) members.push(...allOfMembers(r, ctx, depth + 1));
    else members.push(r);
  }
  return members;
}

/** Keywords that make a schema other than an object, or a choice. */
const NOT_OBJECT = [
  'oneOf',
  'anyOf',
  'enum',
  'const',
  'items',
  'prefixItems',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
];

/**
 * A schema of an object with no choice in it: `type: object`, or no type and nothing of another type (a member of
 * only annotations, `{title}`, is one).
 */
const isObjectSchema = (m: Schema) =>
  !m.oneOf && !m.anyOf && (m.type === 'object' || (m.type === undefined && !NOT_OBJECT.some((k) => k in m)));

function fillObject(s: Schema, value: JsonObject | undefined, ctx: FillContext, depth: number): JsonObject {
  const props = (s.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((s.required as string[] | undefined) ?? []);
  const out: JsonObject = {};
  if (!value && !Object.keys(props).length) {
    const example = first(s);
    if (isObject(example)) return example;
  }
  for (const [key, prop] of Object.entries(props)) {
    if (value && key in value && value[key] !== undefined)
      out[key] = fill(prop, value[key], ctx, key, depth + 1);
    else if (required.has(key)) out[key] = fill(prop, undefined, ctx, key, depth + 1);
  }
  // A map (`additionalProperties: schema`): the known entries, each made to fit.
  const extra = s.additionalProperties;
  if (value && extra && typeof extra === 'object') {
    for (const [key, v] of Object.entries(value))
      if (!(key in props)) out[key] = fill(extra as Schema, v, ctx, key, depth + 1);
  }
  return out;
}

function first(s: Schema): unknown {
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  return s.default;
}

/** Unix seconds as RFC 3339 (`2026-11-26T08:00:00Z`, whole seconds) or a full date. */
function isoTime(seconds: number, format: 'date-time' | 'date'): string {
  const text = new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return format === 'date' ? text.slice(0, 10) : text;
}

/** A value of a leaf schema from the faker, else `fallback` (a schema no value satisfies is the spec's problem). */
function faked(s: Schema, name: string, ctx: FillContext, fallback: Json): Json {
  try {
    return fakeFromSchema(s, name || 'value', { resolve: (ref) => ctx.schemas[ref.slice(4)] });
  } catch {
    return fallback;
  }
}

function madeUpString(s: Schema, name: string, ctx: FillContext): string {
  const known = first(s);
  // The spec's own example, unless it breaks its schema (GitHub's page_url example is no URI).
  if (typeof known === 'string' && stringFits(s, known)) return known;
  // Times the server would assign are the emulator clock's now.
  if (s.format === 'date-time' || s.format === 'date') return isoTime(ctx.nowSeconds, s.format);
  const made = faked(s, name, ctx, name.replace(/[^A-Za-z0-9]+/g, '-') || 'string');
  return typeof made === 'string' ? made : JSON.stringify(made);
}

function madeUpNumber(s: Schema, name: string, integer: boolean, ctx: FillContext): number {
  const known = first(s);
  if (typeof known === 'number' && numberFits(s, known)) return known;
  const min =
    (s.minimum as number | undefined) ??
    (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined);
  const max =
    (s.maximum as number | undefined) ??
    (typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined);
  const now = ctx.nowSeconds;
  // A time in Unix seconds (`created_at`) is now, where the bounds allow it.
  if (TIME_NAME.test(name) && (min === undefined || now > min) && (max === undefined || now < max))
    return now;
  const made = faked({ ...s, type: integer ? 'integer' : 'number' }, name, ctx, 0);
  return typeof made === 'number' ? made : 0;
}
