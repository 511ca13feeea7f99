/** Named schemas: added, removed, renamed (same shape under a new name), and changed (judged by their use). */
import { shapeKey, type DiffContext } from './context.ts';
import { diffType } from './types/index.ts';
import { positionsOf, schemaUsage } from './usage.ts';

export function diffSchemas(ctx: DiffContext): void {
  const removed = ctx.base.schemas.filter((s) => !ctx.headSchemas.has(s.name));
  const added = ctx.head.schemas.filter((s) => !ctx.baseSchemas.has(s.name));
  for (const gone of removed) {
    const twin = added.find((s) => shapeKey(s.type) === shapeKey(gone.type));
    if (twin) {
      ctx.renamedSchemas.set(gone.name, twin.name);
      added.splice(added.indexOf(twin), 1);
      ctx.add(
        'removed-type',
        { area: twin.area, subject: `schema ${gone.name}` },
        '',
        `renamed to ${twin.name}`,
        gone.name,
        twin.name,
      );
    } else {
      ctx.add('removed-type', { area: gone.area, subject: `schema ${gone.name}` }, '', 'schema removed');
    }
  }
  for (const s of added)
    ctx.add('new-type', { area: s.area, subject: `schema ${s.name}` }, '', 'schema added');
  const baseUsage = schemaUsage(ctx.base);
  const headUsage = schemaUsage(ctx.head);
  for (const h of ctx.head.schemas) {
    const b = ctx.baseSchemas.get(h.name);
    if (!b) continue;
    const scope = {
      area: h.area,
      subject: `schema ${h.name}`,
      positions: positionsOf(h.name, baseUsage.positions, headUsage.positions),
    };
    const first = ctx.changes.length;
    diffType(ctx, scope, '', b.type, h.type);
    // Name the operations a schema change reaches, so readers see whether it concerns them.
    const users = [
      ...new Set([...(baseUsage.users.get(h.name) ?? []), ...(headUsage.users.get(h.name) ?? [])]),
    ].sort();
    if (users.length) for (const c of ctx.changes.slice(first)) c.usedBy = users;
  }
}
