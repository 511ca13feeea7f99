/**
 * The only writer of files. `writeTree` builds the whole tree beside the target and swaps it in with renames
 * at the end, so a failure leaves the previous output untouched; `checkTree` compares without writing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedFile } from '../diagnostics.ts';

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

export interface CheckResult {
  changed: string[];
  added: string[];
  removed: string[];
}

export function checkTree(outDir: string, files: GeneratedFile[]): CheckResult {
  const existing = new Set(listFiles(outDir));
  const result: CheckResult = { changed: [], added: [], removed: [] };
  for (const file of files) {
    const target = path.join(outDir, file.path);
    if (!existing.has(file.path)) result.added.push(file.path);
    else if (readFileSync(target, 'utf8') !== file.contents) result.changed.push(file.path);
    existing.delete(file.path);
  }
  result.removed = [...existing].sort();
  return result;
}

export function writeTree(outDir: string, files: GeneratedFile[]): void {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = path.join(parent, `.generated-new-${stamp}`);
  const previous = path.join(parent, `.generated-old-${stamp}`);
  mkdirSync(staging, { recursive: true });
  try {
    for (const file of files) {
      const dest = path.join(staging, file.path);
      mkdirSync(path.dirname(dest), { recursive: true });
      writeFileSync(dest, file.contents);
    }
    const hadPrevious = existsSync(target);
    if (hadPrevious) renameSync(target, previous);
    try {
      renameSync(staging, target);
    } catch (error) {
      if (hadPrevious) renameSync(previous, target);
      throw error;
    }
    if (hadPrevious) rmSync(previous, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
