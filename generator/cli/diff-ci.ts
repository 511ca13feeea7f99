/**
 * `npm run diff:ci`: the CI step. Diffs spec/ at the merge base of HEAD and --against (default: the first of
 * origin/main, origin/master, main, master that exists) against the working tree and prints the Markdown
 * summary. Informational: exit 0 even on breaking changes, and when there is no repository or no merge base
 * (a shallow or detached checkout) it says so and exits 0. Exit 3 only when a spec version does not load.
 */
import { spawnSync } from 'node:child_process';
import { parseCommand, type Stream } from './args.ts';
import { DIFF_CI } from './commands.ts';
import { main as diffMain } from './diff.ts';

const CANDIDATES = ['origin/main', 'origin/master', 'main', 'master'];

function git(args: string[], cwd: string): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

export function mergeBase(cwd: string, against?: string): { base?: string; note?: string } {
  if (git(['rev-parse', '--is-inside-work-tree'], cwd) !== 'true') return { note: 'not a git checkout' };
  const refs = against ? [against] : CANDIDATES;
  const ref = refs.find((r) => git(['rev-parse', '--verify', '--quiet', `${r}^{commit}`], cwd) !== undefined);
  if (!ref) return { note: `none of ${refs.join(', ')} exists` };
  const base = git(['merge-base', 'HEAD', ref], cwd);
  return base ? { base } : { note: `HEAD and ${ref} have no merge base` };
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  const args = parseCommand(DIFF_CI, argv, out, err);
  if (typeof args === 'number') return args;
  const { base, note } = mergeBase(cwd, args.values.against);
  if (!base) {
    out.write(`spec diff skipped: ${note}\n`);
    return 0;
  }
  return diffMain([base, '--allow-breaking', '--spec', 'spec/openapi.yaml'], out, err, cwd);
}
