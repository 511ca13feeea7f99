import type { SecurityRequirement } from '../ir/server.ts';
import { pair, sameJson, type DiffContext } from './context.ts';

/** Order-free key of alternatives of requirements. */
export function securityKey(alternatives: SecurityRequirement[][]): string {
  return JSON.stringify(
    alternatives
      .map((reqs) =>
        reqs
          .map((r) => `${r.scheme}:${[...r.scopes].sort().join(',')}`)
          .sort()
          .join('&'),
      )
      .sort(),
  );
}

export function diffSecurity(ctx: DiffContext): void {
  const scope = { area: 'general', subject: 'security' };
  if (securityKey(ctx.base.security) !== securityKey(ctx.head.security))
    ctx.add(
      'changed-auth',
      scope,
      '',
      'document-wide security requirements changed',
      ctx.base.security,
      ctx.head.security,
    );
  const { both, removed, added } = pair(ctx.base.securitySchemes, ctx.head.securitySchemes, (s) => s.name);
  for (const s of removed) ctx.add('changed-auth', scope, s.name, `security scheme \`${s.name}\` removed`);
  // A scheme nobody requires changes nothing yet; requiring it is reported where the requirement changes.
  for (const s of added) ctx.add('docs', scope, s.name, `security scheme \`${s.name}\` added`);
  for (const [a, b] of both) {
    if (a.type !== b.type || (a.scheme ?? '') !== (b.scheme ?? ''))
      ctx.add(
        'changed-auth',
        scope,
        a.name,
        `scheme ${a.type}/${a.scheme ?? ''} → ${b.type}/${b.scheme ?? ''}`,
      );
    else if (!sameJson(a.description, b.description)) ctx.add('docs', scope, a.name, 'description changed');
  }
}
