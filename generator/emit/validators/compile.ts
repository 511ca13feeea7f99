/**
 * Compiles IR type nodes to specialised validator functions (no interpretation of the IR at run time).
 *
 * Every node compiles in two modes: `is` (fail fast: `return false` on the first problem, no allocation; the hot
 * path for valid input) and `check` (collect every error with its JSON pointer, code and message; run only when
 * `is` said no). Sub-schemas that must be evaluated on their own (union branches, `if`, `not`, rule `when`), large
 * inline sub-schemas, and in `check` mode every constrained sub-schema are hoisted into helpers shared by structure
 * (`HelperPool`: one per distinct sub-schema of the document, printed in `validators/shared.ts`); named schemas
 * are shared functions in `validators/schemas/<area>.ts`. `unevaluatedProperties`/`unevaluatedItems` collect what
 * the other keywords evaluated with `ev` helpers (`writeEvaluated`).
 */
import { StructureKind, type CodeBlockWriter, type FunctionDeclarationStructure, type StatementStructures } from 'ts-morph';
import type { CrossFieldRule, NamedSchema, ObjectNode, StringConstraints, TypeNode } from '../../ir/types.ts';
import { isIdentifierName } from '../ts/identifier.ts';
import { DEFAULT_CONFIG, type ValidatorsConfig } from '../../config/types.ts';
import { quote } from '../ts/type-expr.ts';
import { describe, joinOr, kindsOf, kindTest, listValues, type JsonKind } from './describe.ts';

export type Mode = 'is' | 'check';

/** A JSON pointer under construction: a JS expression, then a literal tail (merged into one string literal). */
export interface PathRef {
  base: string;
  tail: string;
}

export const rootPath = (base: string): PathRef => ({ base, tail: '' });

export function pathExpr(p: PathRef): string {
  if (!p.tail) return p.base;
  return p.base === "''" ? quote(p.tail) : `${p.base} + ${quote(p.tail)}`;
}
const child = (p: PathRef, name: string): PathRef => ({ base: p.base, tail: `${p.tail}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` });
const dynamic = (p: PathRef, segment: string): PathRef => ({ base: `${pathExpr({ ...p, tail: `${p.tail}/` })} + ${segment}`, tail: '' });

/** How compiled code refers to the functions of named schemas (which may live in another file). */
export interface SchemaLinker {
  is(name: string): string;
  check(name: string): string;
}

interface Scope {
  n: number;
}

const PROTO_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Hoisted helpers (`is<n>`, `check<n>`, `ev<n>`) by the structure of their node: one per distinct sub-schema. */
export class HelperPool {
  readonly names = new Map<string, { is?: string; check?: string; ev?: string }>();
  readonly pending: { node: TypeNode; mode: Mode | 'ev'; name: string }[] = [];
  count = 0;
}

export class Compiler {
  readonly schemas: Map<string, NamedSchema>;
  /** Runtime names the file uses (imported from `runtime.js`). */
  readonly runtime = new Set<string>(['Ctx']);
  private readonly constants: string[] = [];
  private readonly regexes = new Map<string, string>();
  private readonly sets = new Map<string, string>();
  /** `checkProps` tables by their rows, so identical objects of the file share one. */
  private readonly tables = new Map<string, string>();
  /** Hoisted helpers by the structure of their node; shared by every file when `share` gave a document-wide pool. */
  private pool = new HelperPool();
  /** Records the import of a pooled helper that another file prints; unset for the file that prints the pool. */
  private importHelper: ((name: string) => void) | undefined;

  constructor(
    schemas: NamedSchema[],
    private readonly link: SchemaLinker,
    readonly options: ValidatorsConfig = DEFAULT_CONFIG.validators,
    private readonly onPattern: (pattern: string, pointer: string) => void = () => {},
  ) {
    this.schemas = new Map(schemas.map((s) => [s.name, s]));
  }

  /** A function validating `node`: `(v) => boolean` in `is` mode, `(v, p, c) => void` in `check` mode. */
  fn(name: string, node: TypeNode, mode: Mode, options: { exported?: boolean; docs?: string; recursive?: boolean; loop?: boolean } = {}): FunctionDeclarationStructure {
    const structure: FunctionDeclarationStructure = {
      kind: StructureKind.Function,
      name,
      isExported: options.exported ?? false,
      parameters: mode === 'is' ? [{ name: 'v', type: 'unknown' }] : [{ name: 'v', type: 'unknown' }, { name: 'p', type: 'string' }, { name: 'c', type: 'Ctx' }],
      returnType: mode === 'is' ? 'boolean' : 'void',
      statements: (w) => {
        const body = () => {
          this.gen(w, node, 'v', rootPath('p'), mode, { n: 0 }, true);
          if (mode === 'is') w.writeLine('return true;');
        };
        // A union or reference adds no level to the value (a Filter is a CompoundFilter at the same depth), so only
        // schemas that step into an object or array count towards MAX_DEPTH.
        if (!options.recursive || (!options.loop && (node.kind === 'union' || node.kind === 'ref' || node.kind === 'intersection'))) return body();
        // Recursive schemas: bound the depth instead of trusting the input not to overflow the stack.
        this.runtime.add('state').add('MAX_DEPTH');
        w.write('if (state.depth >= MAX_DEPTH)').block(() => {
          if (mode === 'is') w.writeLine('return false;');
          else w.writeLine(`c.add(p, 'too_deep', 'is nested too deeply (at most ' + MAX_DEPTH + ' levels)');`).writeLine('return;');
        });
        w.writeLine('state.depth++;');
        w.write('try').block(body);
        w.write('finally').block(() => w.writeLine('state.depth--;'));
      },
    };
    if (options.docs) structure.docs = [options.docs];
    return structure;
  }

  /** Writes the checks of `node` on the value expression `v` into `w` (used by request validators too). */
  gen(w: CodeBlockWriter, node: TypeNode, v: string, p: PathRef, mode: Mode, s: Scope, inline = false): void {
    // A large inline sub-schema (an object, array or union) becomes a helper shared by every identical copy in the
    // file: output grows with the distinct schemas, and no function grows too large for tsc's flow analysis.
    // `check` runs only after `is` refused the value, so it favours size: every constrained sub-schema is a helper.
    const hoisted = mode === 'check' ? node.kind !== 'unknown' && node.kind !== 'never' && !(node.kind === 'ref' && !node.nullable && !hasApplicators(node)) : HOISTED_KINDS.has(node.kind) && structuralKey(node).length > HOIST_ABOVE;
    const leaf = mode === 'is' ? this.leafCondition(w, node, v) : undefined;
    if (leaf !== undefined) {
      w.writeLine(`if (${leaf}) return false;`);
      return;
    }
    if (!inline && hoisted) {
      if (mode === 'is') w.writeLine(`if (!${this.hoist(node, 'is')}(${v})) return false;`);
      else {
        // A valid value costs a test, not a call building its path: only a bad one is checked in detail.
        const bad = this.leafCondition(w, node, v) ?? `!${this.hoist(node, 'is')}(${v})`;
        w.writeLine(`if (${bad}) ${this.hoist(node, 'check')}(${v}, ${pathExpr(p)}, c);`);
      }
      return;
    }
    const wrapNull = node.nullable && node.kind !== 'null' && node.kind !== 'unknown';
    if (wrapNull) w.write(`if (${v} !== null)`).block(() => this.bare(w, node, v, p, mode, s));
    else this.bare(w, node, v, p, mode, s);
    this.applicators(w, node, v, p, mode, s);
  }

  /**
   * Draws helpers from `pool`: this file then imports each one it uses (`importHelper`) instead of printing it, or,
   * without `importHelper`, it is the file that prints the pool.
   */
  share(pool: HelperPool, importHelper?: (name: string) => void): void {
    this.pool = pool;
    this.importHelper = importHelper;
  }

  /** The hoisted helpers requested since the last call (printing them may request more); none in an importing file. */
  drain(): StatementStructures[] {
    if (this.importHelper) return [];
    // Printed into the shared file, which the others import from.
    return this.pool.pending.splice(0).map((h) => ({ ...(h.mode === 'ev' ? this.evaluatedFn(h.name, h.node) : this.fn(h.name, h.node, h.mode)), isExported: true }));
  }

  /** Module-level declarations: regexes and value sets. */
  declarations(): string[] {
    return [...this.constants];
  }

  private fail(w: CodeBlockWriter, mode: Mode, p: PathRef, code: string, message: string): void {
    if (mode === 'is') w.writeLine('return false;');
    else w.writeLine(`c.add(${pathExpr(p)}, ${quote(code)}, ${message});`);
  }

  private failIf(w: CodeBlockWriter, cond: string, mode: Mode, p: PathRef, code: string, message: string): void {
    if (this.collecting && mode === 'is') {
      this.collecting.push(cond);
      return;
    }
    // One statement, no braces: the checks are many and small.
    if (mode === 'is') w.writeLine(`if (${cond}) return false;`);
    else w.writeLine(`if (${cond}) c.add(${pathExpr(p)}, ${quote(code)}, ${message});`);
  }

  /** Set while `leafCondition` gathers the conditions `failIf` would write. */
  private collecting: string[] | undefined;

  private conditions(write: () => void): string[] {
    this.collecting = [];
    try {
      write();
      return this.collecting;
    } finally {
      this.collecting = undefined;
    }
  }

  /**
   * For a scalar node (string, number, boolean, null, literal, enum) without applicators: one expression true when
   * `v` is invalid, so `is` mode writes one `if` instead of nested blocks. Undefined for any other node.
   */
  private leafCondition(w: CodeBlockWriter, node: TypeNode, v: string): string | undefined {
    if (hasApplicators(node) || ('typeAsserted' in node && node.typeAsserted === false)) return undefined;
    const p = rootPath("''");
    let conds: string[];
    switch (node.kind) {
      case 'boolean':
        conds = [`typeof ${v} !== 'boolean'`];
        break;
      case 'null':
        return `${v} !== null`;
      case 'literal':
        conds = [`${v} !== ${node.value === null ? 'null' : typeof node.value === 'string' ? quote(node.value) : String(node.value)}`];
        break;
      case 'enum':
        if (node.open) conds = [[...new Set(['string', ...node.values.map((x) => typeof x)])].map((k) => `typeof ${v} !== '${k}'`).join(' && ')];
        else conds = [node.values.length <= 4 ? node.values.map((x) => `${v} !== ${typeof x === 'string' ? quote(x) : x}`).join(' && ') : `!${this.valueSet(node.values)}.has(${v})`];
        break;
      case 'string':
        conds = [`typeof ${v} !== 'string'`, ...this.conditions(() => this.stringChecks(w, node, v, p, 'is', 'string', node.pointer))];
        break;
      case 'number':
        conds = [node.integer ? `typeof ${v} !== 'number' || !Number.isInteger(${v})` : `typeof ${v} !== 'number' || !Number.isFinite(${v})`, ...this.conditions(() => this.numberChecks(w, node, v, p, 'is'))];
        break;
      default:
        return undefined;
    }
    const expr = conds.length === 1 ? conds[0]! : conds.map((c) => `(${c})`).join(' || ');
    return node.nullable ? `${v} !== null && (${expr})` : expr;
  }

  /** The function checking `node` on its own: a named schema's, or a hoisted helper of this file. */
  helper(node: TypeNode, mode: Mode): string {
    if (node.kind === 'ref' && !node.nullable && !hasApplicators(node)) {
      return mode === 'is' ? this.link.is(node.target) : this.link.check(node.target);
    }
    return this.hoist(node, mode);
  }

  private hoist(node: TypeNode, mode: Mode | 'ev'): string {
    const key = structuralKey(node);
    let entry = this.pool.names.get(key);
    if (!entry) this.pool.names.set(key, (entry = {}));
    let name = entry[mode];
    if (!name) {
      name = `${mode}${this.pool.count++}`;
      entry[mode] = name;
      this.pool.pending.push({ node, mode, name });
    }
    this.importHelper?.(name);
    return name;
  }

  private regex(pattern: string, pointer: string, flags: string = 'u'): string {
    const key = flags === 'u' ? pattern : `${flags}/${pattern}`;
    let name = this.regexes.get(key);
    if (!name) {
      this.onPattern(pattern, pointer);
      name = `RE${this.regexes.size}`;
      this.regexes.set(key, name);
      this.constants.push(`const ${name} = new RegExp(${quote(pattern)}, '${flags}');`);
    }
    return name;
  }

  private valueSet(values: readonly (string | number)[]): string {
    const key = JSON.stringify(values);
    let name = this.sets.get(key);
    if (!name) {
      name = `VALUES${this.sets.size}`;
      this.sets.set(key, name);
      this.constants.push(`const ${name}: ReadonlySet<unknown> = new Set<unknown>(${JSON.stringify(values)});`);
    }
    return name;
  }

  private fresh(s: Scope, prefix = 'v'): string {
    return `${prefix}${s.n++}`;
  }

  private typeMessage(node: TypeNode): string {
    return quote(`must be ${describe(node)}`);
  }

  private bare(w: CodeBlockWriter, node: TypeNode, v: string, p: PathRef, mode: Mode, s: Scope): void {
    // A schema without `type` (`{maxLength: 3}`): its checks apply to values of their type, others pass.
    if ((node.kind === 'string' || node.kind === 'number' || node.kind === 'array') && node.typeAsserted === false) {
      const test = node.kind === 'array' ? `Array.isArray(${v})` : `typeof ${v} === '${node.kind}'`;
      w.write(`if (${test})`).block(() => {
        if (node.kind === 'string') this.stringChecks(w, node, v, p, mode, 'string', node.pointer);
        else if (node.kind === 'number') this.numberChecks(w, node, v, p, mode);
        else this.arrayChecks(w, node, v, p, mode, s);
      });
      return;
    }
    const typeFail = (cond: string, then?: () => void) => {
      if (mode === 'is') {
        // The return narrows `v` for the checks that follow.
        w.writeLine(`if (${cond}) return false;`);
        if (then && hasChecks(node, this.options)) then();
        return;
      }
      w.write(`if (${cond})`).block(() => this.fail(w, mode, p, 'type', this.typeMessage(node)));
      if (then && hasChecks(node, this.options)) w.write('else').block(then);
    };
    switch (node.kind) {
      case 'unknown':
        return;
      case 'never':
        return this.fail(w, mode, p, 'never', quote('is not allowed'));
      case 'boolean':
        return typeFail(`typeof ${v} !== 'boolean'`);
      case 'null':
        return typeFail(`${v} !== null`);
      case 'binary':
        return typeFail(`!(${v} instanceof Blob)`);
      case 'literal': {
        const lit = node.value === null ? 'null' : typeof node.value === 'string' ? quote(node.value) : String(node.value);
        w.write(`if (${v} !== ${lit})`).block(() => this.fail(w, mode, p, 'const', quote(`must be ${JSON.stringify(node.value)}`)));
        return;
      }
      case 'enum': {
        if (node.open) {
          const kinds = [...new Set(['string', ...node.values.map((x) => typeof x)])];
          return typeFail(kinds.map((k) => `typeof ${v} !== '${k}'`).join(' && '));
        }
        const cond = node.values.length <= 4 ? node.values.map((x) => `${v} !== ${typeof x === 'string' ? quote(x) : x}`).join(' && ') : `!${this.valueSet(node.values)}.has(${v})`;
        w.write(`if (${cond})`).block(() => this.fail(w, mode, p, 'enum', quote(`must be one of ${listValues(node.values)}`)));
        return;
      }
      case 'string':
        return typeFail(`typeof ${v} !== 'string'`, () => this.stringChecks(w, node, v, p, mode, 'string', node.pointer));
      case 'number':
        return typeFail(node.integer ? `typeof ${v} !== 'number' || !Number.isInteger(${v})` : `typeof ${v} !== 'number' || !Number.isFinite(${v})`, () => this.numberChecks(w, node, v, p, mode));
      case 'array':
        return typeFail(`!Array.isArray(${v})`, () => this.arrayChecks(w, node, v, p, mode, s));
      case 'map':
        this.runtime.add('isObj');
        return typeFail(`!isObj(${v})`, () => {
          this.countChecks(w, node, v, p, mode);
          this.propertyNameChecks(w, node.propertyNames, v, p, mode, node.pointer);
          this.propertyNamesType(w, node.propertyNamesType, v, p, mode);
          if (constrains(node.values)) this.eachValue(w, node.values, v, p, mode, s, []);
        });
      case 'object':
        this.runtime.add('isObj');
        if (!node.typeAsserted) {
          w.write(`if (isObj(${v}))`).block(() => this.objectChecks(w, node, v, p, mode, s));
          return;
        }
        return typeFail(`!isObj(${v})`, () => this.objectChecks(w, node, v, p, mode, s));
      case 'ref':
        if (mode === 'is') w.writeLine(`if (!${this.link.is(node.target)}(${v})) return false;`);
        else w.writeLine(`${this.link.check(node.target)}(${v}, ${pathExpr(p)}, c);`);
        return;
      case 'intersection':
        for (const m of node.members) this.gen(w, m, v, p, mode, s);
        return;
      case 'union':
        return this.union(w, node, v, p, mode, s);
    }
  }

  private stringChecks(w: CodeBlockWriter, c: StringConstraints, v: string, p: PathRef, mode: Mode, code: 'string' | 'property_name', pointer: string): void {
    const codeOf = (k: string) => (code === 'property_name' ? 'property_name' : k);
    const what = code === 'property_name' ? 'key ' : '';
    if (c.minLength !== undefined && c.minLength > 0) {
      this.runtime.add('cpLen');
      const cond = c.minLength === 1 ? `${v}.length === 0` : `${v}.length < ${2 * c.minLength} && cpLen(${v}) < ${c.minLength}`;
      this.failIf(w, cond, mode, p, codeOf('min_length'), quote(c.minLength === 1 ? `${what}must not be empty` : `${what}must be at least ${c.minLength} characters`));
    }
    if (c.maxLength !== undefined) {
      this.runtime.add('cpLen');
      this.failIf(w, `${v}.length > ${c.maxLength} && cpLen(${v}) > ${c.maxLength}`, mode, p, codeOf('max_length'), quote(`${what}must be at most ${c.maxLength} characters`));
    }
    if (c.pattern !== undefined) {
      // A pattern the ReDoS guard refused (tolerant mode) is tested only on strings up to its cap.
      const capped = c.patternMaxInput !== undefined ? `${v}.length <= ${c.patternMaxInput} && ` : '';
      this.failIf(w, `${capped}!${this.regex(c.pattern, pointer, c.patternFlags ?? 'u')}.test(${v})`, mode, p, codeOf('pattern'), quote(`${what}must match the pattern ${c.pattern}`));
    }
    if (c.format !== undefined && FORMATS.has(c.format) && this.options.formats === 'assert') {
      this.runtime.add('formats');
      this.failIf(w, `!formats[${quote(c.format)}]!(${v})`, mode, p, codeOf('format'), quote(`${what}must be a valid ${c.format}`));
    }
  }

  private numberChecks(w: CodeBlockWriter, n: Extract<TypeNode, { kind: 'number' }>, v: string, p: PathRef, mode: Mode): void {
    if (n.minimum !== undefined) this.failIf(w, `${v} < ${n.minimum}`, mode, p, 'minimum', quote(`must be at least ${n.minimum}`));
    if (n.maximum !== undefined) this.failIf(w, `${v} > ${n.maximum}`, mode, p, 'maximum', quote(`must be at most ${n.maximum}`));
    if (n.exclusiveMinimum !== undefined) this.failIf(w, `${v} <= ${n.exclusiveMinimum}`, mode, p, 'exclusive_minimum', quote(`must be greater than ${n.exclusiveMinimum}`));
    if (n.exclusiveMaximum !== undefined) this.failIf(w, `${v} >= ${n.exclusiveMaximum}`, mode, p, 'exclusive_maximum', quote(`must be less than ${n.exclusiveMaximum}`));
    if (n.multipleOf !== undefined) {
      const exact = Number.isInteger(n.multipleOf) && n.integer;
      if (!exact) this.runtime.add('multipleOf');
      this.failIf(w, exact ? `${v} % ${n.multipleOf} !== 0` : `!multipleOf(${v}, ${n.multipleOf})`, mode, p, 'multiple_of', quote(`must be a multiple of ${n.multipleOf}`));
    }
  }

  private arrayChecks(w: CodeBlockWriter, a: Extract<TypeNode, { kind: 'array' }>, v: string, p: PathRef, mode: Mode, s: Scope): void {
    if (a.minItems !== undefined && a.minItems > 0) this.failIf(w, `${v}.length < ${a.minItems}`, mode, p, 'min_items', quote(`must have at least ${a.minItems} item${a.minItems === 1 ? '' : 's'}`));
    const prefix = a.prefixItems ?? [];
    const maxItems = a.items.kind === 'never' ? Math.min(prefix.length, a.maxItems ?? Infinity) : a.maxItems;
    if (maxItems !== undefined) this.failIf(w, `${v}.length > ${maxItems}`, mode, p, 'max_items', quote(`must have at most ${maxItems} item${maxItems === 1 ? '' : 's'}`));
    prefix.forEach((item, i) => {
      const x = this.fresh(s);
      w.write(`if (${v}.length > ${i})`).block(() => {
        w.writeLine(`const ${x}: unknown = ${v}[${i}];`);
        this.gen(w, item, x, child(p, String(i)), mode, s);
      });
    });
    if (constrains(a.items) && a.items.kind !== 'never') {
      const i = this.fresh(s, 'i');
      const x = this.fresh(s);
      w.write(`for (let ${i} = ${prefix.length}; ${i} < ${v}.length; ${i}++)`).block(() => {
        if (mode === 'check') w.writeLine('if (c.full) break;');
        w.writeLine(`const ${x}: unknown = ${v}[${i}];`);
        this.gen(w, a.items, x, dynamic(p, i), mode, s);
      });
    }
    if (a.contains) {
      const is = this.helper(a.contains, 'is');
      const n = this.fresh(s, 'n');
      const i = this.fresh(s, 'i');
      const min = a.minContains ?? 1;
      w.writeLine(`let ${n} = 0;`);
      w.write(`for (let ${i} = 0; ${i} < ${v}.length; ${i}++)`).block(() => w.writeLine(`if (${is}(${v}[${i}])) ${n}++;`));
      if (min > 0) this.failIf(w, `${n} < ${min}`, mode, p, 'contains', quote(`must contain at least ${min} item${min === 1 ? '' : 's'} that ${min === 1 ? 'is' : 'are'} ${describe(a.contains)}`));
      if (a.maxContains !== undefined) this.failIf(w, `${n} > ${a.maxContains}`, mode, p, 'contains', quote(`must contain at most ${a.maxContains} item${a.maxContains === 1 ? '' : 's'} that ${a.maxContains === 1 ? 'is' : 'are'} ${describe(a.contains)}`));
    }
    if (a.uniqueItems) {
      this.runtime.add('duplicateIndex');
      const d = this.fresh(s, 'd');
      w.writeLine(`const ${d} = duplicateIndex(${v});`);
      this.failIf(w, `${d} !== -1`, mode, dynamic(p, d), 'unique_items', quote('repeats an earlier item (items must be unique)'));
    }
  }

  private countChecks(w: CodeBlockWriter, node: { minProperties?: number; maxProperties?: number }, v: string, p: PathRef, mode: Mode): void {
    if (node.minProperties === undefined && node.maxProperties === undefined) return;
    this.runtime.add('keyCount');
    if (node.minProperties !== undefined) this.failIf(w, `keyCount(${v}) < ${node.minProperties}`, mode, p, 'min_properties', quote(`must have at least ${node.minProperties} propert${node.minProperties === 1 ? 'y' : 'ies'}`));
    if (node.maxProperties !== undefined) this.failIf(w, `keyCount(${v}) > ${node.maxProperties}`, mode, p, 'max_properties', quote(`must have at most ${node.maxProperties} propert${node.maxProperties === 1 ? 'y' : 'ies'}`));
  }

  private propertyNameChecks(w: CodeBlockWriter, names: StringConstraints | undefined, v: string, p: PathRef, mode: Mode, pointer: string): void {
    if (!names || (names.minLength === undefined && names.maxLength === undefined && names.pattern === undefined)) return;
    this.runtime.add('esc');
    w.write(`for (const k in ${v})`).block(() => {
      if (mode === 'check') w.writeLine('if (c.full) break;');
      this.stringChecks(w, names, 'k', dynamic(p, 'esc(k)'), mode, 'property_name', pointer);
    });
  }

  /** Every key checked against a `propertyNames` schema that is more than string constraints. */
  private propertyNamesType(w: CodeBlockWriter, type: TypeNode | undefined, v: string, p: PathRef, mode: Mode): void {
    if (!type) return;
    this.runtime.add('esc');
    const is = this.helper(type, 'is');
    w.write(`for (const k in ${v})`).block(() => {
      if (mode === 'check') w.writeLine('if (c.full) break;');
      this.failIf(w, `!${is}(k)`, mode, dynamic(p, 'esc(k)'), 'property_name', quote(`key must be ${describe(type)}`));
    });
  }

  /** Checks every property value not in `known` against `type`. */
  private eachValue(w: CodeBlockWriter, type: TypeNode, v: string, p: PathRef, mode: Mode, s: Scope, known: string[], patterns: string[] = []): void {
    this.runtime.add('esc');
    const x = this.fresh(s);
    w.write(`for (const k in ${v})`).block(() => {
      if (mode === 'check') w.writeLine('if (c.full) break;');
      const skip = [known.length ? this.knownKey('k', known) : '', ...patterns.map((re) => `${re}.test(k)`)].filter(Boolean).join(' || ');
      if (skip) w.write(`if (${skip})`).block(() => w.writeLine('continue;'));
      w.writeLine(`const ${x} = ${v}[k];`);
      this.gen(w, type, x, dynamic(p, 'esc(k)'), mode, s);
    });
  }

  /** An expression true when `k` is one of `names` (a set lookup for long lists). */
  knownKey(k: string, names: string[]): string {
    if (names.length <= 8) return names.map((n) => `${k} === ${quote(n)}`).join(' || ');
    return `${this.valueSet(names)}.has(${k})`;
  }

  private read(o: string, name: string): string {
    if (PROTO_NAMES.has(name)) {
      this.runtime.add('own');
      return `own(${o}, ${quote(name)})`;
    }
    return isIdentifierName(name) ? `${o}.${name}` : `${o}[${quote(name)}]`;
  }

  private objectChecks(w: CodeBlockWriter, node: ObjectNode, v: string, p: PathRef, mode: Mode, s: Scope): void {
    // Large objects only: the table is compact but slower (keyed reads), so objects of usual size stay inline.
    if (mode === 'check' && node.properties.length >= TABLE_FROM) this.propertyTable(w, node, v, p);
    else this.propertyChecks(w, node, v, p, mode, s);
    this.objectRest(w, node, v, p, mode, s);
  }

  /** Check mode: the properties as a table run by the runtime's `checkProps` (one row per property). */
  private propertyTable(w: CodeBlockWriter, node: ObjectNode, v: string, p: PathRef): void {
    this.runtime.add('checkProps').add('PropCheck');
    const rows = node.properties
      .filter((pr) => pr.required || constrains(pr.type))
      .map((pr) => {
        const t = pr.type;
        if (!constrains(t)) return `[${quote(pr.name)}, ${pr.required}, null, null]`;
        const plain = t.kind === 'ref' && !t.nullable && !hasApplicators(t);
        const is = plain ? this.link.is(t.target) : this.hoist(t, 'is');
        const check = plain ? this.link.check(t.target) : this.hoist(t, 'check');
        return `[${quote(pr.name)}, ${pr.required}, ${is}, ${check}]`;
      });
    const key = rows.join(',');
    let name = this.tables.get(key);
    if (!name) {
      name = `PROPS${this.tables.size}`;
      this.tables.set(key, name);
      this.constants.push(`const ${name}: readonly PropCheck[] = [${rows.join(', ')}];`);
    }
    w.writeLine(`checkProps(${v}, ${pathExpr(p)}, c, ${name});`);
  }

  private propertyChecks(w: CodeBlockWriter, node: ObjectNode, v: string, p: PathRef, mode: Mode, s: Scope): void {
    for (const prop of node.properties) {
      const needsCheck = constrains(prop.type);
      if (!prop.required && !needsCheck) continue;
      const x = this.fresh(s);
      w.writeLine(`const ${x} = ${this.read(v, prop.name)};`);
      const at = child(p, prop.name);
      const leaf = mode === 'is' && needsCheck ? this.leafCondition(w, prop.type, x) : undefined;
      if (leaf !== undefined) {
        w.writeLine(prop.required ? `if (${x} === undefined || ${paren(leaf)}) return false;` : `if (${x} !== undefined && ${paren(leaf)}) return false;`);
        continue;
      }
      if (prop.required) {
        w.write(`if (${x} === undefined)`).block(() => this.fail(w, mode, at, 'required', quote('is required')));
        if (needsCheck) w.write('else').block(() => this.gen(w, prop.type, x, at, mode, s));
      } else {
        w.write(`if (${x} !== undefined)`).block(() => this.gen(w, prop.type, x, at, mode, s));
      }
    }
  }

  /** Everything of an object but its declared properties. */
  private objectRest(w: CodeBlockWriter, node: ObjectNode, v: string, p: PathRef, mode: Mode, s: Scope): void {
    for (const name of node.extraRequired) {
      this.failIf(w, `${this.read(v, name)} === undefined`, mode, child(p, name), 'required', quote('is required'));
    }
    this.countChecks(w, node, v, p, mode);
    this.propertyNameChecks(w, node.propertyNames, v, p, mode, node.pointer);
    this.propertyNamesType(w, node.propertyNamesType, v, p, mode);
    const known = node.properties.map((pr) => pr.name);
    const patterns = (node.patternProperties ?? []).map((pp) => ({ re: this.regex(pp.pattern, node.pointer, pp.flags), type: pp.type }));
    if (patterns.length) {
      this.runtime.add('esc');
      const x = this.fresh(s);
      w.write(`for (const k in ${v})`).block(() => {
        if (mode === 'check') w.writeLine('if (c.full) break;');
        w.writeLine(`const ${x} = own(${v}, k);`);
        this.runtime.add('own');
        for (const pp of patterns) w.write(`if (${pp.re}.test(k))`).block(() => this.gen(w, pp.type, x, dynamic(p, 'esc(k)'), mode, s));
      });
    }
    const isKnown = (k: string) => [known.length ? this.knownKey(k, known) : '', ...patterns.map((pp) => `${pp.re}.test(${k})`)].filter(Boolean).join(' || ');
    if (node.additional === false) {
      // Closed objects; response validation (state.open) tolerates properties added later.
      this.runtime.add('state').add('esc');
      w.write(`if (!state.open)`).block(() => {
        w.write(`for (const k in ${v})`).block(() => {
          if (isKnown('k')) w.write(`if (${isKnown('k')})`).block(() => w.writeLine('continue;'));
          this.fail(w, mode, dynamic(p, 'esc(k)'), 'unknown_property', "'is not a known field'");
          if (mode === 'check') w.writeLine('if (c.full) break;');
        });
      });
    } else if (typeof node.additional === 'object' && constrains(node.additional)) {
      this.eachValue(w, node.additional, v, p, mode, s, known, patterns.map((pp) => pp.re));
    }
    for (const rule of node.rules) this.rule(w, node, rule, v, p, mode, s);
  }

  private rule(w: CodeBlockWriter, node: ObjectNode, rule: CrossFieldRule, v: string, p: PathRef, mode: Mode, s: Scope): void {
    const operand = (name: string): string => {
      const prop = node.properties.find((pr) => pr.name === name);
      const def = prop?.type.default;
      return def === undefined ? this.read(v, name) : `(${this.read(v, name)} ?? ${JSON.stringify(def)})`;
    };
    const message = quote(rule.message);
    const at = child(p, rule.field);
    const whenCond = rule.when ? `${this.helper(rule.when, 'is')}(${v}) && ` : '';
    const a = this.fresh(s, 'a');
    w.write('').block(() => {
      w.writeLine(`const ${a} = ${operand(rule.field)};`);
      switch (rule.kind) {
        case 'compare': {
          const b = this.fresh(s, 'b');
          w.writeLine(`const ${b} = ${operand(rule.other)};`);
          const op = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '===', ne: '!==' }[rule.op];
          const rhs = rule.scale === 1 ? b : `${rule.scale} * ${b}`;
          this.failIf(w, `${whenCond}typeof ${a} === 'number' && typeof ${b} === 'number' && !(${a} ${op} ${rhs})`, mode, at, 'rule', message);
          break;
        }
        case 'subset': {
          this.runtime.add('notSubsetIndex');
          const b = this.fresh(s, 'b');
          w.writeLine(`const ${b} = ${operand(rule.of)};`);
          this.failIf(w, `${whenCond}Array.isArray(${a}) && Array.isArray(${b}) && notSubsetIndex(${a}, ${b}) !== -1`, mode, at, 'rule', message);
          break;
        }
        case 'dimensions': {
          this.runtime.add('dimensionsOk');
          const limits: Record<string, number> = {};
          for (const k of ['multipleOf', 'minAspect', 'maxAspect', 'maxWidth', 'maxHeight', 'maxPixels'] as const) if (rule[k] !== undefined) limits[k] = rule[k];
          const except = rule.except.map((e) => ` && ${a} !== ${quote(e)}`).join('');
          this.failIf(w, `${whenCond}typeof ${a} === 'string'${except} && !dimensionsOk(${a}, ${JSON.stringify(limits)})`, mode, at, 'rule', message);
          break;
        }
      }
    });
  }

  private union(w: CodeBlockWriter, node: Extract<TypeNode, { kind: 'union' }>, v: string, p: PathRef, mode: Mode, s: Scope): void {
    const d = node.discriminator;
    if (d) {
      this.runtime.add('isObj');
      w.write(`if (!isObj(${v}))`).block(() => this.fail(w, mode, p, 'type', this.typeMessage(node)));
      w.write('else').block(() => {
        w.write(`switch (${this.read(v, d.property)})`).block(() => {
          for (const m of d.mapping) {
            w.writeLine(`case ${quote(m.value)}:`);
            w.indent(() => {
              const fn = m.schema !== undefined ? (mode === 'is' ? this.link.is(m.schema) : this.link.check(m.schema)) : this.helper(node.variants[m.variant]!, mode);
              if (mode === 'is') w.writeLine(`if (!${fn}(${v})) return false;`);
              else w.writeLine(`${fn}(${v}, ${pathExpr(p)}, c);`);
              w.writeLine('break;');
            });
          }
          w.writeLine('default:');
          w.indent(() => {
            this.fail(w, mode, child(p, d.property), 'discriminator', quote(`must be one of ${listValues(d.mapping.map((m) => m.value))}`));
          });
        });
      });
      return;
    }
    const tests = node.variants.map((variant) => `${this.helper(variant, 'is')}(${v})`);
    if (mode === 'is') {
      if (node.mode === 'anyOf' || this.disjoint(node.variants)) {
        w.writeLine(`if (!(${tests.join(' || ')})) return false;`);
      } else {
        w.writeLine(`if ((${tests.map((t) => `(${t} ? 1 : 0)`).join(' + ')}) !== 1) return false;`);
      }
      return;
    }
    const m = this.fresh(s, 'm');
    w.writeLine(`const ${m} = ${tests.map((t) => `(${t} ? 1 : 0)`).join(' + ')};`);
    const code = node.mode === 'oneOf' ? 'one_of' : 'any_of';
    const expected = quote(`must be ${joinOr(node.variants.map((x) => describe(x, 1)))}`);
    if (node.mode === 'oneOf') {
      w.write(`if (${m} > 1)`).block(() => this.fail(w, mode, p, 'one_of', quote('matches more than one of the allowed shapes')));
    }
    w.write(`if (${m} === 0)`).block(() => {
      // Report the detailed errors of the only branch that accepts the value's JSON type, when there is one.
      const byKind = new Map<JsonKind, TypeNode[]>();
      for (const variant of node.variants) for (const k of kindsOf(variant, this.schemas)) byKind.set(k, [...(byKind.get(k) ?? []), variant]);
      let first = true;
      for (const [kind, variants] of byKind) {
        if (variants.length !== 1) continue;
        if (kind === 'object') this.runtime.add('isObj');
        w.write(`${first ? '' : 'else '}if (${kindTest(kind, v)})`).block(() => w.writeLine(`${this.helper(variants[0]!, 'check')}(${v}, ${pathExpr(p)}, c);`));
        first = false;
      }
      if (first) this.fail(w, mode, p, code, expected);
      else w.write('else').block(() => this.fail(w, mode, p, code, expected));
    });
  }

  /**
   * Variants that can never both match make `oneOf` equal to `anyOf`, which may stop at the first match. Two
   * variants are exclusive when their basic JSON kinds do not overlap, or when both are non-empty arrays whose
   * items are exclusive (the token-array shapes of `input` and `prompt`).
   */
  private disjoint(variants: TypeNode[]): boolean {
    for (let i = 0; i < variants.length; i++) {
      for (let j = i + 1; j < variants.length; j++) if (!this.exclusive(variants[i]!, variants[j]!, 0)) return false;
    }
    return true;
  }

  private exclusive(a: TypeNode, b: TypeNode, depth: number): boolean {
    const ka = kindsOf(a, this.schemas);
    const kb = kindsOf(b, this.schemas);
    const shared = [...ka].filter((k) => kb.has(k));
    if (!shared.length) return true;
    if (depth > 4 || shared.length !== 1 || shared[0] !== 'array') return false;
    const ra = this.resolve(a);
    const rb = this.resolve(b);
    if (ra.kind !== 'array' || rb.kind !== 'array' || ra.prefixItems || rb.prefixItems) return false;
    return (ra.minItems ?? 0) >= 1 && (rb.minItems ?? 0) >= 1 && this.exclusive(ra.items, rb.items, depth + 1);
  }

  private resolve(node: TypeNode): TypeNode {
    let n = node;
    for (let i = 0; n.kind === 'ref' && i < 16; i++) n = this.schemas.get(n.target)?.type ?? n;
    return n;
  }

  private applicators(w: CodeBlockWriter, node: TypeNode, v: string, p: PathRef, mode: Mode, s: Scope): void {
    for (const cond of node.conditionals ?? []) {
      if (!cond.then && !cond.else) continue;
      w.write(`if (${this.helper(cond.if, 'is')}(${v}))`).block(() => {
        if (cond.then) this.gen(w, cond.then, v, p, mode, s);
      });
      if (cond.else) w.write('else').block(() => this.gen(w, cond.else!, v, p, mode, s));
    }
    for (const not of node.not ?? []) {
      this.failIf(w, `${this.helper(not, 'is')}(${v})`, mode, p, 'not', quote(`must not be ${describeNot(not)}`));
    }
    if (node.jsonValues) {
      this.runtime.add('jsonEqual');
      const name = `JSON_VALUES${this.constants.length}`;
      this.constants.push(`const ${name}: readonly unknown[] = ${JSON.stringify(node.jsonValues)};`);
      const shown = node.jsonValues.map((x) => JSON.stringify(x)).join(', ');
      this.failIf(w, `!${name}.some((x) => jsonEqual(${v}, x))`, mode, p, node.jsonValues.length === 1 ? 'const' : 'enum', quote(`must be ${node.jsonValues.length === 1 ? '' : 'one of '}${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`));
    }
    if (node.dependentSchemas && Object.keys(node.dependentSchemas).length) {
      this.runtime.add('isObj');
      w.write(`if (isObj(${v}))`).block(() => {
        for (const [key, dep] of Object.entries(node.dependentSchemas!)) {
          w.write(`if (Object.hasOwn(${v}, ${quote(key)}))`).block(() => this.gen(w, dep, v, p, mode, s));
        }
      });
    }
    if (node.dependentRequired && Object.keys(node.dependentRequired).length) {
      this.runtime.add('isObj');
      w.write(`if (isObj(${v}))`).block(() => {
        for (const [key, deps] of Object.entries(node.dependentRequired!)) {
          for (const dep of deps) {
            this.failIf(w, `${this.read(v, key)} !== undefined && ${this.read(v, dep)} === undefined`, mode, child(p, dep), 'dependent_required', quote(`is required when '${key}' is given`));
          }
        }
      });
    }
    if (node.unevaluatedProperties) this.unevaluated(w, node, node.unevaluatedProperties, 'properties', v, p, mode, s);
    if (node.unevaluatedItems) this.unevaluated(w, node, node.unevaluatedItems, 'items', v, p, mode, s);
  }

  /**
   * `unevaluatedProperties` / `unevaluatedItems`: collects the keys (indexes) the node's other keywords evaluated,
   * then checks every other one against `rest`. Collection runs only on an object (array).
   */
  private unevaluated(w: CodeBlockWriter, node: TypeNode, rest: TypeNode, what: 'properties' | 'items', v: string, p: PathRef, mode: Mode, s: Scope): void {
    this.runtime.add('isObj').add('esc');
    const e = this.fresh(s, 'e');
    const x = this.fresh(s);
    w.write(what === 'properties' ? `if (isObj(${v}))` : `if (Array.isArray(${v}))`).block(() => {
      w.writeLine(`const ${e} = new Set<unknown>();`);
      this.writeEvaluated(w, node, v, e, false);
      const k = what === 'properties' ? 'k' : this.fresh(s, 'i');
      w.write(what === 'properties' ? `for (const k in ${v})` : `for (let ${k} = 0; ${k} < ${v}.length; ${k}++)`).block(() => {
        if (mode === 'check') w.writeLine('if (c.full) break;');
        w.write(`if (${e}.has(${k}))`).block(() => w.writeLine('continue;'));
        const at = dynamic(p, what === 'properties' ? 'esc(k)' : k);
        if (rest.kind === 'never') {
          this.fail(w, mode, at, what === 'properties' ? 'unevaluated_property' : 'unevaluated_item', quote(what === 'properties' ? 'is not a known field' : 'is not allowed (no item schema applies)'));
          return;
        }
        w.writeLine(`const ${x}: unknown = ${v}[${k}];`);
        this.gen(w, rest, x, at, mode, s);
      });
    });
  }

  /** `(v, e, d) => void`: adds to `e` the keys or indexes of `v` that `node` evaluates (`d`: the call depth). */
  private evaluatedFn(name: string, node: TypeNode): FunctionDeclarationStructure {
    return {
      kind: StructureKind.Function,
      name,
      parameters: [{ name: 'v', type: 'unknown' }, { name: 'e', type: 'Set<unknown>' }, { name: 'd', type: 'number' }],
      returnType: 'void',
      statements: (w) => {
        // A schema applying itself to the same value (an infinite loop in JSON Schema's terms) stops here.
        this.runtime.add('MAX_DEPTH');
        w.writeLine('if (d > MAX_DEPTH) return;');
        this.writeEvaluated(w, node, 'v', 'e', true, 'd + 1');
      },
    };
  }

  /** The helper collecting what `node` evaluates; undefined when it evaluates nothing. */
  private evaluatedBy(node: TypeNode): string | undefined {
    if (!annotates(node)) return undefined;
    if (node.kind === 'ref' && !node.nullable && !hasApplicators(node)) {
      const target = this.schemas.get(node.target)?.type;
      return target ? this.evaluatedBy(target) : undefined;
    }
    return this.hoist(node, 'ev');
  }

  /**
   * Writes the collection of what `node` evaluates on `v` into the set `e`. In-place applicators count only when
   * they pass (`anyOf`, `oneOf`, `if`), so their branches are tested first. `own`: the node's own `unevaluated*`
   * count (it evaluates every key or item), which is the case when `node` sits inside the schema being checked.
   */
  private writeEvaluated(w: CodeBlockWriter, node: TypeNode, v: string, e: string, own: boolean, d = '0'): void {
    const allKeys = () => {
      this.runtime.add('isObj');
      w.write(`if (isObj(${v}))`).block(() => w.writeLine(`for (const k in ${v}) ${e}.add(k);`));
    };
    const allItems = () => w.write(`if (Array.isArray(${v}))`).block(() => w.writeLine(`for (let i = 0; i < ${v}.length; i++) ${e}.add(i);`));
    const call = (sub: TypeNode) => {
      const fn = this.evaluatedBy(sub);
      if (fn) w.writeLine(`${fn}(${v}, ${e}, ${d});`);
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
        const tests = [names.length ? this.knownKey('k', names) : '', ...(node.patternProperties ?? []).map((pp) => `${this.regex(pp.pattern, node.pointer, pp.flags)}.test(k)`)].filter(Boolean);
        if (!tests.length) break;
        this.runtime.add('isObj');
        w.write(`if (isObj(${v}))`).block(() => w.write(`for (const k in ${v})`).block(() => w.writeLine(`if (${tests.join(' || ')}) ${e}.add(k);`)));
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
        w.write(`if (Array.isArray(${v}))`).block(() => {
          if (prefix) w.writeLine(`for (let i = 0; i < ${v}.length && i < ${prefix}; i++) ${e}.add(i);`);
          if (node.contains) w.writeLine(`for (let i = 0; i < ${v}.length; i++) if (${this.helper(node.contains, 'is')}(${v}[i])) ${e}.add(i);`);
        });
        break;
      }
      case 'union':
        for (const variant of node.variants) {
          const fn = this.evaluatedBy(variant);
          if (fn) w.writeLine(`if (${this.helper(variant, 'is')}(${v})) ${fn}(${v}, ${e}, ${d});`);
        }
        break;
      case 'intersection':
        for (const m of node.members) call(m);
        break;
      case 'ref': {
        const target = this.schemas.get(node.target)?.type;
        if (target) call(target);
        break;
      }
      default:
        break;
    }
    for (const cond of node.conditionals ?? []) {
      const ifFn = this.evaluatedBy(cond.if);
      const thenFn = cond.then && this.evaluatedBy(cond.then);
      const elseFn = cond.else && this.evaluatedBy(cond.else);
      if (!ifFn && !thenFn && !elseFn) continue;
      w.write(`if (${this.helper(cond.if, 'is')}(${v}))`).block(() => {
        if (ifFn) w.writeLine(`${ifFn}(${v}, ${e}, ${d});`);
        if (thenFn) w.writeLine(`${thenFn}(${v}, ${e}, ${d});`);
      });
      if (elseFn) w.write('else').block(() => w.writeLine(`${elseFn}(${v}, ${e}, ${d});`));
    }
    for (const [key, dep] of Object.entries(node.dependentSchemas ?? {})) {
      const fn = this.evaluatedBy(dep);
      if (!fn) continue;
      this.runtime.add('isObj');
      w.writeLine(`if (isObj(${v}) && Object.hasOwn(${v}, ${quote(key)})) ${fn}(${v}, ${e}, ${d});`);
    }
  }
}

/** `(a)` unless `a` is one comparison or call (no `||`/`&&` at its top). */
function paren(a: string): string {
  return /\|\||&&/.test(a) ? `(${a})` : a;
}

/** Objects with at least this many properties check them in `check` mode from a table (`checkProps`). */
const TABLE_FROM = 20;

/** Sub-schemas large enough to share (the length of their structural key, a proxy for their code's size). */
const HOIST_ABOVE = 400;
const HOISTED_KINDS = new Set<TypeNode['kind']>(['object', 'map', 'array', 'union', 'intersection']);

/** Fields of a type node that never change its validator (documentation, and where it was written). */
const DOC_ONLY = new Set(['description', 'deprecated', 'examples', 'notShown', 'pointer', 'enumName']);
const keys = new WeakMap<TypeNode, string>();

/**
 * A node's structure without its documentation: two sub-schemas with the same key compile to the same code,
 * whichever schema or operation they were written in.
 */
export function structuralKey(node: TypeNode): string {
  let key = keys.get(node);
  if (key === undefined) {
    // Only a node's or a property's own fields are dropped, never keys of values (defaults, dependentRequired).
    key = JSON.stringify(node, function (this: Record<string, unknown>, k, value: unknown) {
      return DOC_ONLY.has(k) && ('kind' in this || ('required' in this && 'type' in this)) ? undefined : value;
    });
    keys.set(node, key);
  }
  return key;
}

/** Whether checking `node` can refuse anything (an `unknown` node may still carry applicators or JSON values). */
function constrains(node: TypeNode): boolean {
  return node.kind !== 'unknown' || hasApplicators(node);
}

/** Keywords applying beside a node's own shape (a `ref` with any of them needs its own helper). */
function hasApplicators(node: TypeNode): boolean {
  return !!node.conditionals?.length || !!node.not?.length || !!node.dependentRequired || !!node.dependentSchemas || !!node.jsonValues || !!node.unevaluatedProperties || !!node.unevaluatedItems;
}

/** Whether a node can evaluate keys or items of its own value (annotations for `unevaluated*`). */
function annotates(node: TypeNode): boolean {
  switch (node.kind) {
    case 'object':
    case 'map':
    case 'array':
    case 'union':
    case 'intersection':
    case 'ref':
      return true;
    default:
      return !!node.conditionals?.length || !!node.dependentSchemas || !!node.unevaluatedProperties || !!node.unevaluatedItems;
  }
}

/** Whether a string, number or array node constrains more than its type (else no `else` block is written). */
function hasChecks(node: TypeNode, options: ValidatorsConfig): boolean {
  switch (node.kind) {
    case 'string':
      return node.minLength !== undefined || node.maxLength !== undefined || node.pattern !== undefined || (node.format !== undefined && FORMATS.has(node.format) && options.formats === 'assert');
    case 'number':
      return node.minimum !== undefined || node.maximum !== undefined || node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined || node.multipleOf !== undefined;
    case 'array':
      return node.minItems !== undefined || node.maxItems !== undefined || !!node.prefixItems?.length || node.uniqueItems === true || constrains(node.items) || node.contains !== undefined;
    default:
      return true;
  }
}

function describeNot(node: TypeNode): string {
  if (node.kind === 'object' && !node.typeAsserted) {
    const required = node.properties.filter((pr) => pr.required).map((pr) => pr.name);
    const fixed = node.properties.filter((pr) => pr.type.kind === 'literal').map((pr) => `${pr.name} = ${JSON.stringify((pr.type as { value: unknown }).value)}`);
    if (required.length || fixed.length) return `a combination with ${[...new Set([...fixed, ...required.filter((r) => !fixed.some((f) => f.startsWith(`${r} =`)))])].join(', ')}`;
  }
  return describe(node);
}

/** Formats implemented by the runtime (`templates/validators/formats.ts`); any other format is documentation only. */
export const FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri',
  'uri-reference', 'iri', 'iri-reference', 'uri-template', 'uuid', 'json-pointer', 'relative-json-pointer', 'regex',
  'byte',
]);
