/**
 * `generated/tables/state-machines.ts`: each machine as data, typed by its own state union, plus
 * `nextState(machine, from, operationId)` and `allowed(machine, operationId, state)`.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api, StateMachine } from '../ir/types.ts';
import type { GeneratedFile } from './index.ts';
import { printFile } from './ts/project.ts';
import { quote } from './ts/type-expr.ts';

const SHARED_TYPES = `
/** What moves a resource from one state to another: an operation, or time passing. */
export type StateTrigger =
  | { readonly kind: 'operation'; readonly operationId: string }
  | { readonly kind: 'time'; readonly after: string; readonly seconds: number; readonly bound: 'exactly' | 'at_most' };

export interface StateTransition<S extends string> {
  /** \`null\`: the resource does not exist yet (creation). */
  readonly from: S | null;
  readonly to: S;
  readonly on: StateTrigger;
  /** The seeds' words. */
  readonly condition?: string;
  readonly effects?: string;
}

export interface StateGuard<S extends string> {
  readonly operationId: string;
  readonly target: { readonly in: 'path'; readonly name: string } | { readonly in: 'body'; readonly pointer: string };
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
  /** False where the seeds say other transitions exist but are not shown. */
  readonly complete: boolean;
}

/**
 * The state an operation moves a resource to from \`from\` (\`null\` for creation), or \`undefined\` when no
 * documented transition applies.
 */
export function nextState<S extends string>(machine: StateMachine<S>, from: S | null, operationId: string): S | undefined {
  return machine.transitions.find((t) => t.from === from && t.on.kind === 'operation' && t.on.operationId === operationId)?.to;
}

/**
 * Whether \`operationId\` may act on a resource in \`state\`: a guard decides when one exists; otherwise an
 * operation that has documented transitions is allowed only from their source states; any other operation is
 * not restricted by this machine.
 */
export function allowed<S extends string>(machine: StateMachine<S>, operationId: string, state: S): boolean {
  const guard = machine.guards.find((g) => g.operationId === operationId);
  if (guard) return guard.states.includes(state);
  const sources = machine.transitions.filter((t) => t.on.kind === 'operation' && t.on.operationId === operationId && t.from !== null);
  if (sources.length) return sources.some((t) => t.from === state);
  return true;
}
`;

function machineLiteral(m: StateMachine): string {
  const list = (xs: readonly string[]) => `[${xs.map(quote).join(', ')}]`;
  const trigger = (t: StateMachine['transitions'][number]['on']) =>
    t.kind === 'operation'
      ? `{ kind: 'operation', operationId: ${quote(t.operationId)} }`
      : `{ kind: 'time', after: ${quote(t.after)}, seconds: ${t.seconds}, bound: ${quote(t.bound)} }`;
  const transitions = m.transitions.map((t) => {
    const parts = [`from: ${t.from === null ? 'null' : quote(t.from)}`, `to: ${quote(t.to)}`, `on: ${trigger(t.on)}`];
    if (t.condition) parts.push(`condition: ${quote(t.condition)}`);
    if (t.effects) parts.push(`effects: ${quote(t.effects)}`);
    return `{ ${parts.join(', ')} }`;
  });
  const guards = m.guards.map((g) => {
    const target = g.target.in === 'path' ? `{ in: 'path', name: ${quote(g.target.name)} }` : `{ in: 'body', pointer: ${quote(g.target.pointer)} }`;
    return `{ operationId: ${quote(g.operationId)}, target: ${target}, states: ${list(g.states)} }`;
  });
  return `{
    name: ${quote(m.name)},
    schema: ${quote(m.schema)},
    property: ${quote(m.property)},
    states: ${list(m.states)},
    initialStates: ${list(m.initialStates)},
    transitions: [${transitions.join(', ')}],
    guards: [${guards.join(', ')}],
    complete: ${m.complete},
  }`;
}

export function emitStateMachines(api: Api): GeneratedFile[] {
  const statements: (string | StatementStructures)[] = [SHARED_TYPES.trim()];
  for (const m of api.stateMachines) {
    statements.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: m.typeName,
      docs: [`States of \`${m.schema}.${m.property}\`.`],
      type: m.states.length ? m.states.map(quote).join(' | ') : 'never',
    });
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`The \`${m.name}\` state machine${m.complete ? '' : ' (incomplete: the seeds do not show every transition)'}.`],
      declarations: [{ name: m.constName, type: `StateMachine<${m.typeName}>`, initializer: machineLiteral(m) }],
    });
  }
  statements.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Every machine by name.'],
    declarations: [{ name: 'stateMachines', initializer: `{ ${api.stateMachines.map((m) => `${quote(m.name)}: ${m.constName}`).join(', ')} } as const` }],
  });
  return [{ path: 'tables/state-machines.ts', contents: printFile('tables/state-machines.ts', statements) }];
}
