/** Document-level documentation: title, version, description, tags, not-shown notes. Docs only. */
import { pair, sameJson, type DiffContext } from './context.ts';

export function diffDocument(ctx: DiffContext): void {
  const scope = { area: 'general', subject: 'document' };
  const { base: a, head: b } = ctx;
  if (a.title !== b.title) ctx.add('docs', scope, 'title', 'title changed', a.title, b.title);
  if (a.version !== b.version)
    ctx.add('docs', scope, 'version', `version ${a.version} → ${b.version}`, a.version, b.version);
  if ((a.description ?? '') !== (b.description ?? ''))
    ctx.add('docs', scope, 'description', 'description changed');
  const tags = pair(a.tags, b.tags, (t) => t.name);
  for (const t of [...tags.added, ...tags.removed])
    ctx.add('docs', scope, `tag ${t.name}`, tags.added.includes(t) ? 'tag added' : 'tag removed');
  for (const [x, y] of tags.both)
    if ((x.description ?? '') !== (y.description ?? ''))
      ctx.add('docs', scope, `tag ${x.name}`, 'description changed');
  // Notes of an operation or webhook that exists on one side only come and go with it: not reported again.
  const owners = (api: typeof a) =>
    new Set([
      ...api.operations.map((o) => `operation ${o.operationId}`),
      ...api.webhooks.map((w) => `webhook ${w.name}`),
    ]);
  const inBoth = new Set([...owners(a)].filter((o) => owners(b).has(o)));
  const owned = (subject: string) => /^(operation|webhook) /.test(subject);
  const notes = (api: typeof a) =>
    api.notShown
      .filter((n) => !owned(n.subject) || inBoth.has(n.subject.split(' ').slice(0, 2).join(' ')))
      .map((n) => `${n.subject}: ${n.text}`)
      .sort();
  if (!sameJson(notes(a), notes(b))) {
    const before = notes(a);
    const after = notes(b);
    for (const n of after.filter((x) => !before.includes(x)))
      ctx.add('docs', scope, 'not shown', `note added: ${n}`);
    for (const n of before.filter((x) => !after.includes(x)))
      ctx.add('docs', scope, 'not shown', `note removed: ${n}`);
  }
}
