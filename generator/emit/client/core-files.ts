/** The hand-written core (templates/client/core/*.ts), copied verbatim into `client/core/` under the banner. */
import { verbatimFolder } from '../templates.ts';
import type { GeneratedFile } from '../contract.ts';

export function coreFiles(): GeneratedFile[] {
  // brand.ts holds the config's defaults; the client emitter writes the config's values in its place.
  return verbatimFolder('client/core', ['brand.ts']);
}
