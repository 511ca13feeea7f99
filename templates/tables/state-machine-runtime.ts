/**
 * The API's state machines as data, each typed by its own state union, and `nextState` / `allowed` to read them.
 * The types and helpers are the same for every API (the generator copies them from its runtime,
 * templates/tables/state-machine-runtime.ts); the generated module adds the machines after them.
 */

/** What moves a resource from one state to another: an operation, or time passing. */
export type StateTrigger =
  | { readonly kind: 'operation'; readonly operationId: string }
  | {
      readonly kind: 'time';
      readonly after: string;
      readonly seconds: number;
      readonly bound: 'exactly' | 'at_most';
    };

export interface StateTransition<S extends string> {
  /** `null`: the resource does not exist yet (creation). */
  readonly from: S | null;
  readonly to: S;
  readonly on: StateTrigger;
  /** The documented wording. */
  readonly condition?: string;
  readonly effects?: string;
}

export interface StateGuard<S extends string> {
  readonly operationId: string;
  readonly target:
    | { readonly in: 'path'; readonly name: string }
    | { readonly in: 'body'; readonly pointer: string };
  /** The operation is allowed only while the target is in one of these states. */
  readonly states: readonly S[];
}

export interface StateMachine<S extends string> {
  readonly name: string;
  readonly schema: string;
  readonly property: string;
  readonly states: readonly S[];
  readonly initialStates: readonly S[];
  readonly transitions: readonly StateTransition<S>[];
  readonly guards: readonly StateGuard<S>[];
  /** False where other transitions exist but are not documented. */
  readonly complete: boolean;
}

/**
 * The state an operation moves a resource to from `from` (`null` for creation), or `undefined` when no
 * documented transition applies.
 */
export function nextState<S extends string>(
  machine: StateMachine<S>,
  from: S | null,
  operationId: string,
): S | undefined {
  return machine.transitions.find(
    (t) => t.from === from && t.on.kind === 'operation' && t.on.operationId === operationId,
  )?.to;
}

/**
 * Whether `operationId` may act on a resource in `state`: a guard decides when one exists; otherwise an
 * operation that has documented transitions is allowed only from their source states; any other operation is
 * not restricted by this machine.
 */
export function allowed<S extends string>(machine: StateMachine<S>, operationId: string, state: S): boolean {
  const guard = machine.guards.find((g) => g.operationId === operationId);
  if (guard) return guard.states.includes(state);
  const sources = machine.transitions.filter(
    (t) => t.on.kind === 'operation' && t.on.operationId === operationId && t.from !== null,
  );
  if (sources.length) return sources.some((t) => t.from === state);
  return true;
}
