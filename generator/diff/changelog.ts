import type { Area } from '../ir/area.ts';
import { byArea, describeChange } from './render.ts';
import type { Bump, DiffResult, Severity } from './types.ts';

export function bumpVersion(version: string, bump: Bump): string {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  if (!m) throw new Error(`not a semver version: ${JSON.stringify(version)}`);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // While the version is 0.x, semver's convention: a breaking change bumps the minor, anything else the patch.
  if (major === 0 && bump !== 'none')
    return bump === 'major' ? `0.${minor + 1}.0` : `0.${minor}.${patch + 1}`;
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  return version;
}

const SECTIONS: [Severity, string][] = [
  ['breaking', 'Breaking changes'],
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

/** "breaking (0.x: the minor)" rather than "major" for a 0.x version, whose major does not move. */
export function bumpLabel(current: string, bump: 'major' | 'minor' | 'patch' | 'none'): string {
  const name = { major: 'breaking', minor: 'additions', patch: 'compatible', none: 'no API change' }[bump];
  return current.startsWith('0.') && bump === 'major'
    ? `${name}; 0.x: a breaking change bumps the minor`
    : name;
}
