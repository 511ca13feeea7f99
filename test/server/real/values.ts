import type { Api } from '../../../generator/ir/api.ts';
import type { NamedSchema, ObjectNode, Property, TypeNode } from '../../../generator/ir/schema.ts';

type Json = unknown;

export class Values {
  private readonly schemas = new Map<string, NamedSchema>();
  constructor(readonly api: Api) {
    for (const s of api.schemas) this.schemas.set(s.name, s);
  }

  resolve(node: TypeNode): TypeNode {
    let n = node;
    for (let i = 0; n.kind === 'ref' && i < 20; i++) n = this.schemas.get(n.target)!.type;
    return n;
  }

  /** A minimal valid value; `seed` varies strings so array items can be distinct. */
  gen(node: TypeNode, seed = 0, depth = 0, multipart = false): Json {
    if (depth > 30) return node.nullable ? null : undefined;
    if (node.default !== undefined && node.kind !== 'object' && node.kind !== 'array' && seed === 0)
      return node.default;
    switch (node.kind) {
      case 'ref':
        return this.gen(this.schemas.get(node.target)!.type, seed, depth + 1, multipart);
      case 'string':
        return genString(node, seed);
      case 'number':
        return genNumber(node, seed);
      case 'boolean':
        return false;
      case 'null':
        return null;
      case 'binary':
        return new File([new Uint8Array([1, 2, 3])], `f${seed}.bin`, {
          type: node.contentMediaType ?? 'application/octet-stream',
        });
      case 'literal':
        return node.value;
      case 'enum':
        return node.values[seed % node.values.length];
      case 'array': {
        const n = Math.max(node.minItems ?? 0, node.prefixItems?.length ?? 0, 1);
        const count = node.maxItems === undefined ? n : Math.min(n, node.maxItems);
        return Array.from({ length: count }, (_, i) =>
          this.gen(node.prefixItems?.[i] ?? node.items, seed + i, depth + 1, multipart),
        );
      }
      case 'object':
        return this.genObject(node, seed, depth, multipart);
      case 'map': {
        const out: Record<string, Json> = {};
        for (let i = 0; i < (node.minProperties ?? 0); i++)
          out[`k${i}`] = this.gen(node.values, i, depth + 1, multipart);
        return out;
      }
      case 'union': {
        if (node.discriminator) {
          const first = node.discriminator.mapping[0]!;
          if (first.schema === undefined)
            return this.gen(node.variants[first.variant]!, seed, depth + 1, multipart);
          return this.gen(
            { kind: 'ref', target: first.schema, nullable: false, pointer: '' },
            seed,
            depth + 1,
            multipart,
          );
        }
        const variant = this.pickVariant(node.variants, multipart);
        return this.gen(variant, seed, depth + 1, multipart);
      }
      case 'intersection': {
        let out: Json = undefined;
        for (const m of node.members) out = merge(out, this.gen(m, seed, depth + 1, multipart));
        if (isObj(out)) {
          // A member that only requires a field (`anyOf: [{required: [a]}]`) left a placeholder: a member that
          // declares the field gives its value.
          for (const m of node.members) {
            const r = this.resolve(m);
            if (r.kind === 'object')
              for (const p of r.properties)
                if (out[p.name] === 'x') out[p.name] = this.gen(p.type, seed, depth + 1, multipart);
          }
          this.applyConditionals(node, out, depth, multipart);
        }
        return out;
      }
      case 'unknown':
        return 'x';
      case 'never':
        return undefined;
    }
  }

  /** Prefers a plain, non-null variant (binary in multipart, anything but binary in JSON). */
  pickVariant(variants: TypeNode[], multipart: boolean): TypeNode {
    const kinds = variants.map((v) => this.resolve(v).kind);
    const i = kinds.findIndex((k) => k !== 'null' && k !== 'never' && (multipart || k !== 'binary'));
    return variants[i === -1 ? 0 : i]!;
  }

  genObject(node: ObjectNode, seed: number, depth: number, multipart: boolean): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const p of node.properties)
      if (p.required) out[p.name] = this.gen(p.type, seed, depth + 1, multipart);
    for (const name of node.extraRequired) out[name] ??= 'x';
    for (const [k, deps] of Object.entries(node.dependentRequired ?? {}))
      if (k in out)
        for (const d of deps)
          out[d] ??= this.gen(
            propType(node, d) ?? { kind: 'unknown', nullable: false, pointer: '' },
            seed,
            depth + 1,
            multipart,
          );
    this.applyConditionals(node, out, depth, multipart);
    this.applyRules(node, out);
    return out;
  }

  /** Satisfies `x-rules` compare rules, moving the field not under test (`keep`). */
  applyRules(node: TypeNode, out: Record<string, Json>, keep?: string): void {
    if (node.kind !== 'object') return;
    for (const r of node.rules) {
      if (r.kind !== 'compare') continue;
      // Servers apply defaults before the rules: an absent field counts as its default.
      const dflt = (name: string) => node.properties.find((p) => p.name === name)?.type.default;
      const a = out[r.field] ?? dflt(r.field);
      const b = out[r.other] ?? dflt(r.other);
      if (typeof a !== 'number' || typeof b !== 'number') continue;
      const lim = b * r.scale;
      const ok = { gt: a > lim, gte: a >= lim, lt: a < lim, lte: a <= lim, eq: a === lim, ne: a !== lim }[
        r.op
      ];
      if (ok) continue;
      const up = r.op === 'gt' || r.op === 'gte';
      if (keep !== r.field) out[r.field] = up ? Math.floor(lim) + 1 : Math.floor(lim);
      else out[r.other] = up ? Math.ceil(a / r.scale) - 1 : Math.ceil(a / r.scale);
    }
  }

  /** Adds what a matching `then` (or non-matching `else`) requires; values it constrains are regenerated from it. */
  applyConditionals(
    node: TypeNode,
    out: Record<string, Json>,
    depth: number,
    multipart: boolean,
    keep?: string,
  ): void {
    for (const c of node.conditionals ?? []) {
      const branch = this.matches(c.if, out) ? c.then : c.else;
      if (!branch) continue;
      const b = this.resolve(branch);
      if (b.kind !== 'object') continue;
      for (const p of b.properties) {
        if (p.name === keep) continue;
        if (p.required || p.name in out) {
          if (p.name in out && this.matches(p.type, out[p.name])) continue;
          out[p.name] = this.gen(p.type, 0, depth + 1, multipart);
        }
      }
    }
  }

  /** A small matcher, enough for the `if` schemas of the spec (objects of literals, enums, patterns, `not`). */
  matches(node: TypeNode, v: Json): boolean {
    const n = this.resolve(node);
    if (n.not?.some((x) => this.matches(x, v))) return false;
    if (v === null) return n.nullable || n.kind === 'null' || n.kind === 'unknown';
    switch (n.kind) {
      case 'unknown':
        return true;
      case 'never':
        return false;
      case 'literal':
        return v === n.value;
      case 'enum':
        return n.open ? typeof v === 'string' : n.values.includes(v as string);
      case 'string':
        return (
          typeof v === 'string' &&
          (!n.pattern || new RegExp(n.pattern, 'u').test(v)) &&
          (n.maxLength === undefined || v.length <= n.maxLength) &&
          (n.minLength === undefined || v.length >= n.minLength)
        );
      case 'number':
        return (
          typeof v === 'number' &&
          (n.minimum === undefined || v >= n.minimum) &&
          (n.maximum === undefined || v <= n.maximum) &&
          (!n.integer || Number.isInteger(v))
        );
      case 'boolean':
        return typeof v === 'boolean';
      case 'object': {
        if (!isObj(v)) return !n.typeAsserted;
        for (const p of n.properties) {
          if (!(p.name in v)) {
            if (p.required) return false;
            continue;
          }
          if (!this.matches(p.type, v[p.name])) return false;
        }
        return n.extraRequired.every((r) => r in v);
      }
      case 'union':
        return n.variants.some((x) => this.matches(x, v));
      case 'intersection':
        return n.members.every((x) => this.matches(x, v));
      case 'array':
        return Array.isArray(v);
      default:
        return true;
    }
  }
}

export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Blob);
}

function merge(a: Json, b: Json): Json {
  if (isObj(a) && isObj(b)) return { ...a, ...b };
  return b === undefined ? a : b;
}

function propType(node: ObjectNode, name: string): TypeNode | undefined {
  return node.properties.find((p) => p.name === name)?.type;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05Z',
  email: 'a@example.com',
  uri: 'https://example.com/a',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ipv4: '127.0.0.1',
  byte: 'AAAA',
};

/** Values for the patterns of the spec, where the schema gives no example. */
const PATTERN_EXAMPLES: Record<string, string> = {};

export function genString(node: Extract<TypeNode, { kind: 'string' }>, seed = 0): string {
  const ex = node.examples?.find(
    (e): e is string => typeof e === 'string' && (!node.pattern || new RegExp(node.pattern, 'u').test(e)),
  );
  if (ex !== undefined && seed === 0) return ex;
  if (node.format && FORMAT_EXAMPLES[node.format]) return FORMAT_EXAMPLES[node.format]!;
  if (node.pattern && PATTERN_EXAMPLES[node.pattern]) return PATTERN_EXAMPLES[node.pattern]!;
  const base = `s${seed}`;
  const min = node.minLength ?? 0;
  let s = base.length >= min ? base : base + 'a'.repeat(min - base.length);
  if (node.maxLength !== undefined && s.length > node.maxLength) s = s.slice(0, node.maxLength);
  return s;
}

export function genNumber(node: Extract<TypeNode, { kind: 'number' }>, seed = 0): number {
  const step = node.integer ? 1 : 0.5;
  let v =
    node.minimum ??
    (node.exclusiveMinimum !== undefined
      ? node.exclusiveMinimum + step
      : node.maximum !== undefined
        ? Math.min(1, node.maximum)
        : 1);
  if (node.exclusiveMaximum !== undefined && v >= node.exclusiveMaximum) v = node.exclusiveMaximum - step;
  if (node.multipleOf !== undefined) v = Math.ceil(v / node.multipleOf) * node.multipleOf;
  const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - step : Infinity);
  return Math.min(v + (seed > 0 && v + seed <= max ? seed : 0), max);
}

/** One step from a schema node to a child: a property, an array item, a union variant, an allOf member. */
export type Step = { prop: string } | { item: true } | { variant: number } | { member: number };

/** A constrained location of a request body: the steps to reach it and its JSON pointer below `/body`. */
export interface Site {
  steps: Step[];
  pointer: string;
  node: TypeNode;
  /** Whether the value sits in a JSON body (false: a multipart field, sent as text). */
  required: boolean;
}

export function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every node under `root` (following refs once per path), with the steps to reach it. */
export function sites(v: Values, root: TypeNode, maxDepth = 8): Site[] {
  const out: Site[] = [];
  const visit = (node: TypeNode, steps: Step[], pointer: string, required: boolean, refs: string[]) => {
    if (steps.length > maxDepth) return;
    if (node.kind === 'ref') {
      if (refs.includes(node.target)) return;
      return visit(v.resolve(node), steps, pointer, required, [...refs, node.target]);
    }
    out.push({ steps, pointer, node, required });
    switch (node.kind) {
      case 'object':
        for (const p of node.properties)
          visit(
            p.type,
            [...steps, { prop: p.name }],
            `${pointer}/${escapePointer(p.name)}`,
            p.required,
            refs,
          );
        break;
      case 'array':
        visit(node.items, [...steps, { item: true }], `${pointer}/0`, true, refs);
        break;
      case 'union':
        node.variants.forEach((x, i) => visit(x, [...steps, { variant: i }], pointer, required, refs));
        break;
      case 'intersection':
        node.members.forEach((x, i) => visit(x, [...steps, { member: i }], pointer, required, refs));
        break;
      default:
        break;
    }
  };
  visit(root, [], '', true, []);
  return out;
}

/** A valid value of `root` in which the node at `steps` holds `leaf`. */
export function along(
  v: Values,
  root: TypeNode,
  steps: Step[],
  leaf: Json,
  multipart = false,
  depth = 0,
): Json {
  const node = v.resolve(root);
  const [step, ...rest] = steps;
  if (!step) return leaf;
  if ('prop' in step) {
    const obj = node.kind === 'object' ? v.genObject(node, 0, depth, multipart) : {};
    const p =
      node.kind === 'object' ? node.properties.find((x: Property) => x.name === step.prop) : undefined;
    obj[step.prop] = along(
      v,
      p?.type ?? { kind: 'unknown', nullable: false, pointer: '' },
      rest,
      leaf,
      multipart,
      depth + 1,
    );
    v.applyConditionals(node, obj, depth, multipart, step.prop);
    if (rest.length === 0) v.applyRules(node, obj, step.prop);
    return obj;
  }
  if ('item' in step && node.kind === 'array') {
    const n = Math.max(node.minItems ?? 0, 1);
    return [
      along(v, node.items, rest, leaf, multipart, depth + 1),
      ...Array.from({ length: n - 1 }, (_, i) => v.gen(node.items, i + 1, depth + 1, multipart)),
    ];
  }
  if ('variant' in step && node.kind === 'union')
    return along(v, node.variants[step.variant]!, rest, leaf, multipart, depth + 1);
  if ('member' in step && node.kind === 'intersection') {
    let out: Json = undefined;
    node.members.forEach((m, i) => {
      if (i !== step.member) out = merge(out, v.gen(m, 0, depth + 1, multipart));
    });
    out = merge(out, along(v, node.members[step.member]!, rest, leaf, multipart, depth + 1));
    const last = steps.find((s): s is { prop: string } => 'prop' in s);
    if (isObj(out)) v.applyConditionals(node, out, depth, multipart, last?.prop);
    return out;
  }
  return leaf;
}

/** A boundary case of one constraint: the value just inside and the one just outside. */
export interface Bound {
  constraint: string;
  inside?: Json;
  outside: Json;
  /** The error code expected for `outside` (informational). */
  code?: string;
}

function strOf(n: number, ch = 'a'): string {
  return ch.repeat(n);
}

/** The boundary cases of a node's own constraints (the leaf value only). */
export function bounds(v: Values, node: TypeNode): Bound[] {
  const out: Bound[] = [];
  switch (node.kind) {
    case 'number': {
      const d = node.integer ? 1 : 0.001;
      if (node.minimum !== undefined)
        out.push({ constraint: `minimum ${node.minimum}`, inside: node.minimum, outside: node.minimum - d });
      if (node.maximum !== undefined)
        out.push({ constraint: `maximum ${node.maximum}`, inside: node.maximum, outside: node.maximum + d });
      if (node.exclusiveMinimum !== undefined)
        out.push({
          constraint: `exclusiveMinimum ${node.exclusiveMinimum}`,
          inside: node.exclusiveMinimum + d,
          outside: node.exclusiveMinimum,
        });
      if (node.exclusiveMaximum !== undefined)
        out.push({
          constraint: `exclusiveMaximum ${node.exclusiveMaximum}`,
          inside: node.exclusiveMaximum - d,
          outside: node.exclusiveMaximum,
        });
      if (node.integer)
        out.push({ constraint: 'integer', inside: genNumber(node), outside: genNumber(node) + 0.5 });
      break;
    }
    case 'string': {
      const base = genString(node);
      const ch = base[0] ?? 'a';
      if (node.minLength !== undefined && node.minLength > 0)
        out.push({
          constraint: `minLength ${node.minLength}`,
          inside: strOf(node.minLength, ch),
          outside: strOf(node.minLength - 1, ch),
        });
      if (node.maxLength !== undefined)
        out.push({
          constraint: `maxLength ${node.maxLength}`,
          inside: strOf(node.maxLength, ch),
          outside: strOf(node.maxLength + 1, ch),
        });
      if (node.pattern) {
        const re = new RegExp(node.pattern, 'u');
        const bad = ['\u00e9\u00e8 \n#', ' ', '', '!!'].find((s) => !re.test(s));
        if (bad !== undefined)
          out.push({
            constraint: `pattern ${node.pattern}`,
            inside: re.test(base) ? base : undefined,
            outside: bad,
          });
      }
      if (node.format && FORMAT_EXAMPLES[node.format] && node.format !== 'byte')
        out.push({
          constraint: `format ${node.format}`,
          inside: FORMAT_EXAMPLES[node.format],
          outside: 'not a value',
        });
      break;
    }
    case 'enum':
      if (!node.open) {
        const outside =
          typeof node.values[0] === 'number'
            ? Math.max(...(node.values as number[])) + 1
            : 'not-a-known-value';
        out.push({
          constraint: `enum [${node.values.join(', ')}]`,
          inside: node.values[node.values.length - 1],
          outside,
        });
      }
      break;
    case 'literal':
      out.push({
        constraint: `const ${JSON.stringify(node.value)}`,
        inside: node.value,
        outside:
          typeof node.value === 'string'
            ? `${node.value}_x`
            : typeof node.value === 'number'
              ? node.value + 1
              : typeof node.value === 'boolean'
                ? !node.value
                : 'x',
      });
      break;
    case 'array': {
      const item = (i: number) => v.gen(node.items, i);
      if (node.minItems !== undefined && node.minItems > 0)
        out.push({
          constraint: `minItems ${node.minItems}`,
          inside: Array.from({ length: node.minItems }, (_, i) => item(i)),
          outside: Array.from({ length: node.minItems - 1 }, (_, i) => item(i)),
        });
      if (node.maxItems !== undefined && node.maxItems <= 5000)
        out.push({
          constraint: `maxItems ${node.maxItems}`,
          inside: Array.from({ length: node.maxItems }, (_, i) => item(i)),
          outside: Array.from({ length: node.maxItems + 1 }, (_, i) => item(i)),
        });
      break;
    }
    case 'map':
    case 'object': {
      const value = (i: number) =>
        node.kind === 'map'
          ? v.gen(node.values, i)
          : typeof node.additional === 'object'
            ? v.gen(node.additional, i)
            : 'x';
      const objOf = (n: number) => {
        const o: Record<string, Json> = node.kind === 'object' ? v.genObject(node, 0, 0, false) : {};
        for (let i = 0; Object.keys(o).length < n; i++) o[`key${i}`] = value(i);
        return o;
      };
      if (node.maxProperties !== undefined)
        out.push({
          constraint: `maxProperties ${node.maxProperties}`,
          inside: objOf(node.maxProperties),
          outside: objOf(node.maxProperties + 1),
        });
      if (node.minProperties !== undefined && node.minProperties > 0)
        out.push({
          constraint: `minProperties ${node.minProperties}`,
          inside: objOf(node.minProperties),
          outside: objOf(node.minProperties - 1),
        });
      if (node.kind === 'object' && node.additional === false && node.typeAsserted)
        out.push({
          constraint: 'additionalProperties false',
          outside: { ...v.genObject(node, 0, 0, false), unexpected_field: 1 },
        });
      if (node.kind === 'object')
        for (const p of node.properties)
          if (p.required) {
            const o = v.genObject(node, 0, 0, false);
            delete o[p.name];
            out.push({ constraint: `required ${p.name}`, outside: o });
          }
      break;
    }
    default:
      break;
  }
  return out;
}
