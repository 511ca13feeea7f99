// Copied by platform-api-codegen from its runtime (templates/server/core/guard.ts). Do not edit: every generation replaces it.
/**
 * State guards for handlers: `guardState('deleteVideo', video.status)` throws a 409 with the error envelope when
 * the state tables say the operation is not allowed in that state (e.g. deleting a video that is not completed or
 * failed). Operations no machine restricts pass. The generated index binds this to `tables/state-machines.ts`
 * (its machines and its `allowed`), so the rules come from the spec's `x-state-machines` only.
 */
import { HttpError } from './errors.js';

/** The parts of a generated state machine the guard reads. */
export interface GuardedMachine {
  readonly states: readonly string[];
  readonly guards: readonly { readonly operationId: string }[];
  readonly transitions: readonly {
    readonly from: string | null;
    readonly on: { readonly kind: string; readonly operationId?: string };
  }[];
}

/**
 * `G`: the states each restricted operation is checked against, by operationId (the generated index's
 * `GuardedStates`), so an operation no machine restricts, or a state its machines do not have, does not compile.
 */
export interface StateGuards<G extends object = Record<string, string>> {
  /** The states in which `operationId` is allowed, or undefined when no machine restricts it. */
  allowedStates<O extends keyof G & string>(operationId: O): G[O][] | undefined;
  /** Throws `HttpError(409)` unless `operationId` may act on a resource in `state`. */
  guardState<O extends keyof G & string>(operationId: O, state: G[O] & string): void;
}

export function createStateGuards<
  G extends object = Record<string, string>,
  M extends GuardedMachine = GuardedMachine,
>(
  machines: readonly M[],
  allowed: (machine: M, operationId: string, state: string) => boolean,
): StateGuards<G> {
  const restricting = (operationId: string) =>
    machines.filter(
      (m) =>
        m.guards.some((g) => g.operationId === operationId) ||
        m.transitions.some(
          (t) => t.on.kind === 'operation' && t.on.operationId === operationId && t.from !== null,
        ),
    );
  const allowedStates = (operationId: string): string[] | undefined => {
    const relevant = restricting(operationId);
    if (!relevant.length) return undefined;
    return relevant.flatMap((m) => m.states.filter((s) => allowed(m, operationId, s)));
  };
  const guardState = (operationId: string, state: string): void => {
    const relevant = restricting(operationId).filter((m) => m.states.includes(state));
    if (relevant.every((m) => allowed(m, operationId, state))) return;
    const states = allowedStates(operationId) ?? [];
    throw new HttpError(
      409,
      `${operationId} is not allowed while the status is '${state}' (allowed: ${states.join(', ')}).`,
      'invalid_state',
      'status',
    );
  };
  // The states are checked at run time against the machines; `G` only narrows what callers may pass.
  return { allowedStates, guardState } as StateGuards<G>;
}
