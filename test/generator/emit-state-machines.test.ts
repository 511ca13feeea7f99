/** The state-machine emitter on IR built with the factory, and the generated helpers' behaviour. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emitStateMachines } from '../../generator/emit/state-machines.ts';
import { api, machine } from '../helpers/model-factory.ts';
import { formatFiles } from '../../generator/render/format.ts';

const job = machine('job', {
  states: ['queued', 'running', 'cancelling', 'cancelled'],
  initialStates: ['queued'],
  transitions: [
    { from: null, to: 'queued', on: { kind: 'operation', operationId: 'createJob' } },
    {
      from: 'running',
      to: 'cancelling',
      on: { kind: 'operation', operationId: 'cancelJob' },
      condition: 'Job is running',
    },
    {
      from: 'cancelling',
      to: 'cancelled',
      on: { kind: 'time', after: 'PT10M', seconds: 600, bound: 'at_most' },
    },
  ],
  guards: [{ operationId: 'deleteJob', target: { in: 'path', name: 'job_id' }, states: ['cancelled'] }],
});

describe('state machine emitter', () => {
  it('emits typed data and working nextState/allowed helpers', async () => {
    const [file] = await formatFiles(emitStateMachines(api({ stateMachines: [job] })));
    expect(file!.path).toBe('tables/state-machines.ts');
    expect(file!.contents).toContain(
      "export type JobState = 'queued' | 'running' | 'cancelling' | 'cancelled';",
    );
    expect(file!.contents).toContain('export const jobMachine: StateMachine<JobState> = {');
    // Run the emitted module: strip types with the TypeScript compiler and import it.
    const ts = await import('typescript');
    const js = ts.transpileModule(file!.contents, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-sm-'));
    writeFileSync(path.join(dir, 'sm.mjs'), js);
    const mod = await import(pathToFileURL(path.join(dir, 'sm.mjs')).href);
    expect(mod.nextState(mod.jobMachine, null, 'createJob')).toBe('queued');
    expect(mod.nextState(mod.jobMachine, 'running', 'cancelJob')).toBe('cancelling');
    expect(mod.nextState(mod.jobMachine, 'queued', 'cancelJob')).toBeUndefined();
    expect(mod.allowed(mod.jobMachine, 'cancelJob', 'running')).toBe(true);
    expect(mod.allowed(mod.jobMachine, 'cancelJob', 'queued')).toBe(false);
    expect(mod.allowed(mod.jobMachine, 'deleteJob', 'cancelled')).toBe(true);
    expect(mod.allowed(mod.jobMachine, 'deleteJob', 'running')).toBe(false);
    expect(mod.allowed(mod.jobMachine, 'someOtherOp', 'running')).toBe(true);
    expect(mod.stateMachines.job).toBe(mod.jobMachine);
  });
});
