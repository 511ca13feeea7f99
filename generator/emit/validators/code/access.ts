/**
 * Property access on generated code: `o.name` when the name is an identifier, `o['…']` otherwise. An own
 * `__proto__` (JSON.parse makes one) is hidden behind `Object.prototype`'s accessor whichever way it is written, so
 * a name of `Object.prototype` is read through `ownReader(o, '…')`, a function returning own properties only.
 */
import { _, Code } from './code.ts';
import { isIdentifier, type Name } from './name.ts';

const PROTO_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** `object.key` or `object['key']`: any key, written safely (it may still reach `Object.prototype`). */
export function prop(object: Name | Code, key: string): Code {
  // An identifier after `.` cannot break out of the expression; anything else is a quoted literal.
  return isIdentifier(key) ? Code.of(`${object.toString()}.${key}`) : _`${object}[${key}]`;
}

/** An own property of `object`: `prop`, or `ownReader(object, key)` for names `Object.prototype` also has. */
export function ownProp(object: Name | Code, key: string, ownReader: Name): Code {
  return PROTO_NAMES.has(key) ? _`${ownReader}(${object}, ${key})` : prop(object, key);
}

/** Whether `ownProp` needs its reader for `key`. */
export function inheritedName(key: string): boolean {
  return PROTO_NAMES.has(key);
}
