/**
 * The only writer of files. The output folder is owned through a manifest (`.codegen-manifest.json`, the list of
 * files the tool wrote there): a run replaces or removes only files that manifest lists, refuses a non-empty folder
 * without one (unless `force`), and never writes over or deletes its own inputs (the spec, the config).
 *
 * Atomicity: everything is generated in memory first. When the folder holds nothing but our files, the new tree is
 * built beside it and swapped in with two renames (a failure leaves the previous output untouched). When the user
 * keeps files of their own in it, each file is staged inside the folder and renamed over its target: every file is
 * whole at every moment, and the user's files are never moved. A file the manifest does not list is never replaced,
 * `force` or not: a generated path taken by the user's file refuses the run. Staging folders outlive no run
 * (`staging.ts`). `--out` through a symbolic link is the link's target.
 */
import {
  existsSync,
  lstatSync,
  realpathSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from '../emit/contract.ts';
import { deferSignals, recoverStaging, stagingName } from './staging.ts';

export const MANIFEST = '.codegen-manifest.json';

/** A refusal to write (the folder is not ours, a file would replace an input): a usage error, exit 2. */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}

export interface WriteOptions {
  /** Take over a non-empty folder that has no manifest (its files are kept; only ours are ever replaced). */
  force?: boolean;
  /** Files the run read (spec sources, config): never written over nor deleted. */
  inputs?: string[];
}

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? listFiles(full, base)
      : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** The manifest's text for a set of files: sorted paths, so it is deterministic and reviewable. */
export function manifestFile(files: GeneratedFile[]): GeneratedFile {
  const paths = files
    .map((f) => f.path)
    .filter((p) => p !== MANIFEST)
    .sort();
  const body = {
    generator: 'platform-api-codegen',
    note: 'The files this tool wrote in this folder; it replaces or removes only these.',
    files: paths,
  };
  return { path: MANIFEST, contents: `${JSON.stringify(body, null, 2)}\n` };
}

/** The files listed by the folder's manifest, or undefined when it has none (or an unreadable one). */
export function readManifest(outDir: string): string[] | undefined {
  const file = path.join(outDir, MANIFEST);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { files?: unknown };
    if (Array.isArray(parsed.files) && parsed.files.every((f) => typeof f === 'string')) return parsed.files;
  } catch {
    // fall through: a manifest we cannot read proves no ownership
  }
  return undefined;
}

export interface CheckResult {
  changed: string[];
  added: string[];
  removed: string[];
}

/** Compares without writing. With a manifest, only its files count as ours (the user's own files are not extra). */
export function checkTree(outDir: string, files: GeneratedFile[]): CheckResult {
  outDir = resolveOut(outDir);
  const all = [...files, manifestFile(files)];
  const owned = readManifest(outDir);
  const onDisk = new Set(listFiles(outDir));
  const existing = new Set(owned ? [...owned, MANIFEST].filter((f) => onDisk.has(f)) : onDisk);
  const result: CheckResult = { changed: [], added: [], removed: [] };
  for (const file of all) {
    const target = path.join(outDir, file.path);
    if (!onDisk.has(file.path)) result.added.push(file.path);
    else if (readFileSync(target, 'utf8') !== file.contents) result.changed.push(file.path);
    existing.delete(file.path);
  }
  result.removed = [...existing].sort();
  return result;
}

/** Why `outDir` may not be written, or undefined when it may. Touches nothing. */
export function refusal(
  outDir: string,
  files: GeneratedFile[],
  options: WriteOptions = {},
): string | undefined {
  let target: string;
  try {
    target = resolveOut(outDir);
  } catch (error) {
    if (error instanceof OutputError) return error.message;
    throw error;
  }
  const inputs = new Set((options.inputs ?? []).map((f) => path.resolve(f)));
  const hit = files.find((f) => inputs.has(path.join(target, f.path)) || f.path === MANIFEST);
  if (hit)
    return `${path.join(outDir, hit.path)} is an input of this run (or the manifest's name); choose another --out`;
  if (!existsSync(target)) return undefined;
  if (!lstatSync(target).isDirectory()) return `${outDir} exists and is not a folder`;
  const owned = readManifest(target);
  const taken = files.filter((f) => notOurs(target, f.path, new Set(owned ?? [])));
  if (taken.length && (owned || options.force)) {
    const one = taken.length === 1;
    const shown = taken.slice(0, 3).map((f) => path.join(outDir, f.path));
    return `${shown.join(', ')}${one ? '' : taken.length > 3 ? ` and ${taken.length - 3} more` : ''} ${one ? 'is' : 'are'} not listed in ${MANIFEST} (not written by this tool) but ${one ? 'is a path' : 'are paths'} it generates; nothing was written. Move ${one ? 'it' : 'them'} away and run again: the tool never replaces a file it did not write, even with --force`;
  }
  if (owned || options.force) return undefined;
  const present = readdirSync(target);
  if (!present.length) return undefined;
  const shown = present.slice(0, 3).join(', ') + (present.length > 3 ? ', …' : '');
  return `${outDir}/ is not empty (${shown}) and was not written by this tool (no ${MANIFEST}); nothing was written. Choose an empty or new folder, or pass --force to take it over (your files there are kept; only the generated ones are ever replaced)`;
}

/**
 * The folder `outDir` names: through a symbolic link, its target (judged like any folder); a link to nothing is an
 * `OutputError`.
 */
export function resolveOut(outDir: string): string {
  const target = path.resolve(outDir);
  let link = false;
  try {
    link = lstatSync(target).isSymbolicLink();
  } catch {
    return target; // nothing there yet: it is created
  }
  if (!link) return target;
  try {
    return realpathSync(target);
  } catch {
    throw new OutputError(
      `${outDir} is a symbolic link to nothing (its target does not exist); create the target folder or choose another --out`,
    );
  }
}

/** Whether generated `file` would land on something the manifest (`owned`) does not list, or under such a file. */
function notOurs(target: string, file: string, owned: Set<string>): boolean {
  const parts = file.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const rel = parts.slice(0, i).join('/');
    let isFolder: boolean;
    try {
      isFolder = lstatSync(path.join(target, rel)).isDirectory();
    } catch {
      return false; // nothing there: the rest is created
    }
    if (i === parts.length) return !owned.has(rel) && rel !== MANIFEST;
    if (!isFolder) return true; // a file (or link) of the user's where a folder is needed
  }
  return false;
}

export function writeTree(outDir: string, files: GeneratedFile[], options: WriteOptions = {}): void {
  const why = refusal(outDir, files, options);
  if (why) throw new OutputError(why);
  const target = resolveOut(outDir);
  recoverStaging(target);
  deferSignals(() => write(target, files, options));
}

function write(target: string, files: GeneratedFile[], options: WriteOptions): void {
  const inputs = new Set((options.inputs ?? []).map((f) => path.resolve(f)));
  const previous = readManifest(target) ?? [];
  const onDisk = listFiles(target);
  const ours = new Set([...previous, MANIFEST]);
  const all = [...files, manifestFile(files)];
  if (onDisk.every((f) => ours.has(f)) && !onDisk.some((f) => inputs.has(path.join(target, f))))
    swapTree(target, all);
  else replaceOwned(target, all, previous, inputs);
}

/** Writes every file under `root`, making folders as needed. */
function writeInto(root: string, files: GeneratedFile[]): void {
  for (const file of files) {
    const dest = path.join(root, file.path);
    mkdirSync(path.dirname(dest), { recursive: true });
    writeFileSync(dest, file.contents);
  }
}

/** The folder holds only our files (or nothing): build the new tree beside it and swap it in. */
function swapTree(target: string, files: GeneratedFile[]): void {
  const parent = path.dirname(target);
  const staging = path.join(parent, stagingName('new', target));
  const old = path.join(parent, stagingName('old', target));
  mkdirSync(staging, { recursive: true });
  try {
    writeInto(staging, files);
    const hadPrevious = existsSync(target);
    if (hadPrevious) renameSync(target, old);
    try {
      renameSync(staging, target);
    } catch (error) {
      if (hadPrevious) renameSync(old, target);
      throw error;
    }
    if (hadPrevious) rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The folder holds files of the user's: stage inside it, rename each file over its target, drop our stale files. */
function replaceOwned(target: string, files: GeneratedFile[], previous: string[], inputs: Set<string>): void {
  const staging = path.join(target, stagingName('new', target));
  mkdirSync(staging, { recursive: true });
  try {
    writeInto(staging, files);
    // The manifest goes last: until then the previous one still lists every file we may have replaced.
    const ordered = [
      ...files.filter((f) => f.path !== MANIFEST),
      ...files.filter((f) => f.path === MANIFEST),
    ];
    for (const file of ordered) {
      const dest = path.join(target, file.path);
      mkdirSync(path.dirname(dest), { recursive: true });
      if (existsSync(dest) && lstatSync(dest).isDirectory())
        throw new OutputError(`${dest} is a folder; the generator would write a file there`);
      renameSync(path.join(staging, file.path), dest);
    }
    const now = new Set(files.map((f) => f.path));
    for (const stale of previous) {
      const full = path.join(target, stale);
      if (now.has(stale) || inputs.has(full) || path.relative(target, full).startsWith('..')) continue;
      rmSync(full, { force: true });
      removeEmptyParents(path.dirname(full), target);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function removeEmptyParents(dir: string, stop: string): void {
  while (dir.startsWith(stop) && dir !== stop && existsSync(dir) && readdirSync(dir).length === 0) {
    rmSync(dir, { recursive: true });
    dir = path.dirname(dir);
  }
}
