import { dataLiteral, quote as quoteString } from '../../ts/literal.ts';

/**
 * Any JSON-like value as a JavaScript literal that is safe by construction: strings are single-quoted with JSON's
 * escaping (control characters, backslashes, lone surrogates) plus `'`, U+2028 and U+2029, so no string can end
 * the literal, start a comment, a template substitution or a new line; `*\/` and `${` can occur only inside a
 * quoted string. Numbers must be finite; objects and arrays are printed by `dataLiteral`, strings escaped alike.
 */
export function literal(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoteString(value);
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`code template: ${String(value)} has no JSON literal`);
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'object':
      // Objects and arrays through the generator's one data printer (a `__proto__` key stays an own property).
      return dataLiteral(value);
    default:
      throw new Error(`code template: a ${typeof value} has no literal`);
  }
}

// Strings and keys are printed by the generator's one literal printer (emit/ts/literal.ts).
export { quote as quoteString, dataKey as objectKey } from '../../ts/literal.ts';
