/**
 * Makes each package folder self-contained (see layout.ts): copies what it embeds under its root and rewrites
 * the module specifiers of its own files that reached outside the root. Runs on formatted files, so copies cost
 * no formatting; a copy is flagged `verbatim` (golden trees list it by hash: its original is stored already).
 */
import path from 'node:path/posix';
import type { GeneratedFile } from '../diagnostics.ts';
import type { PackageLayout } from './layout.ts';

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.\.?\/[^']+)'/g;

const within = (file: string, prefix: string) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix);

export function embedPackage(files: readonly GeneratedFile[], layout: PackageLayout): GeneratedFile[] {
  const copies: GeneratedFile[] = [];
  for (const embed of layout.embeds) {
    for (const f of files) if (within(f.path, embed)) copies.push({ path: layout.root + f.path, contents: f.contents, verbatim: true });
  }
  const embedded = (target: string) => layout.embeds.some((e) => within(target, e));
  const rewritten = files.map((f) => {
    if (!f.path.startsWith(layout.root) || !f.path.endsWith('.ts')) return f;
    const dir = path.dirname(f.path);
    const contents = f.contents.replace(SPECIFIER, (whole, lead: string, spec: string) => {
      const target = path.join(dir, spec).replace(/\.js$/, '.ts');
      if (target.startsWith(layout.root) || !embedded(target)) return whole;
      let local = path.relative(dir, layout.root + target).replace(/\.ts$/, '.js');
      if (!local.startsWith('.')) local = `./${local}`;
      return `${lead}'${local}'`;
    });
    // A runtime copied from templates/ stays flagged verbatim: its only change is this rewrite, made the same way every time.
    return contents === f.contents ? f : { ...f, contents };
  });
  return [...rewritten, ...copies];
}
