/** `x-state-machines` (format: spec/EXTENSIONS.md) → IR state machines. Cross-checks run in passes/check. */
import { fail, joinPointer } from '../diagnostics.ts';
import { sortedBy } from '../ir/order.ts';
import type { ParsedStateMachine, StateGuard, StateTransition } from '../ir/state-machine.ts';
import { isObject, type ParseContext } from './context.ts';

const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

export function durationSeconds(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text === 'PT') return undefined;
  // A group that did not match is undefined, whatever RegExpExecArray's type says.
  const groups = m.slice(1) as (string | undefined)[];
  const [d, h, min, s] = groups.map((x) => Number(x ?? 0)) as [number, number, number, number];
  return d * 86400 + h * 3600 + min * 60 + s;
}

/** `x-state-machines`, sorted by name. */
export function parseStateMachines(ctx: ParseContext): ParsedStateMachine[] {
  const raw = ctx.document['x-state-machines'];
  if (raw === undefined) return [];
  const root = '#/x-state-machines';
  if (!isObject(raw)) fail('invalid-extension', 'x-state-machines must be an object', ctx.locate(root));
  const machines = Object.keys(raw).map((name): ParsedStateMachine => {
    const at = joinPointer(root, name);
    const m = raw[name];
    const bad = (msg: string, where = at): never =>
      fail('invalid-extension', `state machine '${name}': ${msg}`, ctx.locate(where));
    if (!isObject(m)) return bad('must be an object');
    for (const k of Object.keys(m))
      if (!['schema', 'property', 'states', 'transitions', 'guards', 'complete', 'x-not-shown'].includes(k))
        bad(`unknown key '${k}'`, joinPointer(at, k));
    const schemaRef = m.schema;
    const match = typeof schemaRef === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(schemaRef) : null;
    if (!match?.[1]) return bad("'schema' must be '#/components/schemas/<Name>'");
    if (typeof m.property !== 'string') return bad("'property' must name the state field");
    if (!Array.isArray(m.states) || !m.states.every((s) => typeof s === 'string'))
      return bad("'states' must be a list of strings");
    const states = m.states;
    const transitions: StateTransition[] = (
      Array.isArray(m.transitions) ? m.transitions : bad("'transitions' must be a list")
    ).map((t: unknown, i: number) => {
      const tAt = joinPointer(at, 'transitions', i);
      if (!isObject(t)) return bad('each transition must be an object', tAt);
      if (t.from !== null && typeof t.from !== 'string') return bad("'from' must be a state or null", tAt);
      if (typeof t.to !== 'string') return bad("'to' must be a state", tAt);
      const on = t.on;
      if (!isObject(on)) return bad("'on' must be {operation} or {after, bound}", tAt);
      let trigger: StateTransition['on'];
      if (typeof on.operation === 'string') trigger = { kind: 'operation', operationId: on.operation };
      else if (typeof on.after === 'string') {
        const seconds = durationSeconds(on.after);
        if (seconds === undefined)
          return bad(`'after' must be an ISO 8601 duration such as PT10M, got ${on.after}`, tAt);
        const bound = on.bound ?? 'exactly';
        if (bound !== 'exactly' && bound !== 'at_most') return bad("'bound' must be exactly or at_most", tAt);
        trigger = { kind: 'time', after: on.after, seconds, bound };
      } else return bad("'on' must be {operation} or {after, bound}", tAt);
      const transition: StateTransition = { from: t.from, to: t.to, on: trigger };
      if (typeof t.condition === 'string') transition.condition = t.condition;
      if (typeof t.effects === 'string') transition.effects = t.effects;
      return transition;
    });
    const guards: StateGuard[] = (
      m.guards === undefined ? [] : Array.isArray(m.guards) ? m.guards : bad("'guards' must be a list")
    ).map((g: unknown, i: number) => {
      const gAt = joinPointer(at, 'guards', i);
      if (
        !isObject(g) ||
        typeof g.operation !== 'string' ||
        typeof g.target !== 'string' ||
        !Array.isArray(g.states)
      ) {
        return bad('a guard needs operation, target and states', gAt);
      }
      const target = /^path\.(.+)$/.exec(g.target);
      const body = /^body\.(\/.*)$/.exec(g.target);
      if (!target && !body) return bad("guard target must be 'path.<param>' or 'body.<json pointer>'", gAt);
      return {
        operationId: g.operation,
        target: target
          ? { in: 'path' as const, name: target[1]! }
          : { in: 'body' as const, pointer: body![1]! },
        states: g.states.map(String),
      };
    });
    if (typeof m.complete !== 'boolean') bad("'complete' must be true or false");
    return {
      name,
      schema: decodeURIComponent(match[1]),
      property: m.property,
      states,
      initialStates: [...new Set(transitions.filter((t) => t.from === null).map((t) => t.to))],
      transitions,
      guards,
      complete: m.complete as boolean,
      pointer: at,
    };
  });
  return sortedBy(machines, (m) => m.name);
}
