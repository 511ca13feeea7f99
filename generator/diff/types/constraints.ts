/** Constraint keywords (lengths, ranges, counts, patterns, formats): tightened or loosened. */
import type { DiffContext, Scope } from '../context.ts';
import type { RuleId } from '../rules.ts';

/** Raising a lower bound or adding it tightens. */
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
/** Lowering an upper bound or adding it tightens. */
const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
/** Adding or changing these tightens (a changed pattern or format may reject values that matched before). */
const EXACT = [
  'pattern',
  'format',
  'multipleOf',
  'contentMediaType',
  'contentEncoding',
  'uniqueItems',
] as const;
/**
 * String keywords that in responses only describe an opaque string's format. Its length bounds are not among
 * them: a declared bound that is loosened lets responses exceed what clients were told (as oasdiff judges it).
 */
const STRING_KEYS = new Set(['pattern', 'format', 'contentEncoding', 'contentMediaType']);

type Bag = Record<string, unknown>;

function tightened(key: string, before: unknown, after: unknown): boolean {
  if ((LOWER as readonly string[]).includes(key))
    return after !== undefined && (before === undefined || (after as number) > (before as number));
  if ((UPPER as readonly string[]).includes(key))
    return after !== undefined && (before === undefined || (after as number) < (before as number));
  if (key === 'uniqueItems') return after === true;
  return after !== undefined;
}

export function diffConstraints(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: Bag,
  b: Bag,
  isString: boolean,
): void {
  for (const key of [...LOWER, ...UPPER, ...EXACT]) {
    const before = a[key];
    const after = b[key];
    if (before === after) continue;
    const tight = tightened(key, before, after);
    let response: RuleId = tight ? 'narrowed-response' : 'widened-response';
    if (isString && STRING_KEYS.has(key)) response = 'opaque-string-format';
    const what =
      before === undefined
        ? `${key} ${fmt(after)} added`
        : after === undefined
          ? `${key} ${fmt(before)} removed`
          : `${key} ${fmt(before)} → ${fmt(after)}`;
    ctx.judge(
      scope,
      { request: tight ? 'tightened-constraint' : 'loosened-request', response },
      location,
      `${what} (${tight ? 'tightened' : 'loosened'})`,
      before ?? null,
      after ?? null,
    );
  }
}

const fmt = (v: unknown): string => (typeof v === 'string' ? `\`${v}\`` : String(v));
