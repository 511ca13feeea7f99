/**
 * `generated/tables/state-machines.ts`: each machine as data, typed by its own state union, plus
 * `nextState(machine, from, operationId)` and `allowed(machine, operationId, state)`.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../ir/api.ts';
import type { StateMachine } from '../ir/state-machine.ts';
import { readTemplate } from './templates.ts';
import type { GeneratedFile } from './contract.ts';
import { printFile } from './ts/project.ts';
import { dataLiteral, quote, ref, type Data } from './ts/literal.ts';

// The runtime's header comment describes the module it opens, in the template and in the output alike.
const RUNTIME = readTemplate('tables/state-machine-runtime.ts');

/** A machine as the data its `StateMachine` constant holds. */
function machineData(m: StateMachine): Data {
  return {
    name: m.name,
    schema: m.schema,
    property: m.property,
    states: m.states,
    initialStates: m.initialStates,
    transitions: m.transitions.map((t) => ({
      from: t.from,
      to: t.to,
      on:
        t.on.kind === 'operation'
          ? { kind: 'operation', operationId: t.on.operationId }
          : { kind: 'time', after: t.on.after, seconds: t.on.seconds, bound: t.on.bound },
      condition: t.condition || undefined,
      effects: t.effects || undefined,
    })),
    guards: m.guards.map((g) => ({
      operationId: g.operationId,
      target:
        g.target.in === 'path'
          ? { in: 'path', name: g.target.name }
          : { in: 'body', pointer: g.target.pointer },
      states: g.states,
    })),
    complete: m.complete,
  };
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
      docs: [
        `The \`${m.name}\` state machine${m.complete ? '' : ' (incomplete: not every transition is documented)'}.`,
      ],
      declarations: [
        {
          name: m.constName,
          type: `StateMachine<${m.typeName}>`,
          initializer: dataLiteral(machineData(m), { expand: true }),
        },
      ],
    });
  }
  statements.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Every machine by name.'],
    declarations: [
      {
        name: 'stateMachines',
        initializer: `${dataLiteral(new Map(api.stateMachines.map((m) => [m.name, ref(m.constName)])))} as const`,
      },
    ],
  });
  return [{ path: 'tables/state-machines.ts', contents: printFile('tables/state-machines.ts', statements) }];
}
