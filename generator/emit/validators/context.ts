import type { NamedSchema, TypeNode } from '../../ir/schema.ts';
import type { ValidatorsConfig } from '../../config/types.ts';
import { Name, type Code, type Writer } from './code/index.ts';
import type { PathRef } from './path.ts';

/** `is`: fail fast (`return false`, no allocation), the hot path. `check`: collect every error with its pointer. */
export type Mode = 'is' | 'check';

/** The run's state (`Run` of the runtime): `r` in `is` and `ev` functions, the error context `c` in `check` ones. */
export const R = new Name('r');
export const C = new Name('c');
/** Where the schema of a `check` function is in the spec: the base of its errors' `schemaPath` (see `Scope.root`). */
export const S = new Name('s');
export const runOf = (mode: Mode): Name => (mode === 'is' ? R : C);

/** Numbering of the local names of one function, and where its schema is. */
export interface Scope {
  n: number;
  /**
   * The spec pointer of the schema of the `check` function being written, which it receives as `s` (a helper shared
   * by identical schemas is called for each of their places): the `schemaPath` of a keyword below it is `s` and the
   * rest. Absent (request validators, `is` functions): pointers are written whole.
   */
  root?: string;
}

/** One assertion of a keyword: `cond` is true when the value is invalid. */
export interface Assertion {
  cond: Code;
  code: string;
  message: string;
  /** The JSON Schema keyword asserted (`maxLength`), the last token of the error's `schemaPath`. */
  keyword: string;
}

/** What keyword compilers may ask of the compiler. */
export interface Services {
  readonly schemas: ReadonlyMap<string, NamedSchema>;
  readonly options: ValidatorsConfig;
  /** A name of the validators' runtime, recorded as an import of the file. */
  rt(name: string): Name;
  /** Writes the checks of a sub-schema on `v` (inline, or a call to its shared helper). */
  gen(out: Writer, node: TypeNode, v: Name, p: PathRef, mode: Mode, s: Scope, inline?: boolean): void;
  /** The function checking `node` on its own: a named schema's, or a shared helper. */
  helper(node: TypeNode, mode: Mode): Name;
  /** The shared helper of `node` (`ev`: the one collecting what it evaluates). */
  hoist(node: TypeNode, mode: Mode | 'ev'): Name;
  /** The function of named schema `target`. */
  linked(target: string, mode: Mode): Name;
  /**
   * A module-level matcher with RegExp's `test` (one per pattern and flags): a RegExp, or with `linear` the
   * linear-time matcher running the pattern's compiled program.
   */
  regex(pattern: string, flags: string, linear?: boolean): Name;
  /** A module-level table of ASCII characters for `onlyAscii` (one per distinct list of ranges). */
  charSet(ranges: readonly [number, number][]): Name;
  /** A module-level set of values (one per distinct list). */
  valueSet(values: readonly (string | number)[]): Name;
  /** A module-level `PropCheck` table (one per distinct rows). */
  table(rows: Code[]): Name;
  /** A module-level constant named `<prefix><n>`. */
  constant(prefix: string, type: Code, init: Code): Name;
  fresh(s: Scope, prefix?: string): Name;
  /** The `schemaPath` of `keyword` of the schema at `pointer` (the schema itself without one), as code. */
  schemaAt(s: Scope, pointer: string, keyword?: string): Code;
  /** The error (`check` mode) or `return false` (`is` mode); `schema` is the error's `schemaPath` (`schemaAt`). */
  fail(out: Writer, mode: Mode, p: PathRef, code: string, message: string | Code, schema: Code): void;
  failIf(out: Writer, cond: Code, mode: Mode, p: PathRef, code: string, message: string, schema: Code): void;
  /** `is` mode: one condition true when `v` is invalid, for a node checked by one test (else undefined). */
  isTest(node: TypeNode, v: Value): Code | undefined;
  /** `check` mode: the call checking `v`, and the condition it runs under (undefined: `node` accepts anything). */
  checkCall(node: TypeNode, v: Name, p: PathRef, s: Scope): { bad?: Code; call: Code } | undefined;
  /** `check` mode: the call of `node`'s own check function on `v` (a named schema's, or its shared helper). */
  /** Whether `node`'s check helper knows its one place (takes no `s`, so callers pass whole pointers if any). */
  fixedCheck(node: TypeNode): boolean;
  callCheck(node: TypeNode, v: Value, p: PathRef, s: Scope): Code;
  /** For a scalar node: one condition true when `v` is invalid (undefined for any other node). */
  leafCondition(node: TypeNode, v: Value): Code | undefined;
  /** True when `k` is one of `names`. */
  knownKey(k: Name, names: string[]): Code;
  /** The own property `name` of object `o`. */
  read(o: Name, name: string): Code;
}

/**
 * A value to test: a variable, or an expression without side effects that reads it (`v.name`), which a single-use
 * test reads in place instead of through a variable.
 */
export type Value = Name | Code;

export interface Cx<N extends TypeNode = TypeNode> {
  readonly node: N;
  /** The value being checked. */
  readonly v: Name;
  readonly p: PathRef;
  readonly mode: Mode;
  readonly s: Scope;
  readonly out: Writer;
  readonly cc: Services;
}

/** A keyword (or keyword family) compiler: writes the checks its keywords make on `cx.v`. */
export type KeywordCompiler<N extends TypeNode = TypeNode> = (cx: Cx<N>) => void;

/** Writes each assertion: a `return false` or an added error. */
export function assertAll(
  cx: Cx,
  assertions: readonly Assertion[],
  p: PathRef = cx.p,
  pointer: string = cx.node.pointer,
): void {
  for (const a of assertions)
    cx.cc.failIf(cx.out, a.cond, cx.mode, p, a.code, a.message, cx.cc.schemaAt(cx.s, pointer, a.keyword));
}

/** The `schemaPath` of `keyword` of the node being compiled. */
export const schemaOf = (cx: Cx, keyword: string): Code => cx.cc.schemaAt(cx.s, cx.node.pointer, keyword);
