/**
 * The release record: for each package, `<release>/<package>/package.json` (its `version`) and `CHANGELOG.md`,
 * in the folder the config's `release` key names (default `release/` beside the config, or in the working
 * directory when there is none). `changelog` and `release` write it; every `generate` reads it, so a
 * regeneration keeps the version and the entries. A missing record is the first version (the config's
 * `publish.initialVersion`, else the spec's `info.version` when semver, else 0.1.0).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configFor } from '../config/index.ts';
import { readTemplate } from '../emit/templates.ts';

export const RECORD_PACKAGES = ['client', 'server'] as const;
export type RecordPackage = (typeof RECORD_PACKAGES)[number];

/** The record's folder for a run with this config file (or none). */
export function releaseDir(config: string | undefined, cwd = process.cwd()): string {
  if (config) {
    const own = configFor(path.resolve(cwd, config)).config.release;
    if (own) return own;
    return path.join(path.dirname(path.resolve(cwd, config)), 'release');
  }
  return path.join(cwd, 'release');
}

export interface Record {
  version: string;
  changelog: string;
}

/** A package's record; without one, `initial` (the config's or the spec's first version), else 0.1.0. */
export function readRecord(dir: string, pkg: RecordPackage, initial?: string): Record {
  const json = path.join(dir, pkg, 'package.json');
  const log = path.join(dir, pkg, 'CHANGELOG.md');
  const parsed = JSON.parse(
    existsSync(json) ? readFileSync(json, 'utf8') : readTemplate(`${pkg}/release/package.json`),
  ) as { version?: unknown };
  return {
    version:
      !existsSync(json) && initial ? initial : typeof parsed.version === 'string' ? parsed.version : '0.1.0',
    changelog: existsSync(log) ? readFileSync(log, 'utf8') : readTemplate(`${pkg}/release/CHANGELOG.md`),
  };
}

export function writeRecord(dir: string, pkg: RecordPackage, record: Record): void {
  const json = path.join(dir, pkg, 'package.json');
  mkdirSync(path.dirname(json), { recursive: true });
  const previous = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as object) : {};
  writeFileSync(json, `${JSON.stringify({ ...previous, version: record.version }, null, 2)}\n`);
  writeFileSync(path.join(dir, pkg, 'CHANGELOG.md'), record.changelog);
}
