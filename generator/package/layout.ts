/**
 * The packages we ship and what each embeds so that its folder is self-contained: `client/` carries a copy of
 * the types (and the enums they name); `server/` carries the validators, types and tables it imports. An
 * embedded copy keeps its relative layout, so its own imports stay valid; only the package's imports of the
 * shared outputs are pointed at the copy (`../types/x.js` → `./types/x.js`).
 */
export interface PackageLayout {
  /** The emitter whose output is the package. */
  emitter: string;
  /** Folder of the package in the output, with a trailing `/`. */
  root: string;
  /** Output folders or files (relative to the output root) copied under `root`. */
  embeds: string[];
  /** Emitters that produce what `embeds` names: run even when `--only` leaves them out. */
  needs: string[];
}

export const PACKAGES: readonly PackageLayout[] = [
  { emitter: 'client', root: 'client/', embeds: ['types/', 'tables/enums.ts'], needs: ['types', 'enums'] },
  { emitter: 'server', root: 'server/', embeds: ['validators/', 'types/', 'tables/'], needs: ['validators', 'types', 'enums', 'state-machines'] },
];
