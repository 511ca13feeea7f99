import type { StateGuard, StateTransition } from '../ir/state-machine.ts';
import { pair, sameJson, type DiffContext } from './context.ts';

const transitionKey = (t: StateTransition) =>
  `${t.from ?? '∅'} → ${t.to} on ${t.on.kind === 'operation' ? t.on.operationId : `${t.on.bound} ${t.on.after}`}`;
const guardKey = (g: StateGuard) =>
  `${g.operationId} ${g.target.in === 'path' ? g.target.name : g.target.pointer}`;

export function diffStateMachines(ctx: DiffContext): void {
  const { both, removed, added } = pair(ctx.base.stateMachines, ctx.head.stateMachines, (m) => m.name);
  for (const m of added)
    ctx.add(
      'new-transition',
      { area: m.area, subject: `state machine ${m.name}` },
      '',
      'state machine added',
    );
  for (const m of removed)
    ctx.add(
      'removed-transition',
      { area: m.area, subject: `state machine ${m.name}` },
      '',
      'state machine removed',
    );
  for (const [a, b] of both) {
    const scope = { area: b.area, subject: `state machine ${a.name}` };
    if (a.schema !== b.schema || a.property !== b.property)
      ctx.add(
        'removed-transition',
        scope,
        '',
        `tracks ${b.schema}.${b.property} instead of ${a.schema}.${a.property}`,
      );
    for (const s of b.states.filter((x) => !a.states.includes(x)))
      ctx.add('new-transition', scope, s, `state \`${s}\` added`);
    for (const s of a.states.filter((x) => !b.states.includes(x)))
      ctx.add('removed-transition', scope, s, `state \`${s}\` removed`);
    const t = pair(a.transitions, b.transitions, transitionKey);
    for (const x of t.added) ctx.add('new-transition', scope, transitionKey(x), 'transition added');
    for (const x of t.removed) ctx.add('removed-transition', scope, transitionKey(x), 'transition removed');
    for (const [x, y] of t.both)
      if ((x.condition ?? '') !== (y.condition ?? '') || (x.effects ?? '') !== (y.effects ?? ''))
        ctx.add('docs', scope, transitionKey(x), 'condition or effects changed');
    const g = pair(a.guards, b.guards, guardKey);
    for (const x of g.added)
      ctx.add(
        'tightened-constraint',
        scope,
        guardKey(x),
        `guard added: ${x.operationId} only in ${x.states.join(', ')}`,
      );
    for (const x of g.removed)
      ctx.add('loosened-request', scope, guardKey(x), `guard removed: ${x.operationId}`);
    for (const [x, y] of g.both) {
      const lost = x.states.filter((s) => !y.states.includes(s));
      const gained = y.states.filter((s) => !x.states.includes(s));
      if (lost.length)
        ctx.add(
          'tightened-constraint',
          scope,
          guardKey(x),
          `${x.operationId} no longer allowed in ${lost.join(', ')}`,
        );
      if (gained.length)
        ctx.add(
          'loosened-request',
          scope,
          guardKey(x),
          `${x.operationId} now allowed in ${gained.join(', ')}`,
        );
    }
    if (!sameJson(a.initialStates, b.initialStates))
      ctx.add('docs', scope, '', 'initial states changed', a.initialStates, b.initialStates);
    if (a.complete !== b.complete)
      ctx.add('docs', scope, '', b.complete ? 'now marked complete' : 'no longer marked complete');
  }
}
