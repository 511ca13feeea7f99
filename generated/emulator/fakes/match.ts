// Copied by platform-api-codegen from its runtime (templates/emulator/fakes/match.ts). Do not edit: every generation replaces it.
/** Whether a value meets a schema, for the faker's `if` conditions and for choosing among examples. */
import type { Json, Schema } from './merge.js';
import { safeRegExp } from './scalars.js';

/** What `matches` needs of the faker: a schema with its references followed and `allOf` merged. */
export interface Flattener {
  flatten(input: unknown, path: string): Schema;
}

/**
 * Whether `value` meets the schema, for `if` conditions and for examples: `const`, `enum`, `type`, `required`,
 * `properties`, `pattern`, string lengths, numeric bounds, `not`, `allOf` (merged), `anyOf`, `oneOf` (as anyOf);
 * other keywords pass.
 */
export function matches(input: unknown, value: Json, faker: Flattener, path: string): boolean {
  if (input === true || input === undefined) return true;
  if (input === false) return false;
  const schema = faker.flatten(input, path);
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((x) => JSON.stringify(x) === JSON.stringify(value)))
    return false;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeOf(value, t))) return false;
  }
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject && Array.isArray(schema.required) && !(schema.required as string[]).every((k) => k in value))
    return false;
  if (isObject && schema.properties) {
    for (const [name, sub] of Object.entries(schema.properties as Schema))
      if (name in value && !matches(sub, value[name]!, faker, path)) return false;
  }
  if (typeof value === 'string' && !stringFits(schema, value)) return false;
  if (typeof value === 'number' && !numberFits(schema, value)) return false;
  if (
    Array.isArray(value) &&
    schema.items !== undefined &&
    !Array.isArray(schema.items) &&
    !value.every((item) => matches(schema.items, item, faker, path))
  )
    return false;
  if (schema.not !== undefined && matches(schema.not, value, faker, path)) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => matches(s, value, faker, path))) return false;
  if (Array.isArray(schema.oneOf) && !schema.oneOf.some((s) => matches(s, value, faker, path))) return false;
  return true;
}

/** Shape checks of the common formats, so an example that is not one (a quoted date, say) is not used. */
const FORMAT_CHECKS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
  email: /^[^\s@]+@[^\s@]+$/,
  // With an authority (`https://host/…`): what an answer's links are, and what every URI checker accepts.
  uri: /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d+)?([/?#][^\s]*)?$/i,
  url: /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d+)?([/?#][^\s]*)?$/i,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
  hostname: /^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*$/,
};

/** Whether a string meets a schema's length, pattern and (by shape) format. */
export function stringFits(schema: Schema, value: string): boolean {
  if (typeof schema.format === 'string' && FORMAT_CHECKS[schema.format]?.test(value) === false) return false;
  if (typeof schema.pattern === 'string' && safeRegExp(schema.pattern)?.test(value) === false) return false;
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  return !(typeof schema.maxLength === 'number' && length > schema.maxLength);
}

/** Whether a number meets a schema's bounds and `multipleOf`. */
export function numberFits(schema: Schema, value: number): boolean {
  const n = (k: string) => (typeof schema[k] === 'number' ? schema[k] : undefined);
  const min = n('minimum');
  const max = n('maximum');
  const xmin = n('exclusiveMinimum');
  const xmax = n('exclusiveMaximum');
  const step = n('multipleOf');
  return !(
    (min !== undefined && value < min) ||
    (max !== undefined && value > max) ||
    (xmin !== undefined && value <= xmin) ||
    (xmax !== undefined && value >= xmax) ||
    (step !== undefined && step > 0 && !Number.isInteger(value / step))
  );
}

function typeOf(value: Json, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    default:
      return typeof value === type;
  }
}
