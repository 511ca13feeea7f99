import type { Api } from '../ir/api.ts';
import type { JsonValue } from '../ir/base.ts';
import type { NamedSchema, TypeNode } from '../ir/schema.ts';
import { RULES, worst, type RuleId } from './rules.ts';
import type { Change, Position } from './types.ts';
import { resolveNode } from '../ir/queries.ts';

/** Whose change it is: area and subject for grouping, and the positions its types are judged in. */
export interface Scope {
  area: string;
  subject: string;
  positions: Position[];
}

export type ByPosition = Partial<Record<Position, RuleId>>;

/**
 * Compares two type nodes at a location. The per-kind modules of `types/` receive it to compare child nodes, so
 * they need not import the dispatcher in `types/index.ts` (the modules form no cycle).
 */
export type CompareTypes = (
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: TypeNode,
  b: TypeNode,
) => void;

export class DiffContext {
  readonly changes: Change[] = [];
  readonly baseSchemas: Map<string, NamedSchema>;
  readonly headSchemas: Map<string, NamedSchema>;
  /** Named schemas renamed with an identical shape: base name → head name (reported once, not at each use). */
  readonly renamedSchemas = new Map<string, string>();

  constructor(
    readonly base: Api,
    readonly head: Api,
  ) {
    this.baseSchemas = new Map(base.schemas.map((s) => [s.name, s]));
    this.headSchemas = new Map(head.schemas.map((s) => [s.name, s]));
  }

  add(
    rule: RuleId,
    scope: Omit<Scope, 'positions'>,
    location: string,
    message: string,
    before?: unknown,
    after?: unknown,
  ): void {
    const change: Change = {
      severity: RULES[rule].severity,
      rule,
      reason: RULES[rule].reason,
      area: scope.area,
      subject: scope.subject,
      location,
      message,
    };
    if (before !== undefined) change.before = toJson(before);
    if (after !== undefined) change.after = toJson(after);
    this.changes.push(change);
  }

  /** Adds a change whose verdict depends on the direction: the worst over the scope's positions wins. */
  judge(
    scope: Scope,
    rules: ByPosition,
    location: string,
    message: string,
    before?: unknown,
    after?: unknown,
  ): void {
    const candidates = scope.positions.map((p) => rules[p]).filter((r): r is RuleId => r !== undefined);
    if (candidates.length === 0) return;
    const rule = worst(candidates);
    const where = scope.positions.length > 1 ? scope.positions.find((p) => rules[p] === rule) : undefined;
    this.add(
      rule,
      scope,
      location,
      where ? `${message} (as ${where === 'request' ? 'a request' : 'a response'} type)` : message,
      before,
      after,
    );
  }

  resolveBase(node: TypeNode): TypeNode {
    return resolveNode(this.base, node, this.baseSchemas);
  }
  resolveHead(node: TypeNode): TypeNode {
    return resolveNode(this.head, node, this.headSchemas);
  }
}

function toJson(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JsonValue);
}

/** Appends a path segment: `a` + `b` is `a.b`; `a` + `[]` is `a[]`. */
export function at(location: string, segment: string): string {
  if (!location) return segment;
  return /^[[{<(]/.test(segment) ? `${location}${segment}` : `${location}.${segment}`;
}

const NOISE = new Set([
  'pointer',
  'description',
  'examples',
  'enumName',
  'deprecated',
  'message',
  'notShown',
]);

/** A key equal for two values that differ only in documentation and provenance. */
export function shapeKey(value: unknown): string {
  // JSON.stringify gives undefined (not a string, whatever its type says) for undefined.
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (key, v: unknown) => (NOISE.has(key) ? undefined : v));
}

export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Pairs list items by key: both sides, only base, only head. Head order is kept for pairs. */
export function pair<T>(
  base: T[],
  head: T[],
  key: (t: T) => string,
): { both: [T, T][]; removed: T[]; added: T[] } {
  const headByKey = new Map(head.map((h) => [key(h), h]));
  const baseKeys = new Set(base.map(key));
  const both: [T, T][] = [];
  const removed: T[] = [];
  for (const b of base) {
    const h = headByKey.get(key(b));
    if (h) both.push([b, h]);
    else removed.push(b);
  }
  return { both, removed, added: head.filter((h) => !baseKeys.has(key(h))) };
}
