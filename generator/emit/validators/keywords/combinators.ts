/** `allOf`, `anyOf`, `oneOf` (with OpenAPI's `discriminator`), `not`, `if`/`then`/`else`. */
import { _, join, type Code, type Name } from '../code/index.ts';
import type { TypeNode } from '../../../ir/schema.ts';
import { describe, joinOr, kindsOf, listValues, type JsonKind } from '../describe.ts';
import { runOf, schemaOf, type Cx, type KeywordCompiler } from '../context.ts';
import { child, pathExpr } from '../path.ts';
import { typeMessage } from './type.ts';

type UnionNode = Extract<TypeNode, { kind: 'union' }>;

export const allOf: KeywordCompiler<Extract<TypeNode, { kind: 'intersection' }>> = (cx) => {
  for (const m of cx.node.members) cx.cc.gen(cx.out, m, cx.v, cx.p, cx.mode, cx.s);
};

/** A discriminated union: the discriminator's value picks the one variant to check. */
/** The runtime test of one basic kind on `v` (`isObj`: the runtime's, already imported by the caller). */
function kindTest(kind: JsonKind, v: Name): Code {
  switch (kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return _`typeof ${v} === ${kind}`;
    case 'null':
      return _`${v} === null`;
    case 'array':
      return _`Array.isArray(${v})`;
    case 'object':
      return _`isObj(${v})`;
    case 'blob':
      return _`${v} instanceof Blob`;
  }
}

function discriminated(cx: Cx<UnionNode>, d: NonNullable<UnionNode['discriminator']>): void {
  const { cc, node, v, p, mode, s, out } = cx;
  const isObj = cc.rt('isObj');
  // The discriminator is what asks for an object (the union may have no `type`).
  out.block(_`if (!${isObj}(${v}))`, () =>
    cc.fail(out, mode, p, 'type', typeMessage(node), schemaOf(cx, 'discriminator')),
  );
  out.else(() => {
    out.block(_`switch (${cc.read(v, d.property)})`, () => {
      for (const m of d.mapping) {
        out.line(_`case ${m.value}:`);
        out.indent(() => {
          if (mode === 'is') {
            const fn =
              m.schema !== undefined ? cc.linked(m.schema, mode) : cc.helper(node.variants[m.variant]!, mode);
            out.line(_`if (!${fn}(${v}, r)) return false;`);
          } else
            out.line(
              m.schema !== undefined
                ? _`${cc.linked(m.schema, mode)}(${v}, ${pathExpr(p)}, c);`
                : _`${cc.callCheck(node.variants[m.variant]!, v, p, s)};`,
            );
          out.line(_`break;`);
        });
      }
      out.line(_`default:`);
      out.indent(() =>
        cc.fail(
          out,
          mode,
          child(p, d.property),
          'discriminator',
          `must be one of ${listValues(d.mapping.map((m) => m.value))}`,
          schemaOf(cx, 'discriminator'),
        ),
      );
    });
  });
}

export const anyOfOneOf: KeywordCompiler<UnionNode> = (cx) => {
  const { cc, node, v, p, mode, s, out } = cx;
  if (node.discriminator) return discriminated(cx, node.discriminator);
  // Made on use: each test registers its variant's helper.
  const tests = () => node.variants.map((variant) => _`${cc.helper(variant, 'is')}(${v}, ${runOf(mode)})`);
  const count = () =>
    join(
      tests().map((t) => _`(${t} ? 1 : 0)`),
      _` + `,
    );
  // `anyOf`, or a `oneOf` whose variants cannot both match: the first match decides.
  const firstMatch = node.mode === 'anyOf' || disjoint(cx, node.variants);
  if (mode === 'is') {
    if (firstMatch) out.line(_`if (!(${join(tests(), _` || `)})) return false;`);
    else out.line(_`if ((${count()}) !== 1) return false;`);
    return;
  }
  const code = node.mode === 'oneOf' ? 'one_of' : 'any_of';
  const schema = schemaOf(cx, node.mode);
  const expected = `must be ${joinOr(node.variants.map((x) => describe(x, 1)))}`;
  // The variants that may accept each JSON kind (`kindsOf` never leaves out a kind a variant accepts).
  const byKind = new Map<JsonKind, TypeNode[]>();
  for (const variant of node.variants)
    for (const k of kindsOf(variant, cc.schemas)) byKind.set(k, [...(byKind.get(k) ?? []), variant]);
  const kindOf = (kind: JsonKind) => (kind === 'object' ? _`${cc.rt('isObj')}(${v})` : kindTest(kind, v));
  // First match, and kinds a value has one of (a Blob is an object too): the value's kind picks the variants to try,
  // and the only variant of its kind is checked directly (its errors are the answer's), without testing every
  // variant first.
  if (firstMatch && !(byKind.has('blob') && byKind.has('object'))) {
    let first = true;
    for (const [kind, variants] of byKind) {
      out.block(first ? _`if (${kindOf(kind)})` : _`else if (${kindOf(kind)})`, () => {
        if (variants.length === 1) out.line(_`${cc.callCheck(variants[0]!, v, p, s)};`);
        else
          cc.failIf(
            out,
            _`!(${join(
              variants.map((variant) => _`${cc.helper(variant, 'is')}(${v}, c)`),
              _` || `,
            )})`,
            mode,
            p,
            code,
            expected,
            schema,
          );
      });
      first = false;
    }
    if (first) cc.fail(out, mode, p, code, expected, schema);
    else out.else(() => cc.fail(out, mode, p, code, expected, schema));
    return;
  }
  let none: Code;
  if (firstMatch) none = _`!(${join(tests(), _` || `)})`;
  else {
    const m = cc.fresh(s, 'm');
    out.line(_`const ${m} = ${count()};`);
    out.block(_`if (${m} > 1)`, () => cc.fail(out, mode, p, 'one_of', tooMany(node), schemaOf(cx, 'oneOf')));
    none = _`${m} === 0`;
  }
  out.block(_`if (${none})`, () => {
    // Report the detailed errors of the only branch that accepts the value's JSON type, when there is one.
    let first = true;
    for (const [kind, variants] of byKind) {
      if (variants.length !== 1) continue;
      const test = _`if (${kindOf(kind)})`;
      out.block(first ? test : _`else ${test}`, () => out.line(_`${cc.callCheck(variants[0]!, v, p, s)};`));
      first = false;
    }
    if (first) cc.fail(out, mode, p, code, expected, schema);
    else out.else(() => cc.fail(out, mode, p, code, expected, schema));
  });
};

/** A value `oneOf` refuses for matching several variants: the variants named when their descriptions tell them apart. */
function tooMany(node: UnionNode): string {
  const shapes = node.variants.map((x) => describe(x, 1));
  return new Set(shapes).size === shapes.length
    ? `matches more than one of: ${shapes.join(', ')}`
    : 'matches more than one of the allowed shapes';
}

/**
 * Variants that can never both match make `oneOf` equal to `anyOf`, which may stop at the first match. Two
 * variants are exclusive when their basic JSON kinds do not overlap, or when both are non-empty arrays whose
 * items are exclusive (the token-array shapes of `input` and `prompt`).
 */
function disjoint(cx: Cx, variants: TypeNode[]): boolean {
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++)
      if (!exclusive(cx, variants[i]!, variants[j]!, 0)) return false;
  }
  return true;
}

function exclusive(cx: Cx, a: TypeNode, b: TypeNode, depth: number): boolean {
  const ka = kindsOf(a, cx.cc.schemas);
  const kb = kindsOf(b, cx.cc.schemas);
  const shared = [...ka].filter((k) => kb.has(k));
  if (!shared.length) return true;
  if (depth > 4 || shared.length !== 1 || shared[0] !== 'array') return false;
  const ra = resolve(cx, a);
  const rb = resolve(cx, b);
  if (ra.kind !== 'array' || rb.kind !== 'array' || ra.prefixItems || rb.prefixItems) return false;
  return (ra.minItems ?? 0) >= 1 && (rb.minItems ?? 0) >= 1 && exclusive(cx, ra.items, rb.items, depth + 1);
}

function resolve(cx: Cx, node: TypeNode): TypeNode {
  let n = node;
  for (let i = 0; n.kind === 'ref' && i < 16; i++) n = cx.cc.schemas.get(n.target)?.type ?? n;
  return n;
}

/** `if`/`then`/`else`: `then` applies when `if` passes, `else` when it fails. */
export const ifThenElse: KeywordCompiler = (cx) => {
  const { cc, v, p, mode, s, out } = cx;
  for (const cond of cx.node.conditionals ?? []) {
    if (!cond.then && !cond.else) continue;
    out.block(_`if (${cc.helper(cond.if, 'is')}(${v}, ${runOf(mode)}))`, () => {
      if (cond.then) cc.gen(out, cond.then, v, p, mode, s);
    });
    if (cond.else) out.else(() => cc.gen(out, cond.else!, v, p, mode, s));
  }
};

export const not: KeywordCompiler = (cx) => {
  for (const n of cx.node.not ?? [])
    cx.cc.failIf(
      cx.out,
      _`${cx.cc.helper(n, 'is')}(${cx.v}, ${runOf(cx.mode)})`,
      cx.mode,
      cx.p,
      'not',
      `must not be ${describeNot(n)}`,
      schemaOf(cx, 'not'),
    );
};

function describeNot(node: TypeNode): string {
  if (node.kind === 'object' && !node.typeAsserted) {
    const required = node.properties.filter((pr) => pr.required).map((pr) => pr.name);
    const fixed = node.properties
      .filter((pr) => pr.type.kind === 'literal')
      .map((pr) => `${pr.name} = ${JSON.stringify((pr.type as { value: unknown }).value)}`);
    if (required.length || fixed.length)
      return `a combination with ${[...new Set([...fixed, ...required.filter((r) => !fixed.some((f) => f.startsWith(`${r} =`)))])].join(', ')}`;
  }
  return describe(node);
}
