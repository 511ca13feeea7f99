/**
 * `release <base>`: the diff of the user's spec from <base> → a changelog entry → the next version (0.x: a breaking
 * change bumps the minor) → the release record → generate → build → pack, for every package. Prints the version,
 * the entry and each tarball's contents. Never publishes: `npm publish <dist>/<tarball>` is left to a person.
 *
 * With --dry-run nothing outside a temporary folder changes: the record is not bumped, and generation, build and
 * pack happen in the temporary folder. With no API change the release is a patch (the generator's output may
 * have changed). Options and exit codes: RELEASE in ./commands.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFor } from '../config/index.ts';
import { findConfig } from '../config/load.ts';
import { GeneratorError } from '../diagnostics.ts';
import { bumpLabel, bumpVersion } from '../diff/bump.ts';
import { prependEntry, renderEntry } from '../diff/changelog.ts';
import { initialVersion } from '../config/types.ts';
import { diffSpecs, loadOptions } from '../diff/specs.ts';
import { revisionOf, workingTreeRevision } from '../diff/revisions.ts';
import { SpecSourceError } from '../diff/source.ts';
import { runPipeline } from '../pipeline.ts';
import { OutputError, writeTree } from '../render/write.ts';
import { buildAll, BuildError } from '../package/compile.ts';
import { readRecord, RECORD_PACKAGES, releaseDir, writeRecord } from '../package/record.ts';
import { DEFAULT_SPEC, modeOf, parseCommand, type Stream } from './args.ts';
import { RELEASE } from './commands.ts';

/** A git base missing from a shallow clone gets a message that says so, not git's. */
function shallowHint(base: string, cwd: string): string | undefined {
  const git = (args: string[]) => spawnSync('git', args, { encoding: 'utf8', cwd });
  const shallow = git(['rev-parse', '--is-shallow-repository']);
  // Without git (spawn error) stdout is null at run time, whatever its type says.
  if (shallow.error || shallow.stdout.trim() !== 'true') return undefined;
  if (git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`]).status === 0) return undefined;
  return `${base} is not in this shallow clone; fetch the history it needs (git fetch --deepen=1, or --unshallow) and run again`;
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  const args = parseCommand(RELEASE, argv, out, err);
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const base = positionals[0]!;
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    err.write(`error[usage]: --date must be YYYY-MM-DD, not ${date}\n`);
    return 2;
  }
  const dry = values['dry-run'] === true;
  const verbose = values.verbose === true;
  const mode = modeOf(values);
  const started = performance.now();
  let last = started;
  /** One progress line per step, on stderr: what was done and how long it took. */
  const progress = (step: string) => {
    const now = performance.now();
    err.write(`  ${step.padEnd(40)} ${((now - last) / 1000).toFixed(1).padStart(6)} s\n`);
    last = now;
  };
  const spec = values.spec ?? DEFAULT_SPEC;
  const config = values.config ?? findConfig(cwd);
  const hint = shallowHint(base, cwd);
  if (hint) {
    err.write(`error[unreadable-spec]: ${hint}\n`);
    return 3;
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'release-'));
  try {
    let input;
    try {
      input = await diffSpecs(base, undefined, cwd, spec, loadOptions(values.config, mode, cwd));
      progress(`diff ${base} → working tree`);
    } catch (error) {
      if (error instanceof SpecSourceError) {
        err.write(`error[unreadable-spec]: ${error.message}\n`);
        return 3;
      }
      throw error;
    }
    const { bump } = input.result.summary;
    const record = releaseDir(config, cwd);
    const settings = configFor(config ? path.resolve(cwd, config) : undefined).config;
    // Before any release, the first version is the config's or the released spec's (info.version).
    const current = readRecord(record, 'client', initialVersion(settings, input.infoVersions?.base)).version;
    // No API change still releases what the generator makes of it now (a rebuild): a patch.
    const version = bumpVersion(current, bump === 'none' ? 'patch' : bump);
    const revisions = { base: revisionOf(base, cwd), head: workingTreeRevision(path.dirname(spec), cwd) };
    const entry =
      bump === 'none'
        ? `## ${version} (${date})\n\nNo API spec changes from ${revisions.base} to ${revisions.head}: the packages rebuilt by the current generator.\n`
        : renderEntry({ version, date, ...input, ...revisions });
    const { summary } = input.result;
    out.write(
      `next version: ${current} → ${version} (${bump === 'none' ? 'no API change: patch' : bumpLabel(bump, current)})\n` +
        `changes: ${summary.breaking} breaking, ${summary.client} client renames, ${summary.compatible} compatible, ${summary.docs} documentation\n` +
        (verbose ? `\nchangelog entry:\n\n${entry}\n` : ''),
    );

    // The dry run writes its record into the temporary folder, so the real one is read but never touched.
    const target = dry ? path.join(work, 'release') : record;
    for (const pkg of RECORD_PACKAGES) {
      const r = readRecord(record, pkg, current);
      writeRecord(target, pkg, { version, changelog: prependEntry(r.changelog, entry) });
    }
    const tree = dry ? path.join(work, 'generated') : path.resolve(cwd, values.out ?? 'generated');
    const dist = dry ? path.join(work, 'dist') : path.resolve(cwd, values.dist ?? 'dist');
    // The record the run reads is the bumped one (the real one, or the dry run's copy).
    const generated = await runPipeline({
      spec: path.resolve(cwd, spec),
      config: { ...settings, release: target },
      ...(mode ? { mode } : {}),
      defaultMode: 'tolerant',
    });
    progress('generate');
    writeTree(tree, generated.files, {
      inputs: [...generated.inputs, ...(config ? [path.resolve(cwd, config)] : [])],
    });
    progress(`write ${path.relative(cwd, tree) || '.'}/`);
    const built = buildAll(tree, dist, (b) => progress(`build ${path.basename(b.dir)} (esm, cjs, types)`));
    for (const b of built) {
      const r = spawnSync('npm', ['pack', '--pack-destination', dist, '--json'], {
        cwd: b.dir,
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`npm pack ${b.dir} failed: ${r.stderr}`);
      const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as {
        filename: string;
        size: number;
        unpackedSize: number;
        files: { path: string; size: number }[];
      }[];
      progress(`npm pack ${path.basename(b.dir)}`);
      out.write(
        `${dry ? 'would publish' : 'packed'} ${info!.filename} (${info!.files.length} files, ${(info!.size / 1024).toFixed(1)} kB packed, ${(info!.unpackedSize / 1024).toFixed(1)} kB unpacked)${dry ? '' : ` in ${path.relative(cwd, dist) || '.'}/`}\n`,
      );
      if (verbose)
        for (const f of info!.files) out.write(`  ${f.path.padEnd(52)} ${String(f.size).padStart(8)} B\n`);
    }
    out.write(
      dry
        ? `dry run: nothing written (${((performance.now() - started) / 1000).toFixed(0)} s); --verbose lists the entry and the files; run without --dry-run to bump, regenerate and pack\n`
        : `release record ${path.relative(cwd, record) || '.'}/ bumped to ${version}; publish with npm publish ${path.relative(cwd, dist) || '.'}/<tarball> (not done here)\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof OutputError) {
      err.write(`error[output]: ${error.message}\n`);
      return 2;
    }
    err.write(
      error instanceof GeneratorError
        ? `${error.format()}\n`
        : `error[release]: ${error instanceof BuildError ? error.message : (error as Error).message}\n`,
    );
    return 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
