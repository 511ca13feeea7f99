import type { Parameter } from '../ir/parameter.ts';
import { pair, type DiffContext, type Scope } from './context.ts';
import { diffType } from './types/index.ts';

export function diffParameters(
  ctx: DiffContext,
  scope: Scope,
  before: Parameter[],
  after: Parameter[],
): void {
  const { both, removed, added } = pair(before, after, (p) => `${p.in}.${p.name}`);
  const loc = (p: Parameter) => `${p.in}.${p.name}`;
  for (const p of removed) ctx.add('removed-field', scope, loc(p), `${p.in} parameter \`${p.name}\` removed`);
  for (const p of added) {
    if (p.required)
      ctx.add('new-required-request-field', scope, loc(p), `required ${p.in} parameter \`${p.name}\` added`);
    else
      ctx.add('new-optional-request-field', scope, loc(p), `optional ${p.in} parameter \`${p.name}\` added`);
  }
  for (const [x, y] of both) {
    if (!x.required && y.required) ctx.add('became-required', scope, loc(x), 'became required');
    if (x.required && !y.required) ctx.add('loosened-request', scope, loc(x), 'became optional');
    if ((x.style ?? '') !== (y.style ?? '') || (x.explode ?? null) !== (y.explode ?? null)) {
      ctx.add(
        'changed-serialization',
        scope,
        loc(x),
        `serialisation ${x.style ?? 'default'}/${x.explode ?? 'default'} → ${y.style ?? 'default'}/${y.explode ?? 'default'}`,
      );
    }
    if (!x.deprecated && y.deprecated) ctx.add('deprecated', scope, loc(x), 'deprecated');
    if ((x.description ?? '') !== (y.description ?? ''))
      ctx.add('docs', scope, loc(x), 'description changed');
    diffType(ctx, { ...scope, positions: ['request'] }, loc(x), x.type, y.type);
  }
}
