import type { CrossFieldRule, ObjectNode, Property, TypeNode } from '../../ir/schema.ts';
import { at, pair, shapeKey, type CompareTypes, type DiffContext, type Scope } from '../context.ts';
import { diffConstraints } from './constraints.ts';

export function diffObject(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: ObjectNode,
  b: ObjectNode,
  diffType: CompareTypes,
): void {
  diffProperties(ctx, scope, location, a.properties, b.properties, diffType);
  diffAdditional(ctx, scope, location, a.additional, b.additional, diffType);
  diffExtraRequired(ctx, scope, location, a.extraRequired, b.extraRequired);
  diffConstraints(
    ctx,
    scope,
    location,
    a as unknown as Record<string, unknown>,
    b as unknown as Record<string, unknown>,
    false,
  );
  if (shapeKey(a.propertyNames) !== shapeKey(b.propertyNames)) {
    ctx.judge(
      scope,
      { request: 'tightened-constraint', response: 'narrowed-response' },
      location,
      'propertyNames changed',
      a.propertyNames ?? null,
      b.propertyNames ?? null,
    );
  }
  diffRules(ctx, scope, location, a.rules, b.rules);
}

function diffProperties(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  before: Property[],
  after: Property[],
  diffType: CompareTypes,
): void {
  const { both, removed, added } = pair(before, after, (p) => p.name);
  // A property removed and another added with the same type and requiredness is a rename: one change.
  // oxlint-disable-next-line unicorn/no-useless-spread -- a copy: the loop splices `removed`
  for (const gone of [...removed]) {
    const twin = added.find((p) => p.required === gone.required && shapeKey(p.type) === shapeKey(gone.type));
    if (!twin) continue;
    removed.splice(removed.indexOf(gone), 1);
    added.splice(added.indexOf(twin), 1);
    ctx.judge(
      scope,
      { request: 'removed-field', response: 'removed-field' },
      at(location, gone.name),
      `property \`${gone.name}\` renamed to \`${twin.name}\``,
      gone.name,
      twin.name,
    );
  }
  for (const p of removed)
    ctx.judge(
      scope,
      { request: 'removed-field', response: 'removed-field' },
      at(location, p.name),
      `property \`${p.name}\` removed`,
    );
  for (const p of added) {
    ctx.judge(
      scope,
      {
        request: p.required ? 'new-required-request-field' : 'new-optional-request-field',
        response: 'new-response-field',
      },
      at(location, p.name),
      `${p.required ? 'required' : 'optional'} property \`${p.name}\` added`,
    );
  }
  for (const [x, y] of both) {
    const loc = at(location, x.name);
    if (!x.required && y.required)
      ctx.judge(scope, { request: 'became-required', response: 'narrowed-response' }, loc, 'became required');
    if (x.required && !y.required)
      ctx.judge(
        scope,
        { request: 'loosened-request', response: 'optional-in-response' },
        loc,
        'became optional',
      );
    if ((x.description ?? '') !== (y.description ?? '')) ctx.add('docs', scope, loc, 'description changed');
    diffType(ctx, scope, loc, x.type, y.type);
  }
  const order = (list: Property[]) => list.map((p) => p.name).filter((n) => both.some(([x]) => x.name === n));
  if (order(before).join() !== order(after).join())
    ctx.judge(
      scope,
      { request: 'property-order', response: 'property-order' },
      location,
      'property order changed',
      order(before),
      order(after),
    );
}

function diffAdditional(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: TypeNode | boolean,
  b: TypeNode | boolean,
  diffType: CompareTypes,
): void {
  if (typeof a === 'object' && typeof b === 'object') return diffType(ctx, scope, at(location, '{}'), a, b);
  if (a === b) return;
  const describe = (v: TypeNode | boolean) => (v === true ? 'open' : v === false ? 'closed' : 'typed');
  const message = `additional properties ${describe(a)} → ${describe(b)}`;
  // Loosening: closed → anything, or typed → open. Everything else narrows what is allowed.
  const loosens = a === false || b === true;
  if (loosens)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: a === false ? 'new-response-field' : 'widened-response' },
      location,
      message,
    );
  else ctx.judge(scope, { request: 'narrowed-request', response: 'narrowed-response' }, location, message);
}

function diffExtraRequired(ctx: DiffContext, scope: Scope, location: string, a: string[], b: string[]): void {
  for (const name of b.filter((n) => !a.includes(n)))
    ctx.judge(
      scope,
      { request: 'became-required', response: 'narrowed-response' },
      at(location, name),
      'became required',
    );
  for (const name of a.filter((n) => !b.includes(n)))
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'optional-in-response' },
      at(location, name),
      'became optional',
    );
}

const ruleKey = (r: CrossFieldRule) => shapeKey(r);

function diffRules(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: CrossFieldRule[],
  b: CrossFieldRule[],
): void {
  const { both, removed, added } = pair(a, b, ruleKey);
  for (const r of added)
    ctx.judge(
      scope,
      { request: 'tightened-constraint', response: 'narrowed-response' },
      at(location, r.field),
      `rule added (${r.kind}): ${r.message}`,
    );
  for (const r of removed)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'widened-response' },
      at(location, r.field),
      `rule removed (${r.kind}): ${r.message}`,
    );
  for (const [x, y] of both)
    if (x.message !== y.message)
      ctx.add('docs', scope, at(location, x.field), `rule message changed (${x.kind})`, x.message, y.message);
}
