/** Renders a diff as Markdown (by severity, breaking first, then by area) or as JSON. */
import type { Area } from '../ir/area.ts';
import { bumpLabel } from './bump.ts';
import type { Change, DiffResult, Severity } from './types.ts';

export interface RenderInput {
  result: DiffResult;
  /** Labels of the two versions, e.g. `origin/main` and `working tree`. */
  base: string;
  head: string;
  /** Area slugs → titles (from both IRs). */
  areas: Area[];
  /** `info.version` of each side. */
  infoVersions?: { base: string; head: string };
}

const HEADINGS: Record<Severity, string> = {
  breaking: 'Breaking changes',
  client: 'Client renames (the API is unchanged)',
  compatible: 'Compatible changes',
  docs: 'Documentation changes',
};
const ORDER: Severity[] = ['breaking', 'client', 'compatible', 'docs'];

export function areaTitle(slug: string, areas: Area[]): string {
  return (
    areas.find((a) => a.slug === slug)?.title ??
    slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ')
  );
}

/** `**operation createVideo** \`body.seconds\`: enum value removed.` */
export function describeChange(c: Change): string {
  const where = c.location ? ` \`${c.location}\`` : '';
  return `**${c.subject}**${where}: ${c.message}${usedBy(c)}`;
}

const SHOWN_USERS = 4;

function usedBy(c: Change): string {
  if (!c.usedBy?.length) return '';
  const limit = c.usedBy.length > SHOWN_USERS + 1 ? SHOWN_USERS : c.usedBy.length;
  const shown = c.usedBy.slice(0, limit).join(', ');
  const more = limit < c.usedBy.length ? ` and ${c.usedBy.length - limit} more` : '';
  return ` (used by ${shown}${more})`;
}

/** Changes grouped by area title, in the order they come (already sorted by the engine). */
export function byArea(changes: Change[], areas: Area[]): [string, Change[]][] {
  const groups = new Map<string, Change[]>();
  for (const c of changes) {
    const title = areaTitle(c.area, areas);
    groups.set(title, [...(groups.get(title) ?? []), c]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function renderMarkdown({ result, base, head, areas }: RenderInput): string {
  const { summary } = result;
  const lines = [`# API changes: ${base} → ${head}`, ''];
  if (result.changes.length === 0) return `${lines.join('\n')}\nNo changes.\n`;
  lines.push(
    `**${summary.breaking} breaking**, ${summary.client} client rename${summary.client === 1 ? '' : 's'}, ${summary.compatible} compatible, ${summary.docs} documentation-only. Client version bump: **${bumpLabel(summary.bump)}**.`,
    '',
  );
  for (const severity of ORDER) {
    const changes = result.changes.filter((c) => c.severity === severity);
    if (!changes.length) continue;
    lines.push(`## ${HEADINGS[severity]} (${changes.length})`, '');
    for (const [title, group] of byArea(changes, areas)) {
      lines.push(`### ${title}`, '');
      for (const c of group)
        lines.push(
          severity === 'docs' ? `- ${describeChange(c)}` : `- ${describeChange(c)}  \n  _${c.reason}_`,
        );
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderJson({ result, base, head }: RenderInput): string {
  return `${JSON.stringify({ base, head, summary: result.summary, changes: result.changes }, null, 2)}\n`;
}
