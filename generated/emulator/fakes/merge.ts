// Copied by platform-api-codegen from its runtime (templates/emulator/fakes/merge.ts). Do not edit: every generation replaces it.
/**
 * Schemas the faker reads as one: `allOf` members intersected (bounds tightened, lists joined, properties merged),
 * with the faker's own bookkeeping keys for properties an `allOf` forbids and `if`/`then`/`else` conditions met on
 * the way.
 */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type Schema = { [key: string]: unknown };
export type Discriminator = { propertyName?: string; mapping?: Record<string, string> };

export const FORBIDDEN = 'x-fake-forbidden';
export const CONDITIONS = 'x-fake-conditions';

export interface Condition {
  if: unknown;
  then?: unknown;
  else?: unknown;
}

export function hasMapping(schema: Schema): boolean {
  const discriminator = schema.discriminator as Discriminator | undefined;
  return Boolean(
    discriminator?.propertyName && discriminator.mapping && Object.keys(discriminator.mapping).length,
  );
}

/** Whether two `type` keywords allow a common type (absent allows all). */
export function typesMeet(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return true;
  const left = Array.isArray(a) ? a : [a];
  const right = Array.isArray(b) ? b : [b];
  return left.some(
    (t) =>
      right.includes(t) ||
      (t === 'number' && right.includes('integer')) ||
      (t === 'integer' && right.includes('number')),
  );
}

export function withoutConditions(schema: Schema): Schema {
  const { [CONDITIONS]: _conditions, ...rest } = schema;
  return rest;
}

/** The intersection of two flattened schemas (allOf): bounds tightened, lists joined, properties merged. */
export function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (mine === undefined) {
      out[key] = value;
      continue;
    }
    switch (key) {
      case 'properties': {
        const props = { ...(mine as Schema) };
        for (const [name, sub] of Object.entries(value as Schema))
          props[name] = name in props ? { allOf: [props[name], sub] } : sub;
        out.properties = props;
        break;
      }
      case 'required':
      case FORBIDDEN:
        out[key] = [...new Set([...(mine as string[]), ...(value as string[])])];
        break;
      case CONDITIONS:
        out[key] = [...(mine as Condition[]), ...(value as Condition[])];
        break;
      case 'type': {
        const left = (Array.isArray(mine) ? mine : [mine]) as string[];
        const right = (Array.isArray(value) ? value : [value]) as string[];
        // integer ∩ number = integer.
        const both = left.flatMap((t) =>
          right.includes(t)
            ? [t]
            : (t === 'number' && right.includes('integer')) || (t === 'integer' && right.includes('number'))
              ? ['integer']
              : [],
        );
        out.type = both.length ? [...new Set(both)] : right;
        break;
      }
      case 'enum':
        out.enum = (mine as unknown[]).filter((x) =>
          (value as unknown[]).some((y) => JSON.stringify(x) === JSON.stringify(y)),
        );
        break;
      case 'minimum':
      case 'exclusiveMinimum':
      case 'minLength':
      case 'minItems':
      case 'minProperties':
        out[key] = typeof mine === 'number' && typeof value === 'number' ? Math.max(mine, value) : value;
        break;
      case 'maximum':
      case 'exclusiveMaximum':
      case 'maxLength':
      case 'maxItems':
      case 'maxProperties':
        out[key] = typeof mine === 'number' && typeof value === 'number' ? Math.min(mine, value) : value;
        break;
      case 'items':
      case 'additionalProperties':
        out[key] = mine === false || value === false ? false : { allOf: [mine, value] };
        break;
      case 'not': {
        out.not = value;
        break;
      }
      default:
        out[key] = value;
    }
  }
  // `not: {required: [...]}` (the form the spec's conditions use) leaves those properties out.
  const not = out.not as Schema | undefined;
  if (not && Array.isArray(not.required))
    out[FORBIDDEN] = [
      ...new Set([...((out[FORBIDDEN] as string[] | undefined) ?? []), ...(not.required as string[])]),
    ];
  return out;
}
