// Copied by platform-api-codegen from its runtime (templates/emulator/fakes/schema.ts). Do not edit: every generation replaces it.
/**
 * A value valid for a JSON Schema (2020-12 and OpenAPI 3.0/3.1 schema objects), deterministic for a seed: the same
 * schema and seed give the same value, and each location draws from its own stream, so a change in one property
 * does not reshuffle the others. Choices, in order of precedence at each location:
 *   1. `const`; 2. `examples` (one of them) or OpenAPI's `example`; 3. `enum` (one of them); 4. `default`;
 *   5. else by type: `oneOf`/`anyOf` pick a branch (a discriminator's mapping sets its property), `allOf` is
 *      merged; strings follow `format`, `pattern`, `minLength`/`maxLength`; numbers their bounds and
 *      `multipleOf`; arrays `items`/`prefixItems`, `minItems`/`maxItems`, `uniqueItems`, `contains`; objects
 *      every `required` property, optional ones by chance (always those with a `const`, so discriminators are
 *      set), `minProperties`, `additionalProperties`, `dependentRequired`; `if`/`then`/`else` are honoured for
 *      conditions on `required`, `const`, `enum` and `type`; `not: {required: [...]}` leaves those properties
 *      out; OpenAPI 3.0's `nullable` allows null (a value is preferred).
 * Depth-bounded: below `maxDepth` levels only required properties and minimum array lengths are generated; a
 * schema that requires deeper nesting (a required recursive reference) is an error.
 */
import { Random, WORDS } from './random.js';
import { stringForPattern } from './regex.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Schema = { [key: string]: unknown };
type Discriminator = { propertyName?: string; mapping?: Record<string, string> };

export interface FakeSchemaOptions {
  /** The document `$ref`s (`#/...` JSON pointers) point into. */
  root?: unknown;
  /** Resolves a `$ref` (tried before `root`); returns undefined when it cannot. */
  resolve?: (ref: string) => unknown;
  /** Nesting depth from which only required properties and minimum lengths are generated (default 4). */
  maxDepth?: number;
  /** Properties to leave out: `readOnly` ones (a request) or `writeOnly` ones (a response). */
  omit?: 'readOnly' | 'writeOnly';
}

export class FakeSchemaError extends Error {
  override name = 'FakeSchemaError';
}

export function fakeFromSchema(
  schema: unknown,
  seed: string | number,
  options: FakeSchemaOptions = {},
): Json {
  return new Faker(String(seed), options).value(schema, '#', 0);
}

/** Keywords that only annotate: a `$ref` with only these beside it is just the reference. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'summary',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
  '$comment',
]);
const FORBIDDEN = 'x-fake-forbidden';
const CONDITIONS = 'x-fake-conditions';

interface Condition {
  if: unknown;
  then?: unknown;
  else?: unknown;
}

class Faker {
  readonly #maxDepth: number;
  readonly #hardLimit: number;

  constructor(
    readonly seed: string,
    readonly options: FakeSchemaOptions,
  ) {
    this.#maxDepth = options.maxDepth ?? 4;
    this.#hardLimit = this.#maxDepth + 32;
  }

  #random(path: string, salt = ''): Random {
    return new Random(`${this.seed}\u0000${path}\u0000${salt}`);
  }

  resolveRef(ref: string, path: string): unknown {
    const resolved = this.options.resolve?.(ref);
    if (resolved !== undefined) return resolved;
    if (ref.startsWith('#') && this.options.root !== undefined) {
      let node: unknown = this.options.root;
      for (const raw of ref.slice(1).split('/').slice(1)) {
        const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
      }
      if (node !== undefined) return node;
    }
    throw new FakeSchemaError(`Cannot resolve $ref ${JSON.stringify(ref)} at ${path}.`);
  }

  /** The schema with `$ref`s and `allOf` folded in (no `$ref`, no `allOf` at its top). */
  flatten(input: unknown, path: string, seen = 0): Schema {
    if (seen > 64) throw new FakeSchemaError(`$ref cycle without content at ${path}.`);
    if (input === true || input === undefined) return {};
    if (input === false) throw new FakeSchemaError(`No value is valid for the schema \`false\` at ${path}.`);
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      throw new FakeSchemaError(`Not a schema at ${path}.`);
    let schema = input as Schema;
    if (typeof schema.$ref === 'string') {
      const target = this.resolveRef(schema.$ref, path);
      const { $ref: _ref, ...rest } = schema;
      const siblings = Object.keys(rest).filter((k) => !ANNOTATIONS.has(k));
      schema = siblings.length
        ? { ...rest, allOf: [...((rest.allOf as unknown[] | undefined) ?? []), target] }
        : this.flatten(target, path, seen + 1);
      if (!siblings.length) return schema;
    }
    if (schema.if !== undefined) {
      const { if: condition, then, else: otherwise, ...rest } = schema;
      schema = {
        ...rest,
        [CONDITIONS]: [
          ...((rest[CONDITIONS] as Condition[] | undefined) ?? []),
          { if: condition, then, else: otherwise },
        ],
      };
    }
    if (Array.isArray(schema.allOf)) {
      const { allOf, ...rest } = schema;
      let merged = this.flatten(rest, path, seen + 1);
      // Parts without a choice first; then each part's oneOf/anyOf picks a branch that fits what is merged so far
      // (so two parts' choices never compete, and a branch's type meets the others').
      const branching: [Schema, number][] = [];
      (allOf as unknown[]).forEach((part, i) => {
        const flat = this.flatten(part, `${path}/allOf/${i}`, seen + 1);
        if (Array.isArray(flat.oneOf) || Array.isArray(flat.anyOf)) branching.push([flat, i]);
        else merged = merge(merged, flat);
      });
      for (const [flat, i] of branching)
        merged = merge(merged, this.chooseBranch(flat, `${path}/allOf/${i}`, seen + 1, undefined, merged));
      return merged;
    }
    return schema;
  }

  /** `schema` with its `oneOf`/`anyOf` replaced by one branch merged in. */
  chooseBranch(schema: Schema, path: string, seen = 0, forced?: number, context?: Schema): Schema {
    const { oneOf, anyOf, discriminator, ...rest } = schema;
    const branches = (Array.isArray(oneOf) ? oneOf : anyOf) as unknown[];
    const random = this.#random(path, 'branch');
    const mapping = discriminator as Discriminator | undefined;
    let base: Schema = rest;
    if (Array.isArray(oneOf) && Array.isArray(anyOf)) base = { ...rest, anyOf };
    if (mapping?.propertyName && mapping.mapping && Object.keys(mapping.mapping).length) {
      const [key, ref] = random.pick(Object.entries(mapping.mapping));
      const branch = this.flatten({ $ref: ref }, `${path}/discriminator`, seen + 1);
      const forced: Schema = {
        properties: { [mapping.propertyName]: { const: key } },
        required: [mapping.propertyName],
      };
      return merge(merge(this.flatten(base, path, seen + 1), branch), forced);
    }
    const flatBase = this.flatten(base, path, seen + 1);
    if (!branches.length) return flatBase;
    const kind = Array.isArray(oneOf) ? 'oneOf' : 'anyOf';
    const flatBranches = branches.map((b, i) => this.flatten(b, `${path}/${kind}/${i}`, seen + 1));
    // Only branches whose type can meet the rest of the schema's (a `{type: null}` from a condition, say).
    const compatible = flatBranches
      .map((_, i) => i)
      .filter(
        (i) =>
          typesMeet(flatBase.type, flatBranches[i]!.type) && typesMeet(context?.type, flatBranches[i]!.type),
      );
    const index = forced ?? random.pick(compatible.length ? compatible : flatBranches.map((_, i) => i));
    let chosen = merge(flatBase, flatBranches[index]!);
    if (kind === 'oneOf') {
      // "Exactly one": leave out what only the other branches require (the usual `image_url` xor `file_id`).
      const mine = new Set((chosen.required as string[] | undefined) ?? []);
      const others = flatBranches
        .flatMap((b, i) => (i === index ? [] : ((b.required as string[] | undefined) ?? [])))
        .filter((name) => !mine.has(name));
      if (others.length) chosen = merge(chosen, { [FORBIDDEN]: others });
    }
    return chosen;
  }

  value(input: unknown, path: string, depth: number): Json {
    if (depth > this.#hardLimit) {
      throw new FakeSchemaError(
        `The schema at ${path} requires nesting deeper than ${this.#hardLimit} levels.`,
      );
    }
    let schema = this.flatten(input, path);
    if (Array.isArray(schema.oneOf) && !hasMapping(schema) && !Array.isArray(schema.anyOf))
      return this.#exactlyOne(schema, path, depth);
    // A chosen branch may bring its own oneOf/anyOf (a discriminated part that is itself "one of two forms").
    for (let round = 0; (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) && round < 16; round++)
      schema = this.chooseBranch(schema, `${path}~${round}`);
    const conditions = (schema[CONDITIONS] as Condition[] | undefined) ?? [];
    if (!conditions.length) return this.plain(schema, path, depth);
    // Generate, then narrow by the branch each condition takes (`then` when the value meets `if`, else `else`),
    // all at once, and again while a regenerated value changes a condition's side (a few rounds).
    const base = withoutConditions(schema);
    let value = this.plain(base, path, depth);
    for (let round = 0; round < 4; round++) {
      const sides = conditions.map((c) => matches(c.if, value, this, path));
      let narrowed = base;
      conditions.forEach((c, i) => {
        const branch = sides[i] ? c.then : c.else;
        if (branch !== undefined)
          narrowed = merge(narrowed, this.flatten(branch, `${path}/${sides[i] ? 'then' : 'else'}`));
      });
      value = this.value(narrowed, path, depth);
      if (conditions.every((c, i) => matches(c.if, value, this, path) === sides[i])) break;
    }
    return value;
  }

  /**
   * oneOf without a discriminator: a value of one branch that the other branches refuse, as far as `matches` can
   * tell. Branches are tried in a seeded order (at most 24); if none gives exactly one match, the first value.
   */
  #exactlyOne(schema: Schema, path: string, depth: number): Json {
    const branches = schema.oneOf as unknown[];
    const random = this.#random(path, 'order');
    const order = branches.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let first: Json | undefined;
    for (const index of order.slice(0, 24)) {
      const value = this.value(this.chooseBranch(schema, path, 0, index), `${path}/oneOf/${index}`, depth);
      first ??= value;
      if (branches.filter((branch) => matches(branch, value, this, path)).length === 1) return value;
    }
    return first!;
  }

  plain(schema: Schema, path: string, depth: number): Json {
    const random = this.#random(path);
    if ('const' in schema) return clone(schema.const);
    // Examples and defaults are taken only where they meet what was merged around them (a condition's enum...).
    const { examples, example, default: fallback, ...constraints } = schema;
    const fit = (candidate: unknown) =>
      candidate !== undefined && matches(constraints, clone(candidate), this, path);
    const fitting = Array.isArray(examples) ? examples.filter(fit) : [];
    if (fitting.length) return clone(random.pick(fitting));
    if (fit(example)) return clone(example);
    const allowed = Array.isArray(schema.enum) ? schema.enum.filter(fit) : [];
    if (allowed.length) return clone(random.pick(allowed));
    if (fit(fallback)) return clone(fallback);
    const type = this.#type(schema, random);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return random.next() < 0.5;
      case 'integer':
      case 'number':
        return numberFor(schema, type === 'integer', random);
      case 'string':
        return stringFor(schema, random);
      case 'array':
        return this.#array(schema, path, depth, random);
      default:
        return this.#object(schema, path, depth, random);
    }
  }

  #type(schema: Schema, random: Random): string {
    const declared = Array.isArray(schema.type)
      ? (schema.type as string[])
      : typeof schema.type === 'string'
        ? [schema.type]
        : [];
    const candidates = declared.filter((t) => t !== 'null');
    if (candidates.length) return random.pick(candidates);
    if (declared.length) return 'null';
    if (
      schema.properties ||
      schema.required ||
      schema.additionalProperties !== undefined ||
      schema.minProperties !== undefined
    )
      return 'object';
    if (schema.items || schema.prefixItems || schema.minItems !== undefined || schema.contains)
      return 'array';
    if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined)
      return 'number';
    return 'string';
  }

  #array(schema: Schema, path: string, depth: number, random: Random): Json[] {
    const prefix = (
      Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : []
    ) as unknown[];
    const items = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    const min = Math.max(Number(schema.minItems ?? 0), schema.contains ? Number(schema.minContains ?? 1) : 0);
    const max = schema.maxItems === undefined ? Infinity : Number(schema.maxItems);
    const wanted = depth >= this.#maxDepth ? min : Math.min(max, Math.max(min, random.int(1, 2)));
    const length =
      items === false ? Math.min(prefix.length, wanted) : Math.max(wanted, Math.min(prefix.length, max));
    const out: Json[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < length; i++) {
      const itemSchema = i < prefix.length ? prefix[i] : i === 0 && schema.contains ? schema.contains : items;
      let value: Json | undefined;
      // uniqueItems: draw again from another stream until the item is new (a few tries).
      for (let attempt = 0; attempt < 8; attempt++) {
        const candidate = this.value(itemSchema, `${path}/${i}${attempt ? `~${attempt}` : ''}`, depth + 1);
        value = candidate;
        if (!schema.uniqueItems || !seen.has(JSON.stringify(candidate))) break;
      }
      seen.add(JSON.stringify(value));
      out.push(value!);
    }
    return out;
  }

  #object(schema: Schema, path: string, depth: number, random: Random): { [key: string]: Json } {
    const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const forbidden = new Set((schema[FORBIDDEN] as string[] | undefined) ?? []);
    const dependent = (schema.dependentRequired as Record<string, string[]> | undefined) ?? {};
    const out: { [key: string]: Json } = {};
    const omitted = (sub: unknown) => {
      const omit = this.options.omit;
      if (!omit || sub === null || typeof sub !== 'object') return false;
      const flat = this.flatten(sub, path);
      return flat[omit] === true;
    };
    const include = new Set<string>();
    for (const name of Object.keys(properties)) {
      const sub = properties[name];
      // `false`: the property must be absent (an error below if it is also required).
      if (forbidden.has(name) || (sub === false && !required.has(name))) continue;
      const hasConst = sub !== null && typeof sub === 'object' && 'const' in (sub as Schema);
      const chance = this.#random(`${path}/${escapePointer(name)}`, 'include').next();
      if (
        required.has(name) ||
        ((depth < this.#maxDepth || hasConst) && !omitted(sub) && (hasConst || chance < 0.6))
      )
        include.add(name);
    }
    for (const name of required) include.add(name);
    // minProperties: declared optional properties first (additionalProperties may forbid any other).
    for (const name of Object.keys(properties)) {
      if (include.size >= Number(schema.minProperties ?? 0)) break;
      if (!forbidden.has(name) && properties[name] !== false) include.add(name);
    }
    for (let changed = true; changed;) {
      changed = false;
      // oxlint-disable-next-line unicorn/no-useless-spread -- a copy: the loop adds to `include`
      for (const name of [...include])
        for (const dep of dependent[name] ?? []) if (!include.has(dep)) changed = Boolean(include.add(dep));
    }
    const maxProperties = schema.maxProperties === undefined ? Infinity : Number(schema.maxProperties);
    // Required ones first, so maxProperties leaves out only optional ones; then in the schema's order.
    const ordered = [...include].sort((x, y) => Number(required.has(y)) - Number(required.has(x)));
    for (const name of ordered) {
      if (Object.keys(out).length >= maxProperties && !required.has(name)) continue;
      out[name] = this.value(this.#propertySchema(schema, name), `${path}/${escapePointer(name)}`, depth + 1);
    }
    // Extra keys: up to minProperties, or one or two entries of a map (no properties, additionalProperties given).
    const additional = schema.additionalProperties;
    const isMap =
      !Object.keys(properties).length &&
      additional !== undefined &&
      additional !== false &&
      depth < this.#maxDepth;
    const open = additional !== false || schema.patternProperties !== undefined;
    const extra = open
      ? Math.max(Number(schema.minProperties ?? 0) - Object.keys(out).length, isMap ? random.int(1, 2) : 0)
      : 0;
    for (
      let i = 0, n = 0;
      n < Math.min(extra, maxProperties - Object.keys(out).length) && i < extra + 16;
      i++
    ) {
      const key = this.#extraKey(schema, path, i);
      if (key in out || forbidden.has(key)) continue;
      out[key] = this.value(this.#propertySchema(schema, key), `${path}/${escapePointer(key)}`, depth + 1);
      n++;
    }
    return out;
  }

  #propertySchema(schema: Schema, name: string): unknown {
    const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
    if (Object.hasOwn(properties, name)) return properties[name];
    for (const [pattern, sub] of Object.entries(
      (schema.patternProperties as Record<string, unknown> | undefined) ?? {},
    )) {
      if (safeRegExp(pattern)?.test(name)) return sub;
    }
    const additional = schema.additionalProperties;
    return additional === undefined || additional === false ? {} : additional;
  }

  #extraKey(schema: Schema, path: string, i: number): string {
    const random = this.#random(`${path}/key`, String(i));
    const pattern = Object.keys((schema.patternProperties as Record<string, unknown> | undefined) ?? {})[0];
    if (pattern) {
      const key = stringForPattern(pattern, random);
      if (safeRegExp(pattern)?.test(key)) return key;
    }
    if (schema.propertyNames && typeof schema.propertyNames === 'object') {
      const key = stringFor(this.flatten(schema.propertyNames, `${path}/propertyNames`), random);
      if (typeof key === 'string') return key;
    }
    return `${random.pick(WORDS)}_${i + 1}`;
  }
}

function hasMapping(schema: Schema): boolean {
  const discriminator = schema.discriminator as Discriminator | undefined;
  return Boolean(
    discriminator?.propertyName && discriminator.mapping && Object.keys(discriminator.mapping).length,
  );
}

/** Whether two `type` keywords allow a common type (absent allows all). */
function typesMeet(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return true;
  const left = Array.isArray(a) ? a : [a];
  const right = Array.isArray(b) ? b : [b];
  return left.some(
    (t) =>
      right.includes(t) ||
      (t === 'number' && right.includes('integer')) ||
      (t === 'integer' && right.includes('number')),
  );
}

function withoutConditions(schema: Schema): Schema {
  const { [CONDITIONS]: _conditions, ...rest } = schema;
  return rest;
}

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

function clone(value: unknown): Json {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Json);
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

/** The intersection of two flattened schemas (allOf): bounds tightened, lists joined, properties merged. */
export function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (mine === undefined) {
      out[key] = value;
      continue;
    }
    switch (key) {
      case 'properties': {
        const props = { ...(mine as Schema) };
        for (const [name, sub] of Object.entries(value as Schema))
          props[name] = name in props ? { allOf: [props[name], sub] } : sub;
        out.properties = props;
        break;
      }
      case 'required':
      case FORBIDDEN:
        out[key] = [...new Set([...(mine as string[]), ...(value as string[])])];
        break;
      case CONDITIONS:
        out[key] = [...(mine as Condition[]), ...(value as Condition[])];
        break;
      case 'type': {
        const left = (Array.isArray(mine) ? mine : [mine]) as string[];
        const right = (Array.isArray(value) ? value : [value]) as string[];
        // integer ∩ number = integer.
        const both = left.flatMap((t) =>
          right.includes(t)
            ? [t]
            : (t === 'number' && right.includes('integer')) || (t === 'integer' && right.includes('number'))
              ? ['integer']
              : [],
        );
        out.type = both.length ? [...new Set(both)] : right;
        break;
      }
      case 'enum':
        out.enum = (mine as unknown[]).filter((x) =>
          (value as unknown[]).some((y) => JSON.stringify(x) === JSON.stringify(y)),
        );
        break;
      case 'minimum':
      case 'exclusiveMinimum':
      case 'minLength':
      case 'minItems':
      case 'minProperties':
        out[key] = typeof mine === 'number' && typeof value === 'number' ? Math.max(mine, value) : value;
        break;
      case 'maximum':
      case 'exclusiveMaximum':
      case 'maxLength':
      case 'maxItems':
      case 'maxProperties':
        out[key] = typeof mine === 'number' && typeof value === 'number' ? Math.min(mine, value) : value;
        break;
      case 'items':
      case 'additionalProperties':
        out[key] = mine === false || value === false ? false : { allOf: [mine, value] };
        break;
      case 'not': {
        out.not = value;
        break;
      }
      default:
        out[key] = value;
    }
  }
  // `not: {required: [...]}` (the form the spec's conditions use) leaves those properties out.
  const not = out.not as Schema | undefined;
  if (not && Array.isArray(not.required))
    out[FORBIDDEN] = [
      ...new Set([...((out[FORBIDDEN] as string[] | undefined) ?? []), ...(not.required as string[])]),
    ];
  return out;
}

/**
 * Whether `value` meets the schema, for `if` conditions and for examples: `const`, `enum`, `type`, `required`,
 * `properties`, `pattern`, string lengths, numeric bounds, `not`, `allOf` (merged), `anyOf`, `oneOf` (as anyOf);
 * other keywords pass.
 */
function matches(input: unknown, value: Json, faker: Faker, path: string): boolean {
  if (input === true || input === undefined) return true;
  if (input === false) return false;
  const schema = faker.flatten(input, path);
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((x) => JSON.stringify(x) === JSON.stringify(value)))
    return false;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeOf(value, t))) return false;
  }
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject && Array.isArray(schema.required) && !(schema.required as string[]).every((k) => k in value))
    return false;
  if (isObject && schema.properties) {
    for (const [name, sub] of Object.entries(schema.properties as Schema))
      if (name in value && !matches(sub, value[name]!, faker, path)) return false;
  }
  if (typeof value === 'string') {
    if (typeof schema.format === 'string' && FORMAT_CHECKS[schema.format]?.test(value) === false)
      return false;
    if (typeof schema.pattern === 'string' && safeRegExp(schema.pattern)?.test(value) === false) return false;
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength) return false;
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
  }
  if (
    Array.isArray(value) &&
    schema.items !== undefined &&
    !Array.isArray(schema.items) &&
    !value.every((item) => matches(schema.items, item, faker, path))
  )
    return false;
  if (schema.not !== undefined && matches(schema.not, value, faker, path)) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => matches(s, value, faker, path))) return false;
  if (Array.isArray(schema.oneOf) && !schema.oneOf.some((s) => matches(s, value, faker, path))) return false;
  return true;
}

/** Shape checks of the common formats, so an example that is not one (a quoted date, say) is not used. */
const FORMAT_CHECKS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/,
  url: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
  hostname: /^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*$/,
};

function typeOf(value: Json, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function numberFor(schema: Schema, integer: boolean, random: Random): number {
  let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  let lowOpen = false;
  let highOpen = false;
  // 2020-12 / 3.1: exclusive bounds are numbers; OpenAPI 3.0: booleans qualifying minimum/maximum.
  if (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= low)
    [low, lowOpen] = [schema.exclusiveMinimum, true];
  if (typeof schema.exclusiveMaximum === 'number' && schema.exclusiveMaximum <= high)
    [high, highOpen] = [schema.exclusiveMaximum, true];
  if (schema.exclusiveMinimum === true) lowOpen = true;
  if (schema.exclusiveMaximum === true) highOpen = true;
  if (low === -Infinity && high === Infinity) [low, high] = [1, 100];
  else if (low === -Infinity) low = high - 100;
  else if (high === Infinity) high = low + 100;
  const step =
    typeof schema.multipleOf === 'number' && schema.multipleOf > 0
      ? schema.multipleOf
      : integer
        ? 1
        : undefined;
  if (step !== undefined) {
    let first = Math.ceil(low / step);
    let last = Math.floor(high / step);
    if (lowOpen && first * step <= low) first++;
    if (highOpen && last * step >= high) last--;
    if (first > last) return integer ? Math.ceil(low) : low;
    const k = random.int(first, Math.min(last, first + 1000));
    const value = k * step;
    // Keep float noise out of integers and multiples of decimals (0.1 × 3 = 0.30000000000000004).
    return integer ? Math.round(value) : Number(value.toPrecision(12));
  }
  const span = high - low;
  let value = Math.round((low + random.next() * span) * 100) / 100;
  if (value < low || (lowOpen && value <= low) || value > high || (highOpen && value >= high))
    value = low + span / 2;
  return value;
}

const FORMATS: Record<string, (random: Random) => string> = {
  'date-time': (random) => isoInstant(random),
  date: (random) => isoInstant(random).slice(0, 10),
  time: (random) => `${isoInstant(random).slice(11, 19)}Z`,
  duration: (random) => `PT${random.int(1, 59)}M`,
  email: (random) => `${random.pick(WORDS)}.${random.int(1, 999)}@example.com`,
  'idn-email': (random) => `${random.pick(WORDS)}.${random.int(1, 999)}@example.com`,
  uri: (random) => `https://example.com/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  url: (random) => `https://example.com/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  iri: (random) => `https://example.com/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  'uri-reference': (random) => `/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  'iri-reference': (random) => `/${random.pick(WORDS)}/${random.int(1, 9999)}`,
  'uri-template': (random) => `https://example.com/${random.pick(WORDS)}/{id}`,
  hostname: (random) => `${random.pick(WORDS)}${random.int(1, 99)}.example.com`,
  'idn-hostname': (random) => `${random.pick(WORDS)}${random.int(1, 99)}.example.com`,
  ipv4: (random) => `192.0.2.${random.int(1, 254)}`,
  ipv6: (random) => `2001:db8::${random.int(1, 0xffff).toString(16)}`,
  uuid: (random) => uuid(random),
  byte: (random) =>
    Buffer.from(Array.from({ length: random.int(3, 12) }, () => random.int(0, 255))).toString('base64'),
  binary: (random) => `${random.pick(WORDS)} ${random.pick(WORDS)}`,
  password: (random) => `secret-${random.int(1000, 9999)}`,
  'json-pointer': (random) => `/${random.pick(WORDS)}/${random.int(0, 9)}`,
  'relative-json-pointer': (random) => `${random.int(0, 3)}/${random.pick(WORDS)}`,
  regex: (random) => `^${random.pick(WORDS)}$`,
  int32: (random) => String(random.int(1, 1000)),
  int64: (random) => String(random.int(1, 1000)),
};

/** An instant in 2023–2026, whole seconds. */
function isoInstant(random: Random): string {
  const seconds = 1_672_531_200 + random.int(0, 4 * 365 * 86_400);
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

function uuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function stringFor(schema: Schema, random: Random): string {
  const min = Number(schema.minLength ?? 0);
  const max = schema.maxLength === undefined ? Infinity : Number(schema.maxLength);
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  const pattern = typeof schema.pattern === 'string' ? safeRegExp(schema.pattern) : undefined;
  const fits = (s: string) => [...s].length >= min && [...s].length <= max && (!pattern || pattern.test(s));
  let candidate = format ? format(random) : `${random.pick(WORDS)}_${random.int(1, 999)}`;
  if (fits(candidate)) return candidate;
  if (pattern) {
    for (let attempt = 0; attempt < 16; attempt++) {
      const generated = stringForPattern(schema.pattern as string, random);
      if (fits(generated)) return generated;
      if (pattern.test(generated)) candidate = generated;
    }
    // The pattern's strings miss the length bounds: pad or cut and hope (the pattern may not anchor the end).
  }
  const chars = [...candidate];
  while (chars.length < min) chars.push(...random.pick(WORDS));
  return chars.slice(0, Math.max(min, Math.min(max, chars.length))).join('');
}
