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
import { matches } from './match.js';
import {
  CONDITIONS,
  FORBIDDEN,
  hasMapping,
  merge,
  typesMeet,
  withoutConditions,
  type Condition,
  type Discriminator,
  type Json,
  type Schema,
} from './merge.js';
import { Random, WORDS } from './random.js';
import { numberFor, safeRegExp, stringFor } from './scalars.js';
import { stringForPattern } from './regex.js';

export { merge } from './merge.js';

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

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

function clone(value: unknown): Json {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Json);
}
