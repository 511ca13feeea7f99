/**
 * Compiles IR type nodes to specialised validator functions (no interpretation of the IR at run time).
 *
 * Every node compiles in two modes: `is` (fail fast: `return false` on the first problem, no allocation; the hot
 * path for valid input) and `check` (collect every error with its JSON pointer, code and message; run only when
 * `is` said no). The keywords are compiled by the modules of `keywords/`, dispatched through their tables
 * (`SHAPES` by node kind, then `APPLICATORS` in evaluation order), each over the context of `context.ts`; every
 * line is built with the safe code template of `../code/`. This class provides their services: sub-schemas
 * compiled inline or as helpers shared by structure (`HelperPool`: one per distinct sub-schema of the document,
 * printed in `validators/shared.ts`), module constants (regexes, value sets, property tables), runtime imports.
 */
import {
  StructureKind,
  type CodeBlockWriter,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from 'ts-morph';
import type { NamedSchema, TypeNode } from '../../ir/schema.ts';
import { DEFAULT_CONFIG, type ValidatorsConfig } from '../../config/types.ts';
import { compileProgram } from '../../regex/program.ts';
import { parseRegex } from '../../regex/syntax.ts';
import { _, inheritedName, join, Name, prop, Writer, type Code } from './code/index.ts';
import {
  runOf,
  S,
  type Cx,
  type KeywordCompiler,
  type Mode,
  type Scope,
  type Services,
  type Value,
} from './context.ts';
import {
  APPLICATORS,
  enumTest,
  evaluatedFunction,
  literalTest,
  numberAssertions,
  numberTest,
  SHAPES,
  stringAssertions,
} from './keywords/index.ts';
import { HelperPool } from './helper-names.ts';
import { leafError } from './keywords/leaf.ts';
import { pathExpr, rootPath, type PathRef } from './path.ts';
import { DIRECT_CHECK, hasApplicators, plainRef, structuralKey } from './structure.ts';
import { commentText } from '../ts/literal.ts';

export type { Mode } from './context.ts';

/** How compiled code refers to the functions of named schemas (which may live in another file). */
export interface SchemaLinker {
  is(name: string): string;
  check(name: string): string;
}

/** What a helper does, after the pointer of the schema it was made for. */
const HELPER_DOCS: Record<Mode | 'ev' | 'fixed', string> = {
  is: ': whether `v` is valid (fail fast).',
  check: ': adds every problem of `v` to `c`; `s` is where this copy of the schema is, for `schemaPath`.',
  fixed: ': adds every problem of `v` to `c` (the one place of this schema).',
  ev: ': adds the keys or indexes of `v` the schema evaluates to `e`.',
};

/** Sub-schemas large enough to share in `is` mode (the length of their structural key, a proxy for code size). */
const HOIST_ABOVE = 400;
const HOISTED_KINDS = new Set<TypeNode['kind']>(['object', 'map', 'array', 'union', 'intersection']);

const V = new Name('v');
const P = new Name('p');

export class Compiler implements Services {
  readonly schemas: Map<string, NamedSchema>;
  /** Runtime names the file uses (imported from `runtime.js`). */
  readonly runtime = new Set<string>(['Ctx']);
  private readonly constants: Code[] = [];
  private readonly regexes = new Map<string, Name>();
  private readonly sets = new Map<string, Name>();
  /** `checkProps` tables by their rows, so identical objects of the file share one. */
  private readonly tables = new Map<string, Name>();
  /** Hoisted helpers by the structure of their node; shared by every file when `share` gave a document-wide pool. */
  private pool = new HelperPool();
  /** Records the import of a pooled helper that another file prints; unset for the file that prints the pool. */
  private importHelper: ((name: string) => void) | undefined;

  constructor(
    schemas: NamedSchema[],
    private readonly link: SchemaLinker,
    readonly options: ValidatorsConfig = DEFAULT_CONFIG.validators,
  ) {
    this.schemas = new Map(schemas.map((s) => [s.name, s]));
  }

  rt(name: string): Name {
    this.runtime.add(name);
    return new Name(name);
  }

  /**
   * A function validating `node`: `(v, r) => boolean` in `is` mode, `(v, p, c) => void` in `check` mode. A shared
   * helper's `check` also takes `s`, where the copy of its schema it checks is (the base of its errors'
   * `schemaPath`); an exported function (a named schema's) and the helper of a schema written at one place only
   * (`fixed`) write their pointers whole, so their errors join no strings. The run `r` of an exported `is` function
   * defaults to a new one (`newRun`).
   */
  fn(
    name: string,
    node: TypeNode,
    mode: Mode,
    options: { exported?: boolean; fixed?: boolean; docs?: string; recursive?: boolean; loop?: boolean } = {},
  ): FunctionDeclarationStructure {
    if (mode === 'is') this.rt('Run');
    const run = options.exported
      ? { name: 'r', type: 'Run', initializer: `${this.rt('newRun').toString()}()` }
      : { name: 'r', type: 'Run' };
    const shared = mode === 'check' && !options.exported && !options.fixed;
    const structure: FunctionDeclarationStructure = {
      kind: StructureKind.Function,
      name: new Name(name).toString(),
      isExported: options.exported ?? false,
      parameters:
        mode === 'is'
          ? [{ name: 'v', type: 'unknown' }, run]
          : [
              { name: 'v', type: 'unknown' },
              { name: 'p', type: 'string' },
              { name: 'c', type: 'Ctx' },
              ...(shared ? [{ name: 's', type: 'string' }] : []),
            ],
      returnType: mode === 'is' ? 'boolean' : 'void',
      statements: (w) => {
        const out = new Writer(w);
        const body = () => {
          const scope = shared ? { n: 0, root: node.pointer } : { n: 0 };
          this.gen(out, node, V, rootPath(_`${P}`), mode, scope, true);
          if (mode === 'is') out.line(_`return true;`);
        };
        // A union or reference adds no level to the value (a Filter is a CompoundFilter at the same depth), so only
        // schemas that step into an object or array count towards MAX_DEPTH.
        if (
          !options.recursive ||
          (!options.loop && (node.kind === 'union' || node.kind === 'ref' || node.kind === 'intersection'))
        )
          return body();
        // Recursive schemas: bound the depth instead of trusting the input not to overflow the stack.
        const state = runOf(mode);
        const max = this.rt('MAX_DEPTH');
        out.block(_`if (${state}.depth >= ${max})`, () => {
          if (mode === 'is') out.line(_`return false;`);
          else
            out
              .line(
                _`c.add(p, 'too_deep', 'is nested too deeply (at most ' + ${max} + ' levels)', ${shared ? S : _`${node.pointer}`});`,
              )
              .line(_`return;`);
        });
        out.line(_`${state}.depth++;`);
        out.block(_`try`, body);
        out.block(_`finally`, () => out.line(_`${state}.depth--;`));
      },
    };
    if (options.docs) structure.docs = [commentText(options.docs)];
    return structure;
  }

  /** Writes the checks of `node` on `v` into a ts-morph writer (request validators). */
  write(w: CodeBlockWriter, node: TypeNode, v: Name, p: PathRef, mode: Mode): void {
    this.gen(new Writer(w), node, v, p, mode, { n: 0 });
  }

  gen(out: Writer, node: TypeNode, v: Name, p: PathRef, mode: Mode, s: Scope, inline = false): void {
    if (!inline && mode === 'is') {
      const bad = this.isTest(node, v);
      if (bad) return void out.line(_`if (${bad}) return false;`);
    } else if (!inline) {
      const call = this.checkCall(node, v, p, s);
      if (call) return void out.line(call.bad ? _`if (${call.bad}) ${call.call};` : _`${call.call};`);
    } else if (mode === 'is') {
      const leaf = this.leafCondition(node, v);
      if (leaf) return void out.line(_`if (${leaf}) return false;`);
    }
    const cx: Cx = { node, v, p, mode, s, out, cc: this };
    const shape = SHAPES[node.kind] as KeywordCompiler;
    if (node.nullable && node.kind !== 'null' && node.kind !== 'unknown')
      out.block(_`if (${v} !== null)`, () => shape(cx));
    else shape(cx);
    for (const applicator of APPLICATORS) applicator(cx);
  }

  /**
   * `is` mode: one condition true when `v` is invalid, for a node checked by one test (a scalar's own test, a call
   * to a named schema's or to a shared helper's function); undefined for a node written out in place. A large
   * inline sub-schema (an object, array or union) becomes a helper shared by every identical copy in the document:
   * output grows with the distinct schemas, and no function grows too large for tsc's flow analysis.
   */
  isTest(node: TypeNode, v: Value): Code | undefined {
    const leaf = this.leafCondition(node, v);
    if (leaf) return leaf;
    if (plainRef(node)) return _`!${this.linked(node.target, 'is')}(${v}, r)`;
    if (HOISTED_KINDS.has(node.kind) && structuralKey(node).length > HOIST_ABOVE)
      return _`!${this.hoist(node, 'is')}(${v}, r)`;
    return undefined;
  }

  /**
   * `check` mode, which runs only after `is` refused the value and so favours size: the call checking `v` (a named
   * schema's function, or the shared helper of every other constrained sub-schema), and the test it runs under
   * (undefined: always). A valid scalar or union costs a test, not a call building its path; a container's check
   * tests each member the same way, so it is called directly (testing it first would do the work twice).
   */
  checkCall(node: TypeNode, v: Name, p: PathRef, s: Scope): { bad?: Code; call: Code } | undefined {
    if (plainRef(node)) return { call: this.callCheck(node, v, p, s) };
    if (node.kind === 'unknown' || node.kind === 'never') return undefined;
    const leaf = this.leafCondition(node, v);
    const error = leaf && leafError(this, node, p, s);
    if (error) return { bad: leaf, call: error };
    const call = this.callCheck(node, v, p, s);
    if (leaf) return { bad: leaf, call };
    if (DIRECT_CHECK.has(node.kind)) return { call };
    return { bad: _`!${this.hoist(node, 'is')}(${v}, c)`, call };
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
    // Beside each, the place of the schema it was made for; identical schemas elsewhere call it too (`s` says where).
    return this.pool.pending.splice(0).map((h) => ({
      ...(h.mode === 'ev'
        ? evaluatedFunction(this, h.name, h.node)
        : this.fn(h.name.toString(), h.node, h.mode, { fixed: h.fixed })),
      docs: [commentText(`\`${h.node.pointer}\`${HELPER_DOCS[h.fixed ? 'fixed' : h.mode]}`)],
      isExported: true,
    }));
  }

  /** Module-level declarations: regexes, value sets, tables. */
  declarations(): string[] {
    return this.constants.map(String);
  }

  /**
   * `check` mode: the call of `node`'s check function on `v`. A named schema's knows its own place; a shared helper
   * is told where this copy of its schema is.
   */
  callCheck(node: TypeNode, v: Value, p: PathRef, s: Scope): Code {
    if (plainRef(node)) return _`${this.linked(node.target, 'check')}(${v}, ${pathExpr(p)}, c)`;
    const fn = this.hoist(node, 'check');
    if (this.fixedCheck(node)) return _`${fn}(${v}, ${pathExpr(p)}, c)`;
    return _`${fn}(${v}, ${pathExpr(p)}, c, ${this.schemaAt(s, node.pointer)})`;
  }

  fixedCheck(node: TypeNode): boolean {
    return !plainRef(node) && this.pool.slot(node, 'check').fixed;
  }

  /**
   * Below the schema of the function being written (`s.root`), `s` and the rest of the pointer (a literal joined at
   * run time, and only when the error is added); anywhere else, the whole pointer.
   */
  schemaAt(s: Scope, pointer: string, keyword?: string): Code {
    const full = keyword === undefined ? pointer : `${pointer}/${keyword}`;
    const root = s.root;
    if (root === undefined || (full !== root && !full.startsWith(`${root}/`))) return _`${full}`;
    const rest = full.slice(root.length);
    return rest ? _`${S} + ${rest}` : _`${S}`;
  }

  fail(out: Writer, mode: Mode, p: PathRef, code: string, message: string | Code, schema: Code): void {
    if (mode === 'is') out.line(_`return false;`);
    else out.line(_`c.add(${pathExpr(p)}, ${code}, ${message}, ${schema});`);
  }

  failIf(out: Writer, cond: Code, mode: Mode, p: PathRef, code: string, message: string, schema: Code): void {
    // One statement, no braces: the checks are many and small.
    if (mode === 'is') out.line(_`if (${cond}) return false;`);
    else out.line(_`if (${cond}) c.add(${pathExpr(p)}, ${code}, ${message}, ${schema});`);
  }

  /**
   * For a scalar node (string, number, boolean, null, literal, enum) without applicators: one expression true when
   * `v` is invalid, so `is` mode writes one `if` instead of nested blocks. Undefined for any other node.
   */
  leafCondition(node: TypeNode, v: Value): Code | undefined {
    if (hasApplicators(node) || ('typeAsserted' in node && node.typeAsserted === false)) return undefined;
    let conds: Code[];
    switch (node.kind) {
      case 'boolean':
        conds = [_`typeof ${v} !== 'boolean'`];
        break;
      case 'null':
        return _`${v} !== null`;
      case 'literal':
        conds = [literalTest(node, v)];
        break;
      case 'enum':
        conds = [enumTest(this, node, v)];
        break;
      case 'string':
        conds = [
          _`typeof ${v} !== 'string'`,
          ...stringAssertions(this, node, v, node.pointer).map((a) => a.cond),
        ];
        break;
      case 'number':
        conds = [numberTest(node, v), ...numberAssertions(this, node, v).map((a) => a.cond)];
        break;
      default:
        return undefined;
    }
    const expr =
      conds.length === 1
        ? conds[0]!
        : join(
            conds.map((c) => _`(${c})`),
            _` || `,
          );
    return node.nullable ? _`${v} !== null && (${expr})` : expr;
  }

  helper(node: TypeNode, mode: Mode): Name {
    return plainRef(node) ? this.linked(node.target, mode) : this.hoist(node, mode);
  }

  linked(target: string, mode: Mode): Name {
    return new Name(mode === 'is' ? this.link.is(target) : this.link.check(target));
  }

  hoist(node: TypeNode, mode: Mode | 'ev'): Name {
    const { key, fixed } = this.pool.slot(node, mode);
    let entry = this.pool.names.get(key);
    if (!entry) this.pool.names.set(key, (entry = { words: this.pool.wordsFor(node) }));
    let name = entry[mode];
    if (!name) {
      name = new Name(`${mode}${entry.words}`);
      entry[mode] = name;
      this.pool.pending.push({ node, mode, name, fixed });
    }
    this.importHelper?.(name.toString());
    return name;
  }

  regex(pattern: string, flags: string, linear = false): Name {
    const key = `${linear ? 'linear' : ''}/${flags}/${pattern}`;
    let name = this.regexes.get(key);
    if (!name) {
      name = new Name(`RE${this.regexes.size}`);
      this.regexes.set(key, name);
      if (linear) {
        const program = compileProgram(parseRegex(pattern, flags === 'u'), flags === 'u');
        const matcher = this.rt('LinearPattern');
        this.constants.push(
          _`const ${name} = new ${matcher}(${program.unicode}, ${program.anchored}, ${program.sets}, ${program.code});`,
        );
      } else this.constants.push(_`const ${name} = new RegExp(${pattern}, ${flags});`);
    }
    return name;
  }

  charSet(ranges: readonly [number, number][]): Name {
    const key = `chars:${JSON.stringify(ranges)}`;
    let name = this.sets.get(key);
    if (!name) {
      name = new Name(`CHARS${this.sets.size}`);
      this.sets.set(key, name);
      this.constants.push(_`const ${name} = ${this.rt('asciiSet')}(${ranges});`);
    }
    return name;
  }

  valueSet(values: readonly (string | number)[]): Name {
    const key = JSON.stringify(values);
    let name = this.sets.get(key);
    if (!name) {
      name = new Name(`VALUES${this.sets.size}`);
      this.sets.set(key, name);
      this.constants.push(_`const ${name}: ReadonlySet<unknown> = new Set<unknown>(${values});`);
    }
    return name;
  }

  table(rows: Code[]): Name {
    const key = rows.join(',');
    let name = this.tables.get(key);
    if (!name) {
      name = new Name(`PROPS${this.tables.size}`);
      this.tables.set(key, name);
      this.constants.push(
        _`const ${name}: ${this.rt('PropTable')} = ${this.rt('propTable')}([${join(rows, _`, `)}]);`,
      );
    }
    return name;
  }

  constant(prefix: string, type: Code, init: Code): Name {
    const name = new Name(`${prefix}${this.constants.length}`);
    this.constants.push(_`const ${name}: ${type} = ${init};`);
    return name;
  }

  fresh(s: Scope, prefix = 'v'): Name {
    return new Name(`${prefix}${s.n++}`);
  }

  knownKey(k: Name, names: string[]): Code {
    if (names.length <= 8)
      return join(
        names.map((n) => _`${k} === ${n}`),
        _` || `,
      );
    return _`${this.valueSet(names)}.has(${k})`;
  }

  read(o: Name, name: string): Code {
    // `own` reads own properties only: `o.constructor` would find Object.prototype's.
    return inheritedName(name) ? _`${this.rt('own')}(${o}, ${name})` : prop(o, name);
  }
}
