/** Prints plain data (the operation specs) as a TypeScript object literal: identifier keys bare, strings single-quoted. */
import type { CodeBlockWriter } from 'ts-morph';
import { propertyKey, quote } from '../ts/type-expr.ts';

export function writeData(w: CodeBlockWriter, value: unknown): void {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') {
    w.write(String(value));
  } else if (typeof value === 'string') {
    w.write(quote(value));
  } else if (Array.isArray(value)) {
    w.write('[');
    value.forEach((v, i) => {
      if (i) w.write(', ');
      writeData(w, v);
    });
    w.write(']');
  } else if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    w.write('{ ');
    entries.forEach(([k, v], i) => {
      if (i) w.write(', ');
      w.write(`${propertyKey(k)}: `);
      writeData(w, v);
    });
    w.write(' }');
  } else {
    throw new Error(`not data: ${String(value)}`);
  }
}
