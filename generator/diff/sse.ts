/** Server-sent event streams (`x-sse`): framing, terminator, event types and their data. */
import type { SseStream } from '../ir/response.ts';
import { at, pair, type DiffContext, type Scope } from './context.ts';
import { diffType } from './types/index.ts';

export function diffStream(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: SseStream | undefined,
  b: SseStream | undefined,
): void {
  if (!a || !b) {
    if (a || b)
      ctx.add(
        'changed-stream-framing',
        scope,
        location,
        a ? 'no longer a described event stream' : 'now a described event stream',
      );
    return;
  }
  if (a.framing !== b.framing)
    ctx.add(
      'changed-stream-framing',
      scope,
      location,
      `framing ${a.framing} → ${b.framing}`,
      a.framing,
      b.framing,
    );
  if ((a.terminator ?? null) !== (b.terminator ?? null))
    ctx.add(
      'changed-stream-framing',
      scope,
      location,
      `terminator ${a.terminator ?? 'none'} → ${b.terminator ?? 'none'}`,
      a.terminator ?? null,
      b.terminator ?? null,
    );
  const { both, removed, added } = pair(a.events, b.events, (e) => e.name);
  for (const e of added)
    ctx.add('new-stream-event', scope, at(location, `event ${e.name}`), `event type \`${e.name}\` added`);
  for (const e of removed)
    ctx.add(
      'removed-stream-event',
      scope,
      at(location, `event ${e.name}`),
      `event type \`${e.name}\` removed`,
    );
  for (const [x, y] of both)
    diffType(ctx, { ...scope, positions: ['response'] }, at(location, `event ${x.name}`), x.type, y.type);
}
