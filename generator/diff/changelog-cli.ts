/**
 * `changelog <base> [<head>] [--package FILE] [--changelog FILE] [--date YYYY-MM-DD] [--dry-run]`: diffs the
 * spec versions, prepends an entry to the client's CHANGELOG.md and bumps the version in its package.json.
 * Exit codes: 0 done (or nothing to do); 2 usage error; 3 a spec version or the package.json cannot be read.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bumpVersion, prependEntry, renderEntry } from './changelog.ts';
import { diffSpecs } from './cli.ts';
import { revisionOf, workingTreeRevision } from './revisions.ts';
import { SpecSourceError } from './source.ts';
import type { RenderInput } from './render.ts';

export const CHANGELOG_EXIT = { ok: 0, usage: 2, unreadable: 3 } as const;
// The release record lives outside generated/ (a regeneration replaces that tree) and is copied into it.
export const DEFAULT_PACKAGE = 'templates/client/release/package.json';

const USAGE = `usage: npm run changelog -- <base> [<head>] [--package FILE] [--changelog FILE] [--date YYYY-MM-DD] [--dry-run]
  <base>, <head>     as for npm run diff (head defaults to the working tree)
  --package FILE     the generated client's package.json whose version is bumped (default ${DEFAULT_PACKAGE})
  --changelog FILE   the changelog to prepend to (default CHANGELOG.md beside the package.json)
  --date DATE        date of the entry (default today, UTC)
  --dry-run          print the entry and the new version; write nothing
exit codes: 0 done or nothing to do, 2 usage error, 3 a spec version or the package.json cannot be read`;

interface Stream {
  write(s: string): unknown;
}

export async function main(argv: string[], out: Stream = process.stdout, err: Stream = process.stderr, cwd = process.cwd()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { package: { type: 'string' }, changelog: { type: 'string' }, date: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
  } catch (error) {
    err.write(`error[usage]: ${(error as Error).message}\n${USAGE}\n`);
    return CHANGELOG_EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.write(`${USAGE}\n`);
    return CHANGELOG_EXIT.ok;
  }
  if (positionals.length < 1 || positionals.length > 2) {
    err.write(`error[usage]: expected <base> [<head>], got ${positionals.length} arguments\n${USAGE}\n`);
    return CHANGELOG_EXIT.usage;
  }
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    err.write(`error[usage]: --date must be YYYY-MM-DD, not ${date}\n`);
    return CHANGELOG_EXIT.usage;
  }
  const pkgPath = path.resolve(cwd, values.package ?? DEFAULT_PACKAGE);
  const logPath = path.resolve(cwd, values.changelog ?? path.join(path.dirname(pkgPath), 'CHANGELOG.md'));
  let pkg: Record<string, unknown> & { version?: unknown };
  try {
    pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as typeof pkg;
  } catch (error) {
    err.write(`error[unreadable-package]: cannot read ${path.relative(cwd, pkgPath)}: ${(error as Error).message.split('\n')[0]}\n`);
    return CHANGELOG_EXIT.unreadable;
  }
  const current = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  let input: RenderInput;
  try {
    input = await diffSpecs(positionals[0]!, positionals[1] ?? 'spec/openapi.yaml', cwd);
  } catch (error) {
    if (error instanceof SpecSourceError) {
      err.write(`error[unreadable-spec]: ${error.message}\n`);
      return CHANGELOG_EXIT.unreadable;
    }
    throw error;
  }
  const { bump } = input.result.summary;
  if (bump === 'none') {
    out.write(`no API changes between ${input.base} and ${input.head}; ${path.relative(cwd, pkgPath)} stays at ${current}\n`);
    return CHANGELOG_EXIT.ok;
  }
  let version: string;
  try {
    version = bumpVersion(current, bump);
  } catch (error) {
    err.write(`error[unreadable-package]: ${path.relative(cwd, pkgPath)}: ${(error as Error).message}\n`);
    return CHANGELOG_EXIT.unreadable;
  }
  const head = positionals[1];
  const entry = renderEntry({ version, date, ...input, base: revisionOf(positionals[0]!, cwd), head: head === undefined ? workingTreeRevision('spec', cwd) : revisionOf(head, cwd) });
  if (values['dry-run']) {
    out.write(`${current} → ${version} (${bump})\n\n${entry}`);
    return CHANGELOG_EXIT.ok;
  }
  writeFileSync(logPath, prependEntry(existsSync(logPath) ? readFileSync(logPath, 'utf8') : '', entry));
  writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
  out.write(`${path.relative(cwd, pkgPath)}: ${current} → ${version} (${bump}); entry added to ${path.relative(cwd, logPath)}\n`);
  return CHANGELOG_EXIT.ok;
}
