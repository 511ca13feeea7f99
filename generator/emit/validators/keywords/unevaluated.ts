/**
 * `unevaluatedProperties` / `unevaluatedItems`: the keys (indexes) the node's other keywords evaluated are
 * collected into a set by `ev` helpers, then every other one is checked against the keyword's schema. In-place
 * applicators count only when they pass (`anyOf`, `oneOf`, `if`), so their branches are tested first.
 */
import { StructureKind, type FunctionDeclarationStructure } from 'ts-morph';
import { _, Name, Writer, type Code } from '../code/index.ts';
import type { TypeNode } from '../../../ir/schema.ts';
import { R, runOf, schemaOf, type Cx, type KeywordCompiler, type Services } from '../context.ts';
import { dynamic } from '../path.ts';
import { annotates, plainRef } from '../structure.ts';
import { KEY } from './property-names.ts';

function unevaluated(cx: Cx, rest: TypeNode, what: 'properties' | 'items'): void {
  const { cc, node, v, p, mode, s, out } = cx;
  const isObj = cc.rt('isObj');
  const esc = cc.rt('esc');
  const e = cc.fresh(s, 'e');
  const x = cc.fresh(s);
  out.block(what === 'properties' ? _`if (${isObj}(${v}))` : _`if (Array.isArray(${v}))`, () => {
    out.line(_`const ${e} = new Set<unknown>();`);
    writeEvaluated(cc, out, node, v, e, false, _`0`, runOf(mode));
    const k = what === 'properties' ? KEY : cc.fresh(s, 'i');
    out.block(
      what === 'properties' ? _`for (const k in ${v})` : _`for (let ${k} = 0; ${k} < ${v}.length; ${k}++)`,
      () => {
        if (mode === 'check') out.line(_`if (c.full) break;`);
        out.block(_`if (${e}.has(${k}))`, () => out.line(_`continue;`));
        const at = dynamic(p, what === 'properties' ? _`${esc}(k)` : _`${k}`);
        if (rest.kind === 'never') {
          if (what === 'properties')
            cc.fail(
              out,
              mode,
              at,
              'unevaluated_property',
              'is not a known field',
              schemaOf(cx, 'unevaluatedProperties'),
            );
          else
            cc.fail(
              out,
              mode,
              at,
              'unevaluated_item',
              'is not allowed (no item schema applies)',
              schemaOf(cx, 'unevaluatedItems'),
            );
          return;
        }
        out.line(_`const ${x}: unknown = ${v}[${k}];`);
        cc.gen(out, rest, x, at, mode, s);
      },
    );
  });
}

export const unevaluatedProperties: KeywordCompiler = (cx) => {
  if (cx.node.unevaluatedProperties) unevaluated(cx, cx.node.unevaluatedProperties, 'properties');
};

export const unevaluatedItems: KeywordCompiler = (cx) => {
  if (cx.node.unevaluatedItems) unevaluated(cx, cx.node.unevaluatedItems, 'items');
};

const V = new Name('v');
const E = new Name('e');

/** `(v, e, d, r) => void`: adds to `e` the keys or indexes of `v` that `node` evaluates (`d`: the call depth). */
export function evaluatedFunction(cc: Services, name: Name, node: TypeNode): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    name: name.toString(),
    parameters: [
      { name: 'v', type: 'unknown' },
      { name: 'e', type: 'Set<unknown>' },
      { name: 'd', type: 'number' },
      { name: 'r', type: cc.rt('Run').toString() },
    ],
    returnType: 'void',
    statements: (w) => {
      const out = new Writer(w);
      // A schema applying itself to the same value (an infinite loop in JSON Schema's terms) stops here.
      out.line(_`if (d > ${cc.rt('MAX_DEPTH')}) return;`);
      writeEvaluated(cc, out, node, V, E, true, _`d + 1`, R);
    },
  };
}

/** The helper collecting what `node` evaluates; undefined when it evaluates nothing. */
function evaluatedBy(cc: Services, node: TypeNode): Name | undefined {
  if (!annotates(node)) return undefined;
  if (plainRef(node)) {
    const target = cc.schemas.get(node.target)?.type;
    return target ? evaluatedBy(cc, target) : undefined;
  }
  return cc.hoist(node, 'ev');
}

/**
 * Writes the collection of what `node` evaluates on `v` into the set `e`. `own`: the node's own `unevaluated*`
 * count (it evaluates every key or item), which is the case when `node` sits inside the schema being checked.
 */
function writeEvaluated(
  cc: Services,
  out: Writer,
  node: TypeNode,
  v: Name,
  e: Name,
  own: boolean,
  d: Code,
  r: Name,
): void {
  const allKeys = () =>
    out.block(_`if (${cc.rt('isObj')}(${v}))`, () => out.line(_`for (const k in ${v}) ${e}.add(k);`));
  const allItems = () =>
    out.block(_`if (Array.isArray(${v}))`, () =>
      out.line(_`for (let i = 0; i < ${v}.length; i++) ${e}.add(i);`),
    );
  const call = (sub: TypeNode) => {
    const fn = evaluatedBy(cc, sub);
    if (fn) out.line(_`${fn}(${v}, ${e}, ${d}, ${r});`);
  };
  if (own && node.unevaluatedProperties) allKeys();
  if (own && node.unevaluatedItems) allItems();
  switch (node.kind) {
    case 'object': {
      if (typeof node.additional === 'object' || node.additionalGiven) {
        allKeys();
        break;
      }
      const names = node.properties.map((pr) => pr.name);
      const tests = [
        ...(names.length ? [cc.knownKey(KEY, names)] : []),
        ...(node.patternProperties ?? []).map(
          (pp) => _`${cc.regex(pp.pattern, pp.flags, pp.linear)}.test(k)`,
        ),
      ];
      if (!tests.length) break;
      const isObj = cc.rt('isObj');
      out.block(_`if (${isObj}(${v}))`, () =>
        out.block(_`for (const k in ${v})`, () => out.line(_`if (${joinOr(tests)}) ${e}.add(k);`)),
      );
      break;
    }
    case 'map':
      allKeys();
      break;
    case 'array': {
      if (!node.itemsAbsent) {
        allItems();
        break;
      }
      const prefix = node.prefixItems?.length ?? 0;
      if (!prefix && !node.contains) break;
      out.block(_`if (Array.isArray(${v}))`, () => {
        if (prefix) out.line(_`for (let i = 0; i < ${v}.length && i < ${prefix}; i++) ${e}.add(i);`);
        if (node.contains)
          out.line(
            _`for (let i = 0; i < ${v}.length; i++) if (${cc.helper(node.contains, 'is')}(${v}[i], ${r})) ${e}.add(i);`,
          );
      });
      break;
    }
    case 'union':
      for (const variant of node.variants) {
        const fn = evaluatedBy(cc, variant);
        if (fn) out.line(_`if (${cc.helper(variant, 'is')}(${v}, ${r})) ${fn}(${v}, ${e}, ${d}, ${r});`);
      }
      break;
    case 'intersection':
      for (const m of node.members) call(m);
      break;
    case 'ref': {
      const target = cc.schemas.get(node.target)?.type;
      if (target) call(target);
      break;
    }
    default:
      break;
  }
  for (const cond of node.conditionals ?? []) {
    const ifFn = evaluatedBy(cc, cond.if);
    const thenFn = cond.then && evaluatedBy(cc, cond.then);
    const elseFn = cond.else && evaluatedBy(cc, cond.else);
    if (!ifFn && !thenFn && !elseFn) continue;
    out.block(_`if (${cc.helper(cond.if, 'is')}(${v}, ${r}))`, () => {
      if (ifFn) out.line(_`${ifFn}(${v}, ${e}, ${d}, ${r});`);
      if (thenFn) out.line(_`${thenFn}(${v}, ${e}, ${d}, ${r});`);
    });
    if (elseFn) out.else(() => out.line(_`${elseFn}(${v}, ${e}, ${d}, ${r});`));
  }
  for (const [key, dep] of Object.entries(node.dependentSchemas ?? {})) {
    const fn = evaluatedBy(cc, dep);
    if (!fn) continue;
    out.line(_`if (${cc.rt('isObj')}(${v}) && Object.hasOwn(${v}, ${key})) ${fn}(${v}, ${e}, ${d}, ${r});`);
  }
}

const joinOr = (tests: Code[]): Code => tests.reduce((a, b) => _`${a} || ${b}`);
