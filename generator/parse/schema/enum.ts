/**
 * Values: `const` and one-value enums become literals, enums of strings and numbers an enum (hoisted and named by
 * the naming pass), other enums a union of literals; `anyOf: [enum of strings, plain string]` an open enum.
 */
import { joinPointer } from '../../diagnostics.ts';
import type { NodeBase, TypeNode } from '../../ir/schema.ts';
import type { ParseContext } from '../context.ts';

export function literal(ctx: ParseContext, value: unknown, b: NodeBase, pointer: string): TypeNode {
  if (value === null) return { ...b, kind: 'literal', value: null };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { ...b, kind: 'literal', value };
  ctx.diagnostics.report(
    'unsupported',
    'an object or array as a const or enum value is not checked',
    ctx.locate(pointer),
    'typed and validated as any JSON value',
  );
  return { ...b, kind: 'unknown' };
}

/**
 * Strings and numbers make an enum (hoisted, named); any other JSON values (booleans, mixed types) make a
 * union of literals. A repeated value is dropped (a warning in tolerant mode).
 */
export function parseEnum(ctx: ParseContext, values: unknown[], b: NodeBase, pointer: string): TypeNode {
  if (values.includes(null)) b.nullable = true;
  let rest = values.filter((v) => v !== null);
  const keys = rest.map((v) => JSON.stringify(v));
  if (new Set(keys).size !== keys.length) {
    ctx.diagnostics.report(
      'duplicate-enum-value',
      'enum values must be unique',
      ctx.locate(joinPointer(pointer, 'enum')),
      'repeated values are dropped',
    );
    rest = rest.filter((_, i) => keys.indexOf(keys[i]!) === i);
  }
  // `enum: []` refuses every value; `enum: [null]` accepts null alone.
  if (rest.length === 0) return values.length ? { ...b, kind: 'null' } : { ...b, kind: 'never' };
  if (rest.length === 1) return literal(ctx, rest[0], b, pointer);
  if (!rest.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const { nullable, ...shared } = b;
    const variants = rest.map((v, i) =>
      literal(
        ctx,
        v,
        { nullable: false, pointer: joinPointer(pointer, 'enum', i) },
        joinPointer(pointer, 'enum', i),
      ),
    );
    return { ...shared, nullable, kind: 'union', mode: 'anyOf', variants };
  }
  return { ...b, kind: 'enum', values: rest, open: false };
}

/** "Known values; any string accepted": a union of an enum of strings and a plain string, else undefined. */
export function openEnum(
  variants: TypeNode[],
): { kind: 'enum'; values: (string | number)[]; open: true; nullable: boolean } | undefined {
  if (variants.length !== 2) return undefined;
  const e = variants.find((v) => v.kind === 'enum' && v.values.every((x) => typeof x === 'string'));
  const s = variants.find(
    (v) =>
      v.kind === 'string' &&
      v.minLength === undefined &&
      v.maxLength === undefined &&
      v.pattern === undefined &&
      v.format === undefined,
  );
  if (!e || !s || e.kind !== 'enum') return undefined;
  return { kind: 'enum', values: e.values, open: true, nullable: e.nullable || s.nullable };
}
