/**
 * `npm run release -- <base> [--dry-run] [--date YYYY-MM-DD]`: the spec diff from <base> to the working tree →
 * a changelog entry → the next version (0.x: a breaking change bumps the minor) → generate → build → pack, for
 * every package (client, server). Prints the next version, the entry and each tarball's contents. Never
 * publishes: `npm publish dist/<name>-<version>.tgz` is left to a person.
 *
 * The entry names base and head as revisions: the base's commit id, and the head's commit id when spec/ has no
 * uncommitted change, else a sha256 digest of the working tree's spec files.
 * With --dry-run nothing in the repository changes: generation, build and pack happen in a temporary folder.
 * With no API change the release is a patch (the generator's output may have changed).
 * Exit codes: 0 done; 1 generation or build failed; 2 usage; 3 the base cannot be read.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prependEntry, bumpVersion, renderEntry } from '../../generator/diff/changelog.ts';
import { diffSpecs } from '../../generator/diff/cli.ts';
import { revisionOf, workingTreeRevision } from '../../generator/diff/revisions.ts';
import { SpecSourceError } from '../../generator/diff/source.ts';
import { GeneratorError } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import { buildAll, PACKAGES } from './build.ts';

const USAGE = `usage: npm run release -- <base> [--dry-run] [--date YYYY-MM-DD]
  <base>      the released spec: a git revision (HEAD~1, a tag) or a file or folder
  --dry-run   change nothing in the repository: print the version, the entry and the tarball contents
  --date      date of the entry (default today, UTC)
exit codes: 0 done, 1 generation or build failed, 2 usage, 3 the base cannot be read`;

const SPEC = 'spec/openapi.yaml';
const CONFIG = 'codegen.config.json';
const git = (args: string[]) => spawnSync('git', args, { encoding: 'utf8' });

/** A git base missing from a shallow clone gets a message that says so, not git's. */
function shallowHint(base: string): string | undefined {
  if (git(['rev-parse', '--is-shallow-repository']).stdout.trim() !== 'true') return undefined;
  if (git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`]).status === 0) return undefined;
  return `${base} is not in this shallow clone; fetch the history it needs (git fetch --deepen=1, or --unshallow) and run again`;
}

interface Stream {
  write(s: string): unknown;
}

export async function main(argv: string[], out: Stream = process.stdout, err: Stream = process.stderr): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { 'dry-run': { type: 'boolean' }, date: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  } catch (error) {
    err.write(`error[usage]: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) return out.write(`${USAGE}\n`), 0;
  if (positionals.length !== 1) {
    err.write(`error[usage]: expected one <base>, got ${positionals.length}\n${USAGE}\n`);
    return 2;
  }
  const base = positionals[0]!;
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    err.write(`error[usage]: --date must be YYYY-MM-DD, not ${date}\n`);
    return 2;
  }
  const dry = values['dry-run'] === true;
  const hint = shallowHint(base);
  if (hint) {
    err.write(`error[unreadable-spec]: ${hint}\n`);
    return 3;
  }
  let input;
  try {
    input = await diffSpecs(base, SPEC);
  } catch (error) {
    if (error instanceof SpecSourceError) {
      err.write(`error[unreadable-spec]: ${error.message}\n`);
      return 3;
    }
    throw error;
  }
  const { bump } = input.result.summary;
  const records = PACKAGES.map((name) => ({ name, pkg: `templates/${name}/release/package.json`, log: `templates/${name}/release/CHANGELOG.md` }));
  const current = (JSON.parse(readFileSync(records[0]!.pkg, 'utf8')) as { version: string }).version;
  // No API change still releases what the generator makes of it now (a rebuild): a patch.
  const version = bumpVersion(current, bump === 'none' ? 'patch' : bump);
  const revisions = { base: revisionOf(base), head: workingTreeRevision() };
  const entry =
    bump === 'none'
      ? `## ${version} (${date})\n\nNo API spec changes from ${revisions.base} to ${revisions.head}: the packages rebuilt by the current generator.\n`
      : renderEntry({ version, date, ...input, ...revisions });
  out.write(`next version: ${current} → ${version} (${bump === 'none' ? 'no API change: patch' : bump}${current.startsWith('0.') && bump === 'major' ? '; 0.x: breaking bumps the minor' : ''})\n\nchangelog entry:\n\n${entry}\n`);

  const work = mkdtempSync(path.join(os.tmpdir(), 'release-'));
  try {
    if (!dry) {
      for (const r of records) {
        const pkg = JSON.parse(readFileSync(r.pkg, 'utf8')) as Record<string, unknown>;
        writeFileSync(r.pkg, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
        writeFileSync(r.log, prependEntry(readFileSync(r.log, 'utf8'), entry));
      }
    }
    const tree = dry ? path.join(work, 'generated') : 'generated';
    const result = await runPipeline({ spec: SPEC, config: CONFIG });
    if (dry) {
      // The release record is not touched: the next version and entry go into the temporary tree only.
      for (const f of result.files) {
        if (PACKAGES.some((p) => f.path === `${p}/package.json`)) f.contents = `${JSON.stringify({ ...(JSON.parse(f.contents) as object), version }, null, 2)}\n`;
        if (PACKAGES.some((p) => f.path === `${p}/CHANGELOG.md`)) f.contents = prependEntry(f.contents, entry);
      }
    }
    writeTree(tree, result.files);
    const built = await buildAll(tree, dry ? path.join(work, 'dist') : 'dist');
    for (const b of built) {
      const dest = dry ? work : 'dist';
      const r = spawnSync('npm', ['pack', '--pack-destination', path.resolve(dest), '--json'], { cwd: b.dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`npm pack ${b.dir} failed: ${r.stderr}`);
      const [info] = JSON.parse(r.stdout) as { filename: string; size: number; unpackedSize: number; files: { path: string; size: number }[] }[];
      out.write(`${dry ? 'would publish' : 'packed'} ${info!.filename} (${info!.files.length} files, ${(info!.size / 1024).toFixed(1)} kB packed, ${(info!.unpackedSize / 1024).toFixed(1)} kB unpacked)${dry ? '' : ` in dist/`}\n`);
      for (const f of info!.files) out.write(`  ${f.path.padEnd(52)} ${String(f.size).padStart(8)} B\n`);
    }
    out.write(dry ? `dry run: nothing written; run without --dry-run to bump, regenerate and pack\n` : `release record bumped to ${version}; publish with npm publish dist/<tarball> (not done here)\n`);
    return 0;
  } catch (error) {
    err.write(error instanceof GeneratorError ? `${error.format()}\n` : `error[release]: ${(error as Error).message}\n`);
    return 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
