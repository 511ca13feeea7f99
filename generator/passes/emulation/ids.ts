/**
 * How the server makes an id, from what the spec says of it (decision table, "Ids"):
 * - integers when the `id` property or the address's path parameter is an integer (1, 2, 3 … per collection);
 * - else strings matching every pattern the path parameter and the `id` property give, of the `uuid` format when
 *   either says so, within the property's lengths;
 * - their prefix, in order: the literal start of the pattern (`^tkt_[A-Za-z0-9]+$` → `tkt_`), an example's
 *   (`prj_8fK2mQ` → `prj_`), a description's (`` `batch_...` ``), the item's `object` value (`vector_store_`).
 */
import { resolveNode } from '../../ir/queries.ts';
import type { IdRule, IdSource } from '../../ir/emulation.ts';
import type { TypeNode } from '../../ir/schema.ts';
import type { Api } from './shape.ts';

const SPECIAL = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);
const QUANTIFIER = new Set(['?', '*', '{']);

/** The literal text every match of an anchored pattern starts with (`^tkt_[A-Za-z0-9]+$` → `tkt_`). */
export function literalPrefix(pattern: string): string {
  if (!pattern.startsWith('^')) return '';
  let out = '';
  for (let i = 1; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (SPECIAL.has(ch)) {
      // A quantifier that allows none makes the character before it optional; `+` keeps it.
      if (QUANTIFIER.has(ch)) out = out.slice(0, -1);
      break;
    }
    out += ch;
  }
  return out;
}

function examplePrefix(values: unknown[]): string | undefined {
  const example = values.find((e): e is string => typeof e === 'string');
  return example?.match(/^([A-Za-z][A-Za-z0-9]*[_-])[A-Za-z0-9]+$/)?.[1];
}

/** The id rule of values of `id` (the `id` property's type) addressed by `params` (the path parameters' types). */
export function idRule(
  api: Api,
  id: { type: TypeNode; description?: string } | undefined,
  params: TypeNode[],
  object?: string,
): { rule: IdRule; source: IdSource } {
  const node = id && resolveNode(api, id.type);
  const nodes = [...params.map((p) => resolveNode(api, p)), ...(node ? [node] : [])];
  const integer = nodes.find((n) => n.kind === 'number' && n.integer);
  if (integer?.kind === 'number' && nodes.every((n) => n.kind !== 'string'))
    return {
      rule: { type: 'integer', ...(integer.minimum !== undefined ? { minimum: integer.minimum } : {}) },
      source: 'integer',
    };
  const strings = nodes.filter((n) => n.kind === 'string');
  const patterns = [...new Set(strings.flatMap((n) => (n.pattern ? [n.pattern] : [])))];
  const uuid = strings.some((n) => n.format === 'uuid');
  const lengths = node?.kind === 'string' ? node : undefined;
  const base: Extract<IdRule, { type: 'string' }> = {
    type: 'string',
    patterns,
    ...(uuid ? { format: 'uuid' } : {}),
    ...(lengths?.minLength !== undefined ? { minLength: lengths.minLength } : {}),
    ...(lengths?.maxLength !== undefined ? { maxLength: lengths.maxLength } : {}),
  };
  if (uuid) return { rule: base, source: 'format' };
  const fromPattern = patterns.map(literalPrefix).find(Boolean);
  if (fromPattern) return { rule: { ...base, prefix: fromPattern }, source: 'pattern' };
  const fromExample = examplePrefix([...(node?.examples ?? []), ...(id?.type.examples ?? [])]);
  if (fromExample) return { rule: { ...base, prefix: fromExample }, source: 'example' };
  const text = `${id?.description ?? ''} ${node?.description ?? ''}`;
  const fromText = text.match(/`([a-z][a-z0-9]*[_-])\.\.\.`/)?.[1];
  if (fromText) return { rule: { ...base, prefix: fromText }, source: 'description' };
  if (object)
    return { rule: { ...base, prefix: `${object.replace(/[^A-Za-z0-9]+/g, '_')}_` }, source: 'object' };
  return { rule: base, source: 'none' };
}
