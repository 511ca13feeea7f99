import type { SecurityRequirement } from '../ir/server.ts';
import { pair, sameJson, type DiffContext, type Scope } from './context.ts';

/** Order-free key of one alternative (every requirement it holds). */
function alternativeKey(reqs: SecurityRequirement[]): string {
  return reqs
    .map((r) => `${r.scheme}:${[...r.scopes].sort().join(',')}`)
    .sort()
    .join('&');
}

/** Order-free key of alternatives of requirements. */
export function securityKey(alternatives: SecurityRequirement[][]): string {
  return JSON.stringify(alternatives.map(alternativeKey).sort());
}

/**
 * How a change of security requirements affects callers: none, an added alternative (every credential that worked
 * still works), or anything else. No alternative at all means no credential is needed: the empty alternative.
 */
export function securityChange(
  base: SecurityRequirement[][],
  head: SecurityRequirement[][],
): 'same' | 'new-auth-alternative' | 'changed-auth' {
  if (securityKey(base) === securityKey(head)) return 'same';
  const keys = (alts: SecurityRequirement[][]) =>
    new Set(alts.length === 0 ? [''] : alts.map(alternativeKey));
  const after = keys(head);
  return [...keys(base)].every((k) => after.has(k)) ? 'new-auth-alternative' : 'changed-auth';
}

/** Reports a change of requirements (`what` names whose) by its effect on callers. */
export function reportSecurity(
  ctx: DiffContext,
  scope: Omit<Scope, 'positions'>,
  what: string,
  base: SecurityRequirement[][],
  head: SecurityRequirement[][],
): void {
  const change = securityChange(base, head);
  if (change === 'same') return;
  const text = change === 'changed-auth' ? `${what} changed` : `${what}: an alternative added`;
  ctx.add(change, scope, '', text, base, head);
}

export function diffSecurity(ctx: DiffContext): void {
  const scope = { area: 'general', subject: 'security' };
  reportSecurity(ctx, scope, 'document-wide security requirements', ctx.base.security, ctx.head.security);
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
