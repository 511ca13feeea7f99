/** The check pass: state machines against their schemas and operations (it decides nothing, it refuses). */
import { describe, expect, it } from 'vitest';
import {
  parameter,
  parsedApi,
  parsedMachine,
  parsedOperation,
  parsedSchema,
  t,
} from '../helpers/model-factory.ts';
import type { ParsedStateMachine } from '../../generator/ir/state-machine.ts';
import { checkIr } from '../../generator/passes/check.ts';
import { locate } from './helpers.ts';

const job = t.object({ id: t.string(), status: t.enum(['queued', 'done']) });
const check = (m: Partial<ParsedStateMachine>) => () =>
  checkIr(
    parsedApi({
      schemas: [parsedSchema('Job', job)],
      operations: [
        parsedOperation('cancelJob', 'post', '/jobs/{id}/cancel', { parameters: [parameter('id', 'path')] }),
      ],
      stateMachines: [parsedMachine('job', { schema: 'Job', states: ['queued', 'done'], ...m })],
    }),
    locate,
  );

describe('checkIr', () => {
  it('accepts a machine whose states are its property enum', () => {
    expect(
      check({
        guards: [{ operationId: 'cancelJob', target: { in: 'path', name: 'id' }, states: ['queued'] }],
      }),
    ).not.toThrow();
  });

  it.each([
    ['a missing schema', { schema: 'Nope' }, "state machine 'job': schema 'Nope' does not exist"],
    [
      'states that differ from the enum',
      { states: ['queued'] },
      'states differ from the enum of Job.status; missing: done',
    ],
    [
      'an unknown state in a transition',
      { transitions: [{ from: 'queued', to: 'gone', on: { kind: 'operation', operationId: 'cancelJob' } }] },
      "transition uses unknown state 'gone'",
    ],
    [
      'a guard on a path parameter the operation lacks',
      { guards: [{ operationId: 'cancelJob', target: { in: 'path', name: 'job_id' }, states: ['queued'] }] },
      "targets path parameter 'job_id'",
    ],
  ] as [string, Partial<ParsedStateMachine>, string][])('refuses %s', (_, m, message) => {
    expect(check(m)).toThrow(message);
  });
});
