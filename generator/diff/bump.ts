/**
 * The semver bump a diff implies for the generated client (breaking or a client rename: major; compatible
 * additions: minor; documentation only: patch; while 0.x, breaking: minor and anything else: patch), and its one
 * wording, shared by diff, changelog and release.
 */
import type { Bump } from './types.ts';

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

/**
 * The one wording of a bump, for diff, changelog and release alike. With the current version known it says what
 * moves (a 0.x version moves its minor for a breaking change and its patch otherwise); without it, both cases.
 */
export function bumpLabel(bump: Bump, current?: string): string {
  const zero = current?.startsWith('0.');
  switch (bump) {
    case 'major':
      return current === undefined
        ? 'breaking: the major version (the minor while the version is 0.x)'
        : zero
          ? 'breaking: the minor, as the version is 0.x'
          : 'breaking: the major version';
    case 'minor':
      return current === undefined
        ? 'additions: the minor version (the patch while the version is 0.x)'
        : zero
          ? 'additions: the patch, as the version is 0.x'
          : 'additions: the minor version';
    case 'patch':
      return 'documentation only: the patch version';
    case 'none':
      return 'no API change';
  }
}
