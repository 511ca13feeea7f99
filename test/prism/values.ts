/**
 * Argument values made from a spec's own schemas (OpenAPI 3.0/3.1 Schema Objects, local `$ref`s followed), the same
 * for the same seed: the required fields only, or every field a request may carry (`readOnly` ones left out). Strings
 * follow `enum`, `format`, `pattern` (randexp, drawing from the seeded generator) and the length bounds; numbers their
 * bounds and `multipleOf`; arrays their `minItems`; a union its first variant that is not deprecated.
 */
import randexp from 'randexp';
import { mulberry32 } from '../../scripts/bench/random.ts';
import { readings, schemaCheck } from './schema-check.ts';

// randexp sets `module.exports` to the class, and its types describe `exports.default`: both name the class.
const RandExp =
  (randexp as unknown as { default?: typeof randexp.default }).default ??
  (randexp as unknown as typeof randexp.default);

export type Mode = 'required' | 'all';

/** From this depth an array that may be empty is; past `LIMIT` no value is made. */
const DEEP = 8;
const LIMIT = 64;

/** Keywords that say nothing of which values a schema admits. */
const ANNOTATIONS = new Set([
  'description',
  'example',
  'examples',
  'title',
  'readOnly',
  'writeOnly',
  'deprecated',
  '$comment',
]);

/** The names a `required` beside `oneOf` branches asks for, carried into the branch's object (see `value`). */
const FORCED = 'x-prism-lane-forced-required';
type Schema = Record<string, unknown>;

/** The object a `#/…` pointer names in `doc`. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`only local $refs are followed: ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (node === undefined) throw new Error(`$ref ${ref} names nothing`);
  return node;
}

/** Follows `$ref`s until a node without one (typed as the caller expects; it may be anything the spec holds). */
export function deref<T>(doc: unknown, node: T): T | undefined {
  let n: unknown = node;
  for (let i = 0; i < 32 && n && typeof n === 'object' && typeof (n as Schema).$ref === 'string'; i++)
    n = resolvePointer(doc, (n as Schema).$ref as string);
  return n as T | undefined;
}

/** A 32-bit FNV-1a hash: the seed of one operation's values, so each operation draws its own. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const FORMATS: Record<string, string> = {
  'date-time': '2024-05-06T07:08:09Z',
  date: '2024-05-06',
  time: '07:08:09Z',
  email: 'someone@example.com',
  'idn-email': 'someone@example.com',
  uri: 'https://example.com/a',
  url: 'https://example.com/a',
  'uri-reference': 'https://example.com/a',
  iri: 'https://example.com/a',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  byte: 'aGVsbG8=',
  duration: 'P1D',
  'json-pointer': '/a',
  regex: 'a+',
};

export class ValueMaker {
  private readonly random: () => number;
  /** The schemas met that admit no value (the spec contradicts itself there), in the order met. */
  readonly unsatisfiable: string[] = [];

  constructor(
    private readonly doc: unknown,
    seed: number,
    private readonly mode: Mode,
  ) {
    this.random = mulberry32(seed);
  }

  /** A value of `schema`; `depth` bounds recursion (deeper optional fields are left out). */
  value(schema: unknown, depth = 0): unknown {
    const s = deref(this.doc, (schema ?? {}) as Schema);
    if (!s || typeof s !== 'object') return 'a';
    // A schema that requires itself without end admits no finite value: the maker stops and says so.
    if (depth > LIMIT) {
      this.unsatisfiable.push(`a value deeper than ${LIMIT} levels (a schema that requires itself)`);
      return null;
    }
    if ('const' in s) return s.const;
    if (Array.isArray(s.enum)) return this.member(s);
    if (Array.isArray(s.allOf)) return this.allOf(s, depth);
    const union = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
    if (Array.isArray(union) && union.length) {
      const usable = union.filter((v) => !deref<Schema>(this.doc, v as Schema)?.deprecated);
      const candidates = usable.length ? usable : union;
      const rest = { ...s };
      delete rest.oneOf;
      delete rest.anyOf;
      const merged = Object.keys(rest).some((k) => k === 'properties' || k === 'type');
      // A `required` beside the branches (Cloudflare's DNS records) asks for its names whatever the branches say,
      // `readOnly` ones included: each branch is made with it.
      const declared = (rest.properties ?? {}) as Record<string, unknown>;
      const forced = Array.isArray(rest.required)
        ? (rest.required as string[]).filter((name) => !(name in declared))
        : [];
      const withRequired = (branch: unknown) =>
        forced.length ? { allOf: [branch, { required: forced }], [FORCED]: forced } : branch;
      if (s.oneOf && !merged) return this.exclusiveValue(candidates, depth, withRequired);
      const pick = candidates[0];
      return merged
        ? this.allOf({ allOf: [rest, pick], ...(forced.length ? { [FORCED]: forced } : {}) }, depth)
        : this.value(pick, depth + 1);
    }
    switch (this.typeOf(s)) {
      case 'string':
        return this.string(s);
      case 'integer':
        return this.number(s, true);
      case 'number':
        return this.number(s, false);
      case 'boolean':
        return true;
      case 'array':
        return this.array(s, depth);
      case 'object':
        return this.object(s, depth);
      case 'null':
        return null;
      default:
        return 'a';
    }
  }

  /**
   * The first `oneOf` branch whose value no other branch accepts, under any reading a server may give it (a
   * parameter's text `1` is an integer and a string: GitHub's `workflow_id`, `oneOf [integer, string]`, takes
   * `abcdefgh`, which only the string branch accepts). The first branch's value when none is exclusive or ajv
   * cannot tell.
   */
  private exclusiveValue(
    branches: unknown[],
    depth: number,
    made: (branch: unknown) => unknown = (branch) => branch,
  ): unknown {
    const check = schemaCheck(this.doc as object);
    const mark = this.unsatisfiable.length;
    let first: { value: unknown; notes: string[] } | undefined;
    for (const branch of branches) {
      const value = this.value(made(branch), depth + 1);
      for (const tried of [value, ...this.alternatives(branch, branches)]) {
        const accepting = branches.filter((b) =>
          readings(tried).some((r) => check.matches(deref(this.doc, b), r) !== false),
        );
        if (accepting.length === 1 && accepting[0] === branch) return tried;
      }
      // A branch not taken leaves no note of its own contradictions.
      first ??= { value, notes: this.unsatisfiable.slice(mark) };
      this.unsatisfiable.length = mark;
    }
    this.unsatisfiable.push(...first!.notes);
    const twins = this.twins(branches);
    if (twins)
      this.unsatisfiable.push(`oneOf branches ${twins} admit the same values: none matches exactly one`);
    return first!.value;
  }

  /** Two `oneOf` branches alike but for their annotations (Cloudflare's IPv4 address and CIDR, both plain strings). */
  private twins(branches: unknown[]): string | undefined {
    const seen = new Map<string, number>();
    for (const [i, branch] of branches.entries()) {
      const own = deref<Schema>(this.doc, branch as Schema);
      if (!own || typeof own !== 'object') continue;
      const bare = Object.fromEntries(
        Object.entries(own)
          .filter(([k]) => !ANNOTATIONS.has(k) && !k.startsWith('x-'))
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      const key = JSON.stringify(bare);
      const other = seen.get(key);
      if (other !== undefined) return `${other} and ${i} (${key})`;
      seen.set(key, i);
    }
    return undefined;
  }

  /**
   * Other values of a branch, for when its first value suits another branch too (Cloudflare's `oneOf [string
   * maxLength 32, string maxLength 36]`): its `example`, and a string as long as its `maxLength`.
   */
  private alternatives(branch: unknown, branches: unknown[]): unknown[] {
    const own = deref<Schema>(this.doc, branch as Schema);
    if (!own) return [];
    const out: unknown[] = [];
    if (own.example !== undefined) out.push(own.example);
    if (this.typeOf(own) === 'string' && !own.pattern && !own.format) {
      if (typeof own.maxLength === 'number') out.push('a'.repeat(Math.min(own.maxLength, 10_000)));
      // Longer than another branch allows (`oneOf [string maxLength 36, string]`: 37 characters).
      const longest = Math.max(
        ...branches
          .map((b) => deref<Schema>(this.doc, b as Schema)?.maxLength)
          .filter((n) => typeof n === 'number'),
      );
      if (
        Number.isFinite(longest) &&
        longest < ((own.maxLength as number | undefined) ?? Infinity) &&
        longest < 10_000
      )
        out.push('a'.repeat(longest + 1));
    }
    return out;
  }

  /**
   * The first `enum` member (not null or empty) that the rest of its schema admits: SendGrid's `send_at` is
   * `enum: [now]` with `format: date-time`, which no value satisfies; such a contradiction is recorded in
   * `unsatisfiable` and the first member given.
   */
  private member(s: Schema): unknown {
    const all = s.enum as unknown[];
    const choices = all.filter((v) => v !== null && v !== '');
    const list = choices.length ? choices : all;
    const rest = { ...s };
    delete rest.enum;
    for (const k of ['description', 'example', 'examples', 'title', 'x-enum-descriptions']) delete rest[k];
    const check = schemaCheck(this.doc as object);
    const admitted = list.find((v) => check.matches(rest, v) !== false);
    if (admitted !== undefined) return admitted;
    this.unsatisfiable.push(`enum ${JSON.stringify(all)} beside ${JSON.stringify(rest)}: no member is valid`);
    return list[0];
  }

  private typeOf(s: Schema): string {
    const t = s.type;
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
    if (s.properties || s.additionalProperties) return 'object';
    if (s.items) return 'array';
    if (s.pattern || s.format || s.minLength !== undefined) return 'string';
    return 'object';
  }

  /** `allOf` merged into one object schema (properties, required), other members' keywords kept. */
  private allOf(s: Schema, depth: number): unknown {
    const merged: Schema = {};
    const properties: Record<string, unknown> = {};
    const required = new Set<string>();
    const visit = (node: unknown): void => {
      const n = deref<Schema>(this.doc, node as Schema);
      if (!n || typeof n !== 'object') return;
      for (const part of (n.allOf as unknown[] | undefined) ?? []) visit(part);
      for (const [k, v] of Object.entries(n)) {
        if (k === 'allOf') continue;
        if (k === 'properties') Object.assign(properties, v);
        else if (k === 'required') for (const r of v as string[]) required.add(r);
        else if (!(k in merged)) merged[k] = v;
      }
    };
    visit(s);
    if (Object.keys(properties).length) merged.properties = properties;
    if (required.size) merged.required = [...required];
    return this.value(merged, depth);
  }

  private string(s: Schema): string {
    const min = (s.minLength as number | undefined) ?? 0;
    const max = (s.maxLength as number | undefined) ?? Infinity;
    let text: string | undefined;
    if (typeof s.format === 'string' && s.format in FORMATS) text = FORMATS[s.format];
    if (typeof s.pattern === 'string') {
      const formatted = text;
      text = this.fromPattern(s.pattern, text, min, max);
      // A pattern no value of the format matches (PagerDuty's `since`: `format: date-time` with the pattern
      // `YYYY-MM-DDThh:mm:ssZ`, which only that literal text matches): no valid value exists.
      if (
        formatted !== undefined &&
        text !== formatted &&
        schemaCheck(this.doc as object).matches(s, text) === false
      )
        this.unsatisfiable.push(
          `pattern ${JSON.stringify(s.pattern)} beside format ${String(s.format)}: no value matches both`,
        );
    }
    text ??= 'abcdefgh';
    while (text.length < min) text += 'a';
    return text.length > max ? text.slice(0, max) : text;
  }

  private fromPattern(pattern: string, preferred: string | undefined, min: number, max: number): string {
    let re: RegExp;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      return preferred ?? 'a';
    }
    if (preferred !== undefined && re.test(preferred)) return preferred;
    const maker = new RandExp(re);
    maker.max = 4;
    maker.randInt = (a: number, b: number) => a + Math.floor(this.random() * (b - a + 1));
    for (let i = 0; i < 20; i++) {
      const text = maker.gen();
      if (re.test(text) && text.length >= min && text.length <= max) return text;
    }
    return maker.gen();
  }

  private number(s: Schema, integer: boolean): number {
    const exMin = s.exclusiveMinimum;
    const exMax = s.exclusiveMaximum;
    let lo = typeof s.minimum === 'number' ? s.minimum : -Infinity;
    let hi = typeof s.maximum === 'number' ? s.maximum : Infinity;
    if (typeof exMin === 'number') lo = Math.max(lo, exMin + (integer ? 1 : 1e-3));
    else if (exMin === true) lo += integer ? 1 : 1e-3;
    if (typeof exMax === 'number') hi = Math.min(hi, exMax - (integer ? 1 : 1e-3));
    else if (exMax === true) hi -= integer ? 1 : 1e-3;
    let n = Number.isFinite(lo) ? lo : Number.isFinite(hi) ? Math.min(hi, 1) : 1;
    if (n < 1 && hi >= 1) n = Math.max(lo, 1);
    const step = typeof s.multipleOf === 'number' ? s.multipleOf : undefined;
    if (step) n = Math.ceil(n / step) * step;
    return integer ? Math.ceil(n) : n;
  }

  private array(s: Schema, depth: number): unknown[] {
    // Deep in a recursive schema (PagerDuty's), an array that may be empty is: the recursion ends there.
    const min = (s.minItems as number | undefined) ?? 0;
    if (depth >= DEEP && min === 0) return [];
    const count = Math.max(min, 1);
    const max = (s.maxItems as number | undefined) ?? Infinity;
    const items: unknown[] = [];
    for (let i = 0; i < Math.min(count, max); i++) items.push(this.value(s.items, depth + 1));
    // Distinct items where the schema asks for them and the values allow it.
    if (s.uniqueItems && items.length > 1) return [items[0]];
    return items;
  }

  private object(s: Schema, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set((s.required as string[] | undefined) ?? []);
    const forced = new Set((s[FORCED] as string[] | undefined) ?? []);
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    for (const [name, raw] of Object.entries(properties)) {
      const prop = deref<Schema>(this.doc, raw as Schema);
      if (prop?.readOnly && !forced.has(name)) continue;
      const wanted = required.has(name) || (this.mode === 'all' && depth < 4 && !prop?.deprecated);
      if (wanted) out[name] = this.value(prop, depth + 1);
    }
    const extra = s.additionalProperties;
    // A required name the schema declares no property for (Box's `lock` requires `type`): whatever
    // `additionalProperties` allows, a string when it says nothing.
    for (const name of required)
      if (!(name in properties) && extra !== false)
        out[name] = this.value(extra === true || extra === undefined ? { type: 'string' } : extra, depth + 1);
    if (this.mode === 'all' && !Object.keys(properties).length && extra && depth < 4)
      out.key1 = this.value(extra === true ? { type: 'string' } : extra, depth + 1);
    // A nested object that is given (required, or chosen) carries one property at least: an empty one vanishes in a
    // form or deepObject encoding (`features={}` sends nothing), and the request would lack a required field.
    if (depth > 0 && depth < 12 && !Object.keys(out).length) {
      const first = Object.entries(properties).find(([, raw]) => {
        const prop = deref<Schema>(this.doc, raw as Schema);
        return !prop?.readOnly && !prop?.deprecated;
      });
      if (first) out[first[0]] = this.value(first[1], depth + 1);
    }
    return out;
  }
}
