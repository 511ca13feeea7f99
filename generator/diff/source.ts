/**
 * Where a spec version comes from: a file path, or a git revision of `spec/` materialised into a temporary
 * directory with `git archive` (so multi-file specs resolve their relative `$ref`s as in the working tree).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SpecSource {
  /** Root document to load. */
  file: string;
  /** How to name it in output. */
  label: string;
  /** Removes the temporary checkout, if any. */
  dispose(): void;
}

export class SpecSourceError extends Error {}

/**
 * `ref` is a path (a root YAML file, or a directory holding `openapi.yaml`) or a git revision. `specDir` is the
 * spec folder inside the repository (default `spec`), `root` the root document's name in it.
 */
export function resolveSpec(
  ref: string,
  options: { cwd?: string; specDir?: string; root?: string } = {},
): SpecSource {
  const cwd = options.cwd ?? process.cwd();
  const specDir = options.specDir ?? 'spec';
  const root = options.root ?? 'openapi.yaml';
  const asPath = path.resolve(cwd, ref);
  if (existsSync(asPath)) {
    const file = statSync(asPath).isDirectory() ? path.join(asPath, root) : asPath;
    return { file, label: ref, dispose: () => {} };
  }
  return fromGit(ref, cwd, specDir, root);
}

function run(cmd: string, args: string[], cwd: string, input?: Buffer): Buffer {
  const r = spawnSync(cmd, args, { cwd, input, maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new SpecSourceError(`${cmd} could not run: ${r.error.message}`);
  if (r.status !== 0)
    throw new SpecSourceError(`${cmd} ${args.join(' ')} failed: ${r.stderr.toString().trim()}`);
  return r.stdout;
}

function fromGit(rev: string, cwd: string, specDir: string, root: string): SpecSource {
  if (rev.startsWith('-')) throw new SpecSourceError(`not a file or git revision: ${rev}`);
  let top: string;
  try {
    top = run('git', ['rev-parse', '--show-toplevel'], cwd).toString().trim();
  } catch {
    throw new SpecSourceError(`${rev} is not a file, and ${cwd} is not in a git repository`);
  }
  const prefix = path.relative(top, path.resolve(cwd, specDir)).split(path.sep).join('/');
  try {
    run('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], top);
  } catch {
    throw new SpecSourceError(`${rev} is neither a file nor a git revision`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'spec-diff-'));
  try {
    const tar = run('git', ['archive', '--format=tar', rev, '--', prefix || '.'], top);
    run('tar', ['-x', '-C', dir], dir, tar);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error instanceof SpecSourceError
      ? new SpecSourceError(`cannot read ${prefix}/ at ${rev}: ${error.message}`)
      : error;
  }
  const file = path.join(dir, prefix, root);
  if (!existsSync(file)) {
    rmSync(dir, { recursive: true, force: true });
    throw new SpecSourceError(`${prefix}/${root} does not exist at ${rev}`);
  }
  return { file, label: rev, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
