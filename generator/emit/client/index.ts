/**
 * The typed client, `generated/client/`: the hand-written core copied from templates/client/core, the operation specs,
 * one resource file per top-level resource, PlatformClient, the webhook helper, the index and a README.
 */
import { releaseFiles } from './release-files.ts';
import type { Api } from '../../ir/types.ts';
import type { GeneratedFile } from '../../diagnostics.ts';
import { emitClientClass, emitIndex, emitOperations, emitWebhooks } from './client-class.ts';
import { coreFiles } from './core-files.ts';
import { emitReadme } from './readme.ts';
import { emitResources } from './resources.ts';

export function emitClient(api: Api): GeneratedFile[] {
  return [...coreFiles(), ...releaseFiles(), emitOperations(api), ...emitResources(api), emitWebhooks(api), emitClientClass(api), emitIndex(), emitReadme(api)];
}
