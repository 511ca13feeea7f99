/**
 * `generated/tables/state-machines.ts`: each machine as data, typed by its own state union, plus
 * `nextState(machine, from, operationId)` and `allowed(machine, operationId, state)`.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api, StateMachine } from '../ir/types.ts';
import { readTemplate } from '../render/templates.ts';
import type { GeneratedFile } from '../diagnostics.ts';
import { printFile } from './ts/project.ts';
import { quote } from './ts/literal.ts';

// The template's own header comment describes the template, not the output.
const RUNTIME = readTemplate('tables/state-machine-runtime.ts').replace(/^\/\*\*[\s\S]*?\*\/\n/, '');

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
  const statements: (string | StatementStructures)[] = [RUNTIME.trim()];
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
      docs: [`The \`${m.name}\` state machine${m.complete ? '' : ' (incomplete: not every transition is documented)'}.`],
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
