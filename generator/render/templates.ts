/** Handlebars templates from `templates/`, compiled once, for the non-TypeScript outputs. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { BANNER } from '../emit/ts/project.ts';

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
 * A hand-written template file copied into the output unchanged but for the generated-file banner (TypeScript
 * only), flagged `verbatim`.
 */
export function verbatimFile(outPath: string, templateName: string): { path: string; contents: string; verbatim: true } {
  const text = readTemplate(templateName);
  const contents = outPath.endsWith('.ts') ? `${BANNER}\n${text}` : text;
  return { path: outPath, contents, verbatim: true };
}
