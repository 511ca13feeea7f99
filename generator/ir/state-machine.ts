/** The state machine family: a resource's documented life cycle (`x-state-machines`; format: spec/EXTENSIONS.md). */

import type { Pointer } from './base.ts';

/**
 * What moves a resource from one state to another: an operation called on it, or time passing (`after` is the
 * ISO 8601 duration as written, `PT10M`; `seconds` the same in seconds; `bound`: exactly then, or at most that long).
 */
export type StateTrigger =
  | { kind: 'operation'; operationId: string }
  | { kind: 'time'; after: string; seconds: number; bound: 'exactly' | 'at_most' };

/** One documented change of state (`x-state-machines`; format: spec/EXTENSIONS.md). */
export interface StateTransition {
  /** `null`: the resource does not exist yet. */
  from: string | null;
  /** The state it leads to. */
  to: string;
  /** What makes it happen. */
  on: StateTrigger;
  /** When the transition happens, in the documentation's words. */
  condition?: string;
  /** What else it does, in the documentation's words. */
  effects?: string;
}

/** An operation allowed only while its target resource is in some states. */
export interface StateGuard {
  /** The guarded operation. */
  operationId: string;
  /** Where the target's id is in the request: `path.<param>` (a path parameter) or `body.<json pointer>`. */
  target: { in: 'path'; name: string } | { in: 'body'; pointer: string };
  /** The states in which the operation is allowed, in the spec's order. */
  states: string[];
}

/** A resource's documented life cycle (`x-state-machines`; format: spec/EXTENSIONS.md), as parse reads it. */
export interface ParsedStateMachine {
  /** Key in `x-state-machines`, e.g. `batch`. */
  name: string;
  /** Component name of the resource's schema. */
  schema: string;
  /** Wire name of the resource's state property. */
  property: string;
  /** Every state, in the spec's order (equal to the state property's enum, which the check pass verifies). */
  states: string[];
  /** The states creation leads to (the `to` of transitions `from: null`), distinct, in transition order. */
  initialStates: string[];
  /** In the spec's order. */
  transitions: StateTransition[];
  /** In the spec's order. */
  guards: StateGuard[];
  /** `false` where the documentation says other transitions exist that it does not show. */
  complete: boolean;
  /** `#/x-state-machines/<name>`. */
  pointer: Pointer;
}

/** A state machine with the names and area decided for it. */
export interface StateMachine extends ParsedStateMachine {
  /** TypeScript name of the state union, `<PascalCase name>State` (`BatchState`); decided by the naming pass. */
  typeName: string;
  /** Name of the machine's constant in `tables/state-machines.ts`, `<camelCase name>Machine` (`batchMachine`); decided by the naming pass. */
  constName: string;
  /** The area of the resource's schema; decided by the areas pass. */
  area: string;
}
