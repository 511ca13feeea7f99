/** `x-rules`: cross-field rules that JSON Schema cannot express (format in spec/EXTENSIONS.md). */
import { fail, joinPointer } from '../diagnostics.ts';
import { DIMENSION_LIMITS, type CrossFieldRule, type TypeNode } from '../ir/schema.ts';
import { isObject, type Json, type ParseContext } from './context.ts';

const OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'] as const;

export function parseRules(
  ctx: ParseContext,
  raw: unknown,
  pointer: string,
  parseSchema: (schema: unknown, pointer: string) => TypeNode,
  properties: Json,
): CrossFieldRule[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) fail('invalid-extension', 'x-rules must be a list', ctx.locate(pointer));
  return raw.map((entry, index) => {
    const at = joinPointer(pointer, index);
    const bad = (msg: string): never =>
      fail('invalid-extension', `x-rules[${index}]: ${msg}`, ctx.locate(at));
    if (!isObject(entry)) return bad('each rule must be an object');
    if (typeof entry.message !== 'string' || entry.message === '')
      return bad("'message' (the wording shown to users when the rule fails) is required");
    const field = (key: string): string => {
      const name = entry[key];
      if (typeof name !== 'string') return bad(`'${key}' must name a property`);
      if (!(name in properties))
        return bad(`'${key}' names '${name}', which is not a property of this schema`);
      return name;
    };
    const common = { message: entry.message, pointer: at } as {
      message: string;
      pointer: string;
      when?: TypeNode;
    };
    if (entry.when !== undefined) common.when = parseSchema(entry.when, joinPointer(at, 'when'));
    const num = (key: string): number | undefined => {
      const v = entry[key];
      if (v === undefined) return undefined;
      if (typeof v !== 'number' || !Number.isFinite(v)) return bad(`'${key}' must be a number`);
      return v;
    };
    const known = (keys: string[]): void => {
      for (const k of Object.keys(entry))
        if (!['kind', 'message', 'when', ...keys].includes(k)) bad(`unknown key '${k}'`);
    };
    switch (entry.kind) {
      case 'compare': {
        known(['field', 'op', 'other', 'scale']);
        const op = entry.op;
        if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op))
          return bad(`'op' must be one of ${OPS.join(', ')}`);
        return {
          ...common,
          kind: 'compare',
          field: field('field'),
          op: op as (typeof OPS)[number],
          other: field('other'),
          scale: num('scale') ?? 1,
        };
      }
      case 'subset':
        known(['field', 'of']);
        return { ...common, kind: 'subset', field: field('field'), of: field('of') };
      case 'dimensions': {
        known(['field', 'except', ...DIMENSION_LIMITS]);
        const except = entry.except ?? [];
        if (!Array.isArray(except) || !except.every((e) => typeof e === 'string'))
          return bad("'except' must be a list of strings");
        const rule: CrossFieldRule = {
          ...common,
          kind: 'dimensions',
          field: field('field'),
          except: except,
        };
        for (const k of DIMENSION_LIMITS) {
          const v = num(k);
          if (v !== undefined) rule[k] = v;
        }
        return rule;
      }
      default:
        return bad(`unknown kind ${JSON.stringify(entry.kind)} (compare, subset, dimensions)`);
    }
  });
}
