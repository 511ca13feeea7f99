/** Document servers: a removed address or changed variable default breaks callers. */
import { pair, type DiffContext } from './context.ts';

export function diffServers(ctx: DiffContext): void {
  const scope = { area: 'general', subject: 'servers' };
  const { both, removed, added } = pair(ctx.base.servers, ctx.head.servers, (s) => s.url);
  for (const s of removed) ctx.add('changed-server', scope, s.url, 'server removed');
  for (const s of added) ctx.add('new-resource', scope, s.url, 'server added');
  for (const [a, b] of both) {
    const { both: vars, removed: gone, added: fresh } = pair(a.variables, b.variables, (v) => v.name);
    for (const v of [...gone, ...fresh])
      ctx.add(
        'changed-server',
        scope,
        a.url,
        `variable \`${v.name}\` ${gone.includes(v) ? 'removed' : 'added'}`,
      );
    for (const [x, y] of vars)
      if (x.default !== y.default)
        ctx.add(
          'changed-server',
          scope,
          a.url,
          `default of \`${x.name}\` ${x.default} → ${y.default}`,
          x.default,
          y.default,
        );
    if ((a.description ?? '') !== (b.description ?? '')) ctx.add('docs', scope, a.url, 'description changed');
  }
}
