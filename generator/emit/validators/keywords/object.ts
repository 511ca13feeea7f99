/**
 * `type: object`: `properties`, `required`, `patternProperties`, `additionalProperties`, `propertyNames`,
 * `minProperties`/`maxProperties`, and the cross-field rules (`x-rules`); maps (`additionalProperties` only).
 */
import { _, join, nil, type Code, type Name } from '../../code/index.ts';
import type { ObjectNode, TypeNode } from '../../../ir/types.ts';
import { runOf, type Cx, type KeywordCompiler } from '../context.ts';
import { child, dynamic, pathExpr } from '../path.ts';
import { constrains, plainRef } from '../structure.ts';
import { KEY, propertyCount, propertyNameConstraints, propertyNamesSchema } from './property-names.ts';
import { crossFieldRule } from './rules.ts';
import { typeTest } from './type.ts';

/** Kinds whose `check` helper needs no `is` test first (as `Compiler.gen` calls them). */
const DIRECT_KINDS = new Set<TypeNode['kind']>(['object', 'map', 'array', 'intersection']);

/** Objects with at least this many properties check them in `check` mode from a table (`checkProps`). */
const TABLE_FROM = 20;

/** `(a)` unless `a` is one comparison or call (no `||`/`&&` at its top). */
const paren = (a: Code): Code => (/\|\||&&/.test(a.toString()) ? _`(${a})` : a);

/** Check mode: the properties as a table run by the runtime's `checkProps` (one row per property). */
function propertyTable(cx: Cx<ObjectNode>): void {
  const { cc, node, v, p, out } = cx;
  const checkProps = cc.rt('checkProps');
  const rows = node.properties
    .filter((pr) => pr.required || constrains(pr.type))
    .map((pr) => {
      const t = pr.type;
      if (!constrains(t)) return _`[${pr.name}, ${pr.required}, null, null]`;
      const check = plainRef(t) ? cc.linked(t.target, 'check') : cc.hoist(t, 'check');
      // A container's check is called directly (its own checks test each member first).
      if (!plainRef(t) && DIRECT_KINDS.has(t.kind)) return _`[${pr.name}, ${pr.required}, null, ${check}]`;
      const is = plainRef(t) ? cc.linked(t.target, 'is') : cc.hoist(t, 'is');
      return _`[${pr.name}, ${pr.required}, ${is}, ${check}]`;
    });
  out.line(_`${checkProps}(${v}, ${pathExpr(p)}, c, ${cc.table(rows)});`);
}

function propertyChecks(cx: Cx<ObjectNode>): void {
  const { cc, node, v, p, mode, s, out } = cx;
  for (const prop of node.properties) {
    const needsCheck = constrains(prop.type);
    if (!prop.required && !needsCheck) continue;
    const x = cc.fresh(s);
    out.line(_`const ${x} = ${cc.read(v, prop.name)};`);
    const at = child(p, prop.name);
    // A value checked by one test or call: one line (`if (absent || bad) return false;`, `if (present && bad) check`).
    if (mode === 'is') {
      const bad = needsCheck ? cc.isTest(prop.type, x) : undefined;
      if (bad || !needsCheck) {
        const cond = bad ? (prop.required ? _`${x} === undefined || ${paren(bad)}` : _`${x} !== undefined && ${paren(bad)}`) : _`${x} === undefined`;
        out.line(_`if (${cond}) return false;`);
        continue;
      }
    } else {
      const call = needsCheck ? cc.checkCall(prop.type, x, at) : undefined;
      if (call || !needsCheck) {
        if (prop.required) {
          out.line(_`if (${x} === undefined) c.add(${pathExpr(at)}, 'required', 'is required');`);
          if (call) out.line(call.bad ? _`else if (${call.bad}) ${call.call};` : _`else ${call.call};`);
        } else if (call) out.line(call.bad ? _`if (${x} !== undefined && ${paren(call.bad)}) ${call.call};` : _`if (${x} !== undefined) ${call.call};`);
        continue;
      }
    }
    if (prop.required) {
      out.block(_`if (${x} === undefined)`, () => cc.fail(out, mode, at, 'required', 'is required'));
      if (needsCheck) out.else(() => cc.gen(out, prop.type, x, at, mode, s));
    } else {
      out.block(_`if (${x} !== undefined)`, () => cc.gen(out, prop.type, x, at, mode, s));
    }
  }
}

/** Checks every property value of `cx.v` whose key is not `known` and matches none of `patterns` against `type`. */
function eachValue(cx: Cx, type: TypeNode, known: string[], patterns: Name[] = []): void {
  const { cc, v, p, mode, s, out } = cx;
  const esc = cc.rt('esc');
  const x = cc.fresh(s);
  out.block(_`for (const k in ${v})`, () => {
    if (mode === 'check') out.line(_`if (c.full) break;`);
    const skip = isKnown(cx, known, patterns);
    if (!skip.empty) out.block(_`if (${skip})`, () => out.line(_`continue;`));
    out.line(_`const ${x} = ${v}[k];`);
    cc.gen(out, type, x, dynamic(p, _`${esc}(k)`), mode, s);
  });
}

/** True when key `k` is declared or matches a pattern (empty code: no key is). */
function isKnown(cx: Cx, known: string[], patterns: Name[]): Code {
  const tests = [...(known.length ? [cx.cc.knownKey(KEY, known)] : []), ...patterns.map((re) => _`${re}.test(k)`)];
  return tests.length ? join(tests, _` || `) : nil;
}

/** Everything of an object but its declared properties. */
function objectRest(cx: Cx<ObjectNode>): void {
  const { cc, node, v, p, mode, s, out } = cx;
  for (const name of node.extraRequired) cc.failIf(out, _`${cc.read(v, name)} === undefined`, mode, child(p, name), 'required', 'is required');
  propertyCount(cx, node);
  propertyNameConstraints(cx, node.propertyNames, node.pointer);
  propertyNamesSchema(cx, node.propertyNamesType);
  const known = node.properties.map((pr) => pr.name);
  const patterns = (node.patternProperties ?? []).map((pp) => ({ re: cc.regex(pp.pattern, node.pointer, pp.flags), type: pp.type }));
  if (patterns.length) {
    const esc = cc.rt('esc');
    const x = cc.fresh(s);
    out.block(_`for (const k in ${v})`, () => {
      if (mode === 'check') out.line(_`if (c.full) break;`);
      out.line(_`const ${x} = ${cc.rt('own')}(${v}, k);`);
      for (const pp of patterns) out.block(_`if (${pp.re}.test(k))`, () => cc.gen(out, pp.type, x, dynamic(p, _`${esc}(k)`), mode, s));
    });
  }
  if (node.additional === false) {
    // Closed objects; response validation (an open run) tolerates properties added later.
    const esc = cc.rt('esc');
    out.block(_`if (!${runOf(mode)}.open)`, () => {
      out.block(_`for (const k in ${v})`, () => {
        const skip = isKnown(cx, known, patterns.map((pp) => pp.re));
        if (!skip.empty) out.block(_`if (${skip})`, () => out.line(_`continue;`));
        cc.fail(out, mode, dynamic(p, _`${esc}(k)`), 'unknown_property', 'is not a known field');
        if (mode === 'check') out.line(_`if (c.full) break;`);
      });
    });
  } else if (typeof node.additional === 'object' && constrains(node.additional)) {
    eachValue(cx, node.additional, known, patterns.map((pp) => pp.re));
  }
  for (const rule of node.rules) crossFieldRule(cx, rule);
}

function objectKeywords(cx: Cx<ObjectNode>): void {
  // Large objects only: the table is compact but slower (keyed reads), so objects of usual size stay inline.
  if (cx.mode === 'check' && cx.node.properties.length >= TABLE_FROM) propertyTable(cx);
  else propertyChecks(cx);
  objectRest(cx);
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
    propertyNameConstraints(cx, node.propertyNames, node.pointer);
    propertyNamesSchema(cx, node.propertyNamesType);
    if (constrains(node.values)) eachValue(cx, node.values, []);
  });
};
