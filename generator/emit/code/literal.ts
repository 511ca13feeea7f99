import { quote as quoteString, dataKey as objectKey } from '../ts/literal.ts';

/**
 * Any JSON-like value as a JavaScript literal that is safe by construction: strings are single-quoted with JSON's
 * escaping (control characters, backslashes, lone surrogates) plus `'`, U+2028 and U+2029, so no string can end
 * the literal, start a comment, a template substitution or a new line; `*\/` and `${` can occur only inside a
 * quoted string. Numbers must be finite; objects and arrays are printed with their strings escaped alike.
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
    case 'object': {
      if (value === null) return 'null';
      // JSON is a JavaScript expression, except that a `"__proto__"` key sets the prototype: those print apart.
      if (!hasProtoKey(value)) return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
      if (Array.isArray(value)) return `[${value.map((x) => literal(x === undefined ? null : x)).join(', ')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(([, x]) => x !== undefined);
      return `{${entries.map(([k, x]) => `${objectKey(k)}: ${literal(x)}`).join(', ')}}`;
    }
    default:
      throw new Error(`code template: a ${typeof value} has no literal`);
  }
}

// Strings and keys are printed by the generator's one literal printer (emit/ts/literal.ts).
export { quote as quoteString, dataKey as objectKey } from '../ts/literal.ts';

function hasProtoKey(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 256) return false;
  if (Array.isArray(value)) return value.some((x) => hasProtoKey(x, depth + 1));
  return Object.keys(value).some((k) => k === '__proto__' || hasProtoKey((value as Record<string, unknown>)[k], depth + 1));
}
