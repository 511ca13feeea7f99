/**
 * Names a spec version as a revision for changelog entries: a git revision by its commit id, a file or folder
 * by the sha256 of its contents, and the working tree's spec by HEAD's commit id when spec/ has no uncommitted
 * change, else by the digest of its files. A changelog entry then says exactly what it compares.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const git = (args: string[], cwd: string) => spawnSync('git', args, { cwd, encoding: 'utf8' });

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

function digest(target: string): string {
  const hash = createHash('sha256');
  const list = statSync(target).isDirectory() ? files(target) : [target];
  for (const f of list) hash.update(path.relative(target, f)).update('\0').update(readFileSync(f));
  return `sha256:${hash.digest('hex').slice(0, 16)}`;
}

/** `<commit id> (<ref>)` or `sha256:<digest> (<path>)`. */
export function revisionOf(ref: string, cwd = process.cwd()): string {
  const asPath = path.resolve(cwd, ref);
  if (existsSync(asPath)) return `${digest(asPath)} (${ref})`;
  const r = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd);
  return r.status === 0 ? `${r.stdout.trim()} (${ref})` : ref;
}

/** The working tree's `specDir`: HEAD's commit id when it has no uncommitted change, else its digest. */
export function workingTreeRevision(specDir = 'spec', cwd = process.cwd()): string {
  const head = git(['rev-parse', 'HEAD'], cwd);
  const clean =
    git(['diff', '--quiet', 'HEAD', '--', specDir], cwd).status === 0 &&
    !git(['ls-files', '--others', '--exclude-standard', specDir], cwd).stdout.trim();
  if (head.status === 0 && clean) return head.stdout.trim();
  return `${digest(path.resolve(cwd, specDir))} (working tree${head.status === 0 ? ` on ${head.stdout.trim().slice(0, 12)}` : ''})`;
}
