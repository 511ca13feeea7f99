/** A CHANGELOG.md entry for the generated client from a diff (the bump it implies: bump.ts). Pure. */
import type { Area } from '../ir/area.ts';
import { byArea, describeChange } from './render.ts';
import type { DiffResult, Severity } from './types.ts';

export { bumpLabel, bumpVersion } from './bump.ts';

const SECTIONS: [Severity, string][] = [
  ['breaking', 'Breaking changes'],
  ['client', 'Client renames (the API is unchanged)'],
  ['compatible', 'Compatible changes'],
  ['docs', 'Documentation'],
];

export interface EntryInput {
  version: string;
  /** `YYYY-MM-DD`. */
  date: string;
  result: DiffResult;
  areas: Area[];
  base: string;
  head: string;
}

export function renderEntry({ version, date, result, areas, base, head }: EntryInput): string {
  const lines = [`## ${version} (${date})`, '', `API spec changes from ${base} to ${head}.`, ''];
  for (const [severity, title] of SECTIONS) {
    const changes = result.changes.filter((c) => c.severity === severity);
    if (!changes.length) continue;
    lines.push(`### ${title}`, '');
    for (const [area, group] of byArea(changes, areas)) {
      for (const c of group)
        lines.push(
          `- ${area}: ${describeChange(c)}${severity === 'breaking' ? ` — ${c.reason.replace(/ \(no breaking changes within a major version\)$/, '')}` : ''}`,
        );
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Puts the entry first, under the file's `# Changelog` title (created when missing). */
export function prependEntry(existing: string, entry: string): string {
  const title = '# Changelog';
  const body = existing.startsWith(title) ? existing.slice(title.length).replace(/^\n+/, '') : existing;
  return `${title}\n\n${entry}${body ? `\n${body}` : ''}`;
}
