// Copied by platform-api-codegen from its runtime (templates/emulator/ids.ts). Do not edit: every generation replaces it.
/** New ids: the spec's prefix where it shows one (`evt_...`), else the item's `object` value, then 24 hex digits. */
import { randomBytes } from 'node:crypto';

export function newId(prefix: string | undefined, object: string | undefined): string {
  const stem = prefix ?? (object ? `${object.replace(/[^A-Za-z0-9]+/g, '_')}_` : '');
  return `${stem}${randomBytes(12).toString('hex')}`;
}
