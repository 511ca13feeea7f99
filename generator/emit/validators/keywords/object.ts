/**
 * `type: object`: `properties`, `required`, `patternProperties`, `additionalProperties`, `propertyNames`,
 * `minProperties`/`maxProperties`, and the cross-field rules (`x-rules`); maps (`additionalProperties` only).
 */
import { _, join, Name, nil, type Code } from '../code/index.ts';
import type { ObjectNode, TypeNode } from '../../../ir/schema.ts';
import { runOf, schemaOf, type Cx, type KeywordCompiler, type Value } from '../context.ts';
import { child, dynamic, pathExpr } from '../path.ts';
import { constrains, DIRECT_CHECK, plainRef } from '../structure.ts';
import {
  constrainsNames,
  KEY,
  propertyCount,
  propertyNameConstraints,
  propertyNamesSchema,
} from './property-names.ts';
import { crossFieldRule } from './rules.ts';
import { typeTest } from './type.ts';

/** Objects with at least this many properties check them in `check` mode from a table (`checkProps`). */
const TABLE_FROM = 20;

/** A stand-in for the value, to see how often a test reads it. */
const PROBE = new Name('__value');

/** Whether `test` reads the value once (a spec literal that happens to contain the name only makes this say no). */
const readsOnce = (test: Code): boolean => test.toString().split(PROBE.toString()).length === 2;

/** `(a)` unless `a` is one comparison or call (no `||`/`&&` at its top). */
const paren = (a: Code): Code => (/\|\||&&/.test(a.toString()) ? _`(${a})` : a);

/** Where `pointer` is below `base` (`/properties/name`), or the whole of it when elsewhere (`#/…`): the runtime joins them. */
const below = (base: string, pointer: string): string =>
  pointer.startsWith(`${base}/`) ? pointer.slice(base.length) : pointer;

/**
 * Check mode: the properties as a table run by the runtime's `checkProps` (one row per property), each with where
 * its schema is: below the object's (identical objects share the table), or a named schema's own place.
 */
function propertyTable(cx: Cx<ObjectNode>): void {
  const { cc, node, v, p, s, out } = cx;
  const checkProps = cc.rt('checkProps');
  const rows = node.properties
    .filter((pr) => pr.required || constrains(pr.type))
    .map((pr) => {
      const t = pr.type;
      // Whole where the check ignores the base (a named schema's, a one-place helper's): nothing is joined.
      const where = plainRef(t)
        ? (cc.schemas.get(t.target)?.type.pointer ?? t.pointer)
        : cc.fixedCheck(t)
          ? t.pointer
          : below(node.pointer, t.pointer);
      if (!constrains(t)) return _`[${pr.name}, ${pr.required}, null, null, ${where}]`;
      const check = plainRef(t) ? cc.linked(t.target, 'check') : cc.hoist(t, 'check');
      // A container's check is called directly (its own checks test each member first).
      if (!plainRef(t) && DIRECT_CHECK.has(t.kind))
        return _`[${pr.name}, ${pr.required}, null, ${check}, ${where}]`;
      const is = plainRef(t) ? cc.linked(t.target, 'is') : cc.hoist(t, 'is');
      return _`[${pr.name}, ${pr.required}, ${is}, ${check}, ${where}]`;
    });
  out.line(_`${checkProps}(${v}, ${pathExpr(p)}, c, ${cc.table(rows)}, ${cc.schemaAt(s, node.pointer)});`);
}

function propertyChecks(cx: Cx<ObjectNode>): void {
  const { cc, node, v, p, mode, s, out } = cx;
  const required = schemaOf(cx, 'required');
  for (const prop of node.properties) {
    const needsCheck = constrains(prop.type);
    if (!prop.required && !needsCheck) continue;
    const at = child(p, prop.name);
    // A scalar's test is true for an absent value too (`typeof x !== 'string'`, `x !== 'a'`): a required scalar
    // needs no `=== undefined` first (in `check` mode the runtime's `required` tells absent from bad), and a test
    // reading the value once reads it in place, without a variable.
    const leaf = prop.required && needsCheck ? cc.leafCondition(prop.type, PROBE) : undefined;
    if (leaf) {
      let x: Value = cc.read(v, prop.name);
      if (!readsOnce(leaf)) {
        const name = cc.fresh(s);
        out.line(_`const ${name} = ${x};`);
        x = name;
      }
      const bad = cc.leafCondition(prop.type, x)!;
      out.line(
        mode === 'is'
          ? _`if (${bad}) return false;`
          : _`if (${bad}) c.required(${x}, ${pathExpr(at)}, ${cc.hoist(prop.type, 'check')}, ${cc.schemaAt(s, node.pointer)}, ${cc.fixedCheck(prop.type) ? prop.type.pointer : below(node.pointer, prop.type.pointer)});`,
      );
      continue;
    }
    const x = cc.fresh(s);
    out.line(_`const ${x} = ${cc.read(v, prop.name)};`);
    // A value checked by one test or call: one line (`if (absent || bad) return false;`, `if (present && bad) check`).
    if (mode === 'is') {
      const bad = needsCheck ? cc.isTest(prop.type, x) : undefined;
      if (bad || !needsCheck) {
        const cond = bad
          ? prop.required
            ? _`${x} === undefined || ${paren(bad)}`
            : _`${x} !== undefined && ${paren(bad)}`
          : _`${x} === undefined`;
        out.line(_`if (${cond}) return false;`);
        continue;
      }
    } else {
      const call = needsCheck ? cc.checkCall(prop.type, x, at, s) : undefined;
      if (call || !needsCheck) {
        if (prop.required) {
          out.line(_`if (${x} === undefined) c.missing(${pathExpr(at)}, ${required});`);
          if (call) out.line(call.bad ? _`else if (${call.bad}) ${call.call};` : _`else ${call.call};`);
        } else if (call)
          out.line(
            call.bad
              ? _`if (${x} !== undefined && ${paren(call.bad)}) ${call.call};`
              : _`if (${x} !== undefined) ${call.call};`,
          );
        continue;
      }
    }
    if (prop.required) {
      out.block(_`if (${x} === undefined)`, () =>
        mode === 'is' ? out.line(_`return false;`) : out.line(_`c.missing(${pathExpr(at)}, ${required});`),
      );
      out.else(() => cc.gen(out, prop.type, x, at, mode, s));
    } else {
      out.block(_`if (${x} !== undefined)`, () => cc.gen(out, prop.type, x, at, mode, s));
    }
  }
}

/** Checks every property value of `cx.v` whose key is not `known` and matches none of `patterns` against `type`. */
function eachValue(cx: Cx, type: TypeNode, known: string[], patterns: Name[] = []): void {
  cx.out.block(_`for (const k in ${cx.v})`, () => {
    if (cx.mode === 'check') cx.out.line(_`if (c.full) break;`);
    valueOfKey(cx, type, known, patterns);
  });
}

/** Inside a loop over the keys (`k`): checks the value of `k` against `type`, unless `k` is known or patterned. */
function valueOfKey(cx: Cx, type: TypeNode, known: string[], patterns: Name[]): void {
  const { cc, v, p, mode, s, out } = cx;
  const x = cc.fresh(s);
  const skip = isKnown(cx, known, patterns);
  if (!skip.empty) out.block(_`if (${skip})`, () => out.line(_`continue;`));
  out.line(_`const ${x} = ${v}[k];`);
  cc.gen(out, type, x, dynamic(p, _`${cc.rt('esc')}(k)`), mode, s);
}

/** True when key `k` is declared or matches a pattern (empty code: no key is). */
function isKnown(cx: Cx, known: string[], patterns: Name[]): Code {
  const tests = [
    ...(known.length ? [cx.cc.knownKey(KEY, known)] : []),
    ...patterns.map((re) => _`${re}.test(k)`),
  ];
  return tests.length ? join(tests, _` || `) : nil;
}

/** Everything of an object but its declared properties. */
function objectRest(cx: Cx<ObjectNode>): void {
  const { cc, node, v, p, mode, s, out } = cx;
  for (const name of node.extraRequired) requiredCheck(cx, name, node.extraAccess?.[name]);
  propertyCount(cx, node);
  propertyNameConstraints(cx, node.propertyNames, node.pointer);
  propertyNamesSchema(cx, node.propertyNamesType);
  const known = node.properties.map((pr) => pr.name);
  const patterns = (node.patternProperties ?? []).map((pp) => ({
    re: cc.regex(pp.pattern, pp.flags, pp.linear),
    type: pp.type,
  }));
  if (patterns.length) {
    const esc = cc.rt('esc');
    const x = cc.fresh(s);
    out.block(_`for (const k in ${v})`, () => {
      if (mode === 'check') out.line(_`if (c.full) break;`);
      out.line(_`const ${x} = ${cc.rt('own')}(${v}, k);`);
      for (const pp of patterns)
        out.block(_`if (${pp.re}.test(k))`, () => cc.gen(out, pp.type, x, dynamic(p, _`${esc}(k)`), mode, s));
    });
  }
  if (node.additional === false) {
    // Closed objects; response validation (an open run) tolerates properties added later.
    const esc = cc.rt('esc');
    out.block(_`if (!${runOf(mode)}.open)`, () => {
      out.block(_`for (const k in ${v})`, () => {
        const skip = isKnown(
          cx,
          known,
          patterns.map((pp) => pp.re),
        );
        if (!skip.empty) out.block(_`if (${skip})`, () => out.line(_`continue;`));
        cc.fail(
          out,
          mode,
          dynamic(p, _`${esc}(k)`),
          'unknown_property',
          'is not a known field',
          schemaOf(cx, 'additionalProperties'),
        );
        if (mode === 'check') out.line(_`if (c.full) break;`);
      });
    });
  } else if (typeof node.additional === 'object' && constrains(node.additional)) {
    eachValue(
      cx,
      node.additional,
      known,
      patterns.map((pp) => pp.re),
    );
  }
  for (const rule of node.rules) crossFieldRule(cx, rule);
}

function objectKeywords(cx: Cx<ObjectNode>): void {
  const directional = cx.node.properties.filter((pr) => pr.required && pr.access);
  for (const pr of directional) requiredCheck(cx, pr.name, pr.access);
  // Past that, such a property is checked as an optional one (its value, when present).
  const rest: Cx<ObjectNode> = directional.length
    ? {
        ...cx,
        node: {
          ...cx.node,
          properties: cx.node.properties.map((pr) => (pr.access ? { ...pr, required: false } : pr)),
        },
      }
    : cx;
  // Large objects only: the table is compact but slower (keyed reads), so objects of usual size stay inline.
  if (rest.mode === 'check' && rest.node.properties.length >= TABLE_FROM) propertyTable(rest);
  else propertyChecks(rest);
  objectRest(rest);
}

/**
 * A required name's presence check. One marked `readOnly` is required in a response's run only (an open run), one
 * marked `writeOnly` in a request's only, as OpenAPI says: a request need not send the `id` the server assigns.
 */
function requiredCheck(cx: Cx<ObjectNode>, name: string, access: 'readOnly' | 'writeOnly' | undefined): void {
  const { cc, v, p, mode, out } = cx;
  const absent = _`${cc.read(v, name)} === undefined`;
  const run = runOf(mode);
  const cond =
    access === undefined
      ? absent
      : _`${absent} && ${access === 'readOnly' ? _`${run}.open` : _`!${run}.open`}`;
  out.line(
    mode === 'is'
      ? _`if (${cond}) return false;`
      : _`if (${cond}) c.missing(${pathExpr(child(p, name))}, ${schemaOf(cx, 'required')});`,
  );
}

export const objectType: KeywordCompiler<ObjectNode> = (cx) => {
  const isObj = cx.cc.rt('isObj');
  // Without `type`, the keywords apply to objects and any other value passes.
  if (!cx.node.typeAsserted) cx.out.block(_`if (${isObj}(${cx.v}))`, () => objectKeywords(cx));
  else typeTest(cx, _`!${isObj}(${cx.v})`, () => objectKeywords(cx));
};

export const mapType: KeywordCompiler<Extract<TypeNode, { kind: 'map' }>> = (cx) => {
  const { node } = cx;
  const isObj = cx.cc.rt('isObj');
  typeTest(cx, _`!${isObj}(${cx.v})`, () => {
    propertyCount(cx, node);
    // Constrained keys and values: one loop over the keys checks both.
    if (constrainsNames(node.propertyNames) && !node.propertyNamesType && constrains(node.values))
      return propertyNameConstraints(cx, node.propertyNames, node.pointer, () =>
        valueOfKey(cx, node.values, [], []),
      );
    propertyNameConstraints(cx, node.propertyNames, node.pointer);
    propertyNamesSchema(cx, node.propertyNamesType);
    if (constrains(node.values)) eachValue(cx, node.values, []);
  });
};
