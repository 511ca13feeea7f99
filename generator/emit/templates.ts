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
 * A hand-written template file copied into the output unchanged but for a banner naming it (TypeScript only),
 * flagged `verbatim`. The banner is the same for every spec, so a runtime file is the same bytes in every output.
 */
export function verbatimFile(
  outPath: string,
  templateName: string,
): { path: string; contents: string; verbatim: true } {
  const text = readTemplate(templateName);
  const contents = outPath.endsWith('.ts')
    ? `// Copied by platform-api-codegen from its runtime (templates/${templateName}). Do not edit: every generation replaces it.\n${text}`
    : text;
  return { path: outPath, contents, verbatim: true };
}

/**
 * Every `.ts` file directly in a runtime folder of `templates/` (`client/core`, `server`, `protocol`), copied by
 * `verbatimFile` to the same folder of the output, in name order; `except` names files an emitter writes itself
 * (a `brand.ts` holding the config's values). A file added to the runtime is copied without listing it anywhere.
 */
export function verbatimFolder(
  folder: string,
  except: readonly string[] = [],
): { path: string; contents: string; verbatim: true }[] {
  return readdirSync(path.join(root, folder))
    .filter((f) => f.endsWith('.ts') && !except.includes(f))
    .sort()
    .map((f) => verbatimFile(`${folder}/${f}`, `${folder}/${f}`));
}
