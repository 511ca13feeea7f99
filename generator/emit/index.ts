import type { Emitter } from './contract.ts';
import { emitClient } from './client/index.ts';
import { emitDocs } from './docs/index.ts';
import { emitEmulator } from './emulator/index.ts';
import { emitEnums } from './enums.ts';
import { emitProtocol } from './protocol.ts';
import { emitStateMachines } from './state-machines.ts';
import { emitTypes } from './types/index.ts';
import { emitServer } from './server/index.ts';
import { emitValidators } from './validators/index.ts';

export type { Emitter, GeneratedFile } from './contract.ts';

export const EMITTERS: readonly Emitter[] = [
  { name: 'types', emit: emitTypes },
  { name: 'client', emit: emitClient },
  { name: 'protocol', emit: emitProtocol },
  { name: 'enums', emit: emitEnums },
  { name: 'state-machines', emit: emitStateMachines },
  { name: 'validators', emit: emitValidators },
  { name: 'server', emit: emitServer },
  { name: 'docs', emit: emitDocs },
  { name: 'emulator', emit: emitEmulator },
];
