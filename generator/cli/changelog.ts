/**
 * `changelog <base> [<head>] [--spec FILE] [--config FILE] [--date YYYY-MM-DD] [--dry-run]`: diffs the spec
 * versions, prepends an entry to each package's CHANGELOG.md and bumps its version, in the release record (the
 * config's `release` folder, which every `generate` reads). `--package FILE` [`--changelog FILE`] updates one
 * package.json (and its changelog) instead.
 * Exit codes: 0 done (or nothing to do); 2 usage error; 3 a spec version or the package.json cannot be read.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findConfig } from '../config/load.ts';
import { GeneratorError } from '../diagnostics.ts';
import { readRecord, RECORD_PACKAGES, releaseDir, writeRecord } from '../package/record.ts';
import { bumpLabel, bumpVersion, prependEntry, renderEntry } from '../diff/changelog.ts';
import { DEFAULT_SPEC, diffSpecs } from '../diff/specs.ts';
import { revisionOf, workingTreeRevision } from '../diff/revisions.ts';
import { SpecSourceError } from '../diff/source.ts';
import type { RenderInput } from '../diff/render.ts';

export const CHANGELOG_EXIT = { ok: 0, usage: 2, unreadable: 3 } as const;

export const USAGE = `usage: platform-api-codegen changelog <base> [<head>] [--spec openapi.yaml] [--config FILE] [--date YYYY-MM-DD] [--dry-run]
  <base>, <head>     as for diff (head defaults to the --spec file in the working tree)
  --spec FILE        the spec (default openapi.yaml)
  --config FILE      codegen config (default codegen.config.json in the working directory): its "release" key
                     names the release record's folder (default release/ beside the config), where each
                     package's version (<release>/<package>/package.json) and CHANGELOG.md live; every
                     generate reads them, so the version and the entries survive regeneration
  --package FILE     bump this one package.json instead of the release record
  --changelog FILE   with --package: the changelog to prepend to (default CHANGELOG.md beside it)
  --date DATE        date of the entry (default today, UTC)
  --dry-run          print the entry and the new version; write nothing
exit codes: 0 done or nothing to do, 2 usage error, 3 a spec version or the package.json cannot be read`;

interface Stream {
  write(s: string): unknown;
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        package: { type: 'string' },
        changelog: { type: 'string' },
        spec: { type: 'string' },
        config: { type: 'string' },
        date: { type: 'string' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
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
  const spec = values.spec ?? DEFAULT_SPEC;
  // The targets: one package.json (--package), or every package of the release record.
  let targets: { label: string; version: string; write: (version: string, entry: string) => void }[];
  try {
    targets =
      values.package === undefined
        ? recordTargets(values.config ?? findConfig(cwd), cwd)
        : [fileTarget(path.resolve(cwd, values.package), values.changelog, cwd)];
  } catch (error) {
    const message =
      error instanceof GeneratorError
        ? error.format()
        : `error[unreadable-package]: ${(error as Error).message.split('\n')[0]}`;
    err.write(`${message}\n`);
    return CHANGELOG_EXIT.unreadable;
  }
  let input: RenderInput;
  try {
    input = await diffSpecs(positionals[0]!, positionals[1], cwd, spec);
  } catch (error) {
    if (error instanceof SpecSourceError) {
      err.write(`error[unreadable-spec]: ${error.message}\n`);
      return CHANGELOG_EXIT.unreadable;
    }
    throw error;
  }
  const { bump } = input.result.summary;
  if (bump === 'none') {
    out.write(
      `no API changes between ${input.base} and ${input.head}; ${targets.map((t) => `${t.label} stays at ${t.version}`).join(', ')}\n`,
    );
    return CHANGELOG_EXIT.ok;
  }
  const head = positionals[1];
  const revisions = {
    base: revisionOf(positionals[0]!, cwd),
    head: head === undefined ? workingTreeRevision(path.dirname(spec), cwd) : revisionOf(head, cwd),
  };
  for (const target of targets) {
    let version: string;
    try {
      version = bumpVersion(target.version, bump);
    } catch (error) {
      err.write(`error[unreadable-package]: ${target.label}: ${(error as Error).message}\n`);
      return CHANGELOG_EXIT.unreadable;
    }
    const entry = renderEntry({ version, date, ...input, ...revisions });
    const label = `${bumpLabel(target.version, bump)}`;
    if (values['dry-run']) {
      out.write(`${target.label}: ${target.version} → ${version} (${label})\n\n${entry}\n`);
      continue;
    }
    target.write(version, entry);
    out.write(`${target.label}: ${target.version} → ${version} (${label}); entry added\n`);
  }
  return CHANGELOG_EXIT.ok;
}

function recordTargets(config: string | undefined, cwd: string) {
  const dir = releaseDir(config, cwd);
  return RECORD_PACKAGES.map((pkg) => {
    const record = readRecord(dir, pkg);
    return {
      label: path.relative(cwd, path.join(dir, pkg)) || '.',
      version: record.version,
      write: (version: string, entry: string) =>
        writeRecord(dir, pkg, { version, changelog: prependEntry(record.changelog, entry) }),
    };
  });
}

function fileTarget(pkgPath: string, changelog: string | undefined, cwd: string) {
  const logPath = path.resolve(cwd, changelog ?? path.join(path.dirname(pkgPath), 'CHANGELOG.md'));
  let pkg: Record<string, unknown> & { version?: unknown };
  try {
    pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as typeof pkg;
  } catch (error) {
    throw new Error(`cannot read ${path.relative(cwd, pkgPath)}: ${(error as Error).message.split('\n')[0]}`);
  }
  return {
    label: path.relative(cwd, pkgPath),
    version: typeof pkg.version === 'string' ? pkg.version : '0.0.0',
    write: (version: string, entry: string) => {
      writeFileSync(logPath, prependEntry(existsSync(logPath) ? readFileSync(logPath, 'utf8') : '', entry));
      writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
    },
  };
}
