/** Handlebars templates from `templates/`, compiled once, for the non-TypeScript outputs. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../templates');
const cache = new Map<string, Handlebars.TemplateDelegate>();
const hbs = Handlebars.create();
hbs.registerHelper('yesno', (v: unknown) => (v ? 'yes' : 'no'));

export function renderTemplate(name: string, data: unknown): string {
  let template = cache.get(name);
  if (!template) {
    template = hbs.compile(readFileSync(path.join(root, name), 'utf8'), { noEscape: true, strict: true });
    cache.set(name, template);
  }
  return template(data);
}

/** The text of a hand-written file under `templates/` (runtime code copied verbatim into the output). */
export function readTemplate(name: string): string {
  return readFileSync(path.join(root, name), 'utf8');
}

/**
 * The second banner line of a runtime's `internal/` files (openai-node's `src/internal/`): the package's index
 * re-exports nothing of them and its `exports` map names only public entry points.
 */
export const INTERNAL_NOTE =
  '// Internal to this package: not exported from it and not importable from outside it; it may change in any release.';

/**
 * A hand-written template file copied into the output unchanged but for a banner naming it (TypeScript only),
 * flagged `verbatim`. The banner is the same for every spec, so a runtime file is the same bytes in every output.
 */
export function verbatimFile(
  outPath: string,
  templateName: string,
): { path: string; contents: string; verbatim: true } {
  const text = readTemplate(templateName);
  const internal = templateName.includes('/internal/') ? `${INTERNAL_NOTE}\n` : '';
  const contents = outPath.endsWith('.ts')
    ? `// Copied by platform-api-codegen from its runtime (templates/${templateName}). Do not edit: every generation replaces it.\n${internal}${text}`
    : text;
  return { path: outPath, contents, verbatim: true };
}

/**
 * Every `.ts` file of a runtime folder of `templates/` (`client`, `server`, `protocol`) and its subfolders, copied by
 * `verbatimFile` to the same place in the output, in path order; `except` names files (relative to the folder) an
 * emitter writes itself (a `brand.ts` holding the config's values). A file added to the runtime is copied without
 * listing it anywhere.
 */
export function verbatimFolder(
  folder: string,
  except: readonly string[] = [],
): { path: string; contents: string; verbatim: true }[] {
  return (readdirSync(path.join(root, folder), { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !except.includes(f))
    .sort()
    .map((f) => verbatimFile(`${folder}/${f}`, `${folder}/${f}`));
}
