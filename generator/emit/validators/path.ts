/** JSON pointers under construction in generated code: a code expression, then a literal tail. */
import { _, type Code } from './code/index.ts';
import { pointerToken } from '../../diagnostics.ts';

export interface PathRef {
  base: Code;
  /** Already-escaped reference tokens known at compile time, merged into one string literal. */
  tail: string;
}

export const rootPath = (base: Code): PathRef => ({ base, tail: '' });

const EMPTY = "''";

export function pathExpr(p: PathRef): Code {
  if (!p.tail) return p.base;
  return p.base.toString() === EMPTY ? _`${p.tail}` : _`${p.base} + ${p.tail}`;
}

/** The pointer to property or index `name` (escaped per RFC 6901). */
export const child = (p: PathRef, name: string): PathRef => ({
  base: p.base,
  tail: `${p.tail}/${pointerToken(name)}`,
});

/** The pointer to a key or index known only at run time (`segment`: code giving the escaped token). */
export const dynamic = (p: PathRef, segment: Code): PathRef => ({
  base: _`${pathExpr({ ...p, tail: `${p.tail}/` })} + ${segment}`,
  tail: '',
});

/**
 * Where a parameter or a request body is in the spec, from the pointer of its schema: the object that holds
 * `schema` (or `content/<media type>/schema`).
 */
export function specPointer(schemaPointer: string): string {
  return schemaPointer.replace(/\/(content\/[^/]+\/)?schema$/, '');
}
