/**
 * The hand-written runtime (templates/client/): `core/`, the public face users import, and `internal/`, the transport
 * the package's index never exports; both copied verbatim under the banner.
 */
import { verbatimFolder } from '../templates.ts';
import type { GeneratedFile } from '../contract.ts';

export function coreFiles(): GeneratedFile[] {
  // brand.ts holds the config's defaults; the client emitter writes the config's values in its place.
  return verbatimFolder('client', ['internal/brand.ts']);
}
