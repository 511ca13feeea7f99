/**
 * `changelog <base> [<head>]`: diffs the spec versions, prepends an entry to each package's CHANGELOG.md and bumps
 * its version, in the release record (the config's `release` folder, which every `generate` reads); `--package`
 * updates one package.json (and its changelog) instead. Options and exit codes: CHANGELOG in ./commands.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configFor } from '../config/index.ts';
import { findConfig } from '../config/load.ts';
import { initialVersion } from '../config/types.ts';
import { GeneratorError } from '../diagnostics.ts';
import { readRecord, RECORD_PACKAGES, releaseDir, writeRecord } from '../package/record.ts';
import { bumpLabel, bumpVersion } from '../diff/bump.ts';
import { prependEntry, renderEntry } from '../diff/changelog.ts';
import { diffSpecs, loadOptions } from '../diff/specs.ts';
import { DEFAULT_SPEC, EXIT, modeOf, parseCommand, type Stream } from './args.ts';
import { CHANGELOG } from './commands.ts';
import { revisionOf, workingTreeRevision } from '../diff/revisions.ts';
import { SpecSourceError } from '../diff/source.ts';
import type { RenderInput } from '../diff/render.ts';

export const CHANGELOG_EXIT = { ok: EXIT.ok, usage: EXIT.usage, unreadable: 3 } as const;

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  const args = parseCommand(CHANGELOG, argv, out, err);
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    err.write(`error[usage]: --date must be YYYY-MM-DD, not ${date}\n`);
    return CHANGELOG_EXIT.usage;
  }
  const spec = values.spec ?? DEFAULT_SPEC;
  // The targets: one package.json (--package), or every package of the release record (whose first version, before
  // any release, is the config's or the released spec's: known once the diff has read it).
  const config = values.config ?? findConfig(cwd);
  const targetsFor = (infoVersion: string | undefined) =>
    values.package === undefined
      ? recordTargets(config, cwd, infoVersion)
      : [fileTarget(path.resolve(cwd, values.package), values.changelog, cwd)];
  const unreadable = (error: unknown) => {
    err.write(
      `${error instanceof GeneratorError ? error.format() : `error[unreadable-package]: ${(error as Error).message.split('\n')[0]}`}\n`,
    );
    return CHANGELOG_EXIT.unreadable;
  };
  try {
    targetsFor(undefined);
  } catch (error) {
    return unreadable(error);
  }
  let input: RenderInput;
  try {
    input = await diffSpecs(
      positionals[0]!,
      positionals[1],
      cwd,
      spec,
      loadOptions(values.config, modeOf(values), cwd),
    );
  } catch (error) {
    if (error instanceof SpecSourceError) {
      err.write(`error[unreadable-spec]: ${error.message}\n`);
      return CHANGELOG_EXIT.unreadable;
    }
    throw error;
  }
  let targets: ReturnType<typeof targetsFor>;
  try {
    targets = targetsFor(input.infoVersions?.base);
  } catch (error) {
    return unreadable(error);
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
    const label = bumpLabel(bump, target.version);
    if (values['dry-run']) {
      out.write(`${target.label}: ${target.version} → ${version} (${label})\n\n${entry}\n`);
      continue;
    }
    target.write(version, entry);
    out.write(`${target.label}: ${target.version} → ${version} (${label}); entry added\n`);
  }
  return CHANGELOG_EXIT.ok;
}

function recordTargets(config: string | undefined, cwd: string, infoVersion: string | undefined) {
  const dir = releaseDir(config, cwd);
  const settings = configFor(config ? path.resolve(cwd, config) : undefined).config;
  return RECORD_PACKAGES.map((pkg) => {
    const record = readRecord(dir, pkg, initialVersion(settings, infoVersion));
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
