/**
 * The client's package.json and CHANGELOG.md, copied from templates/client/release/. They live outside
 * generated/ because `npm run changelog` bumps the version and prepends entries there, and a regeneration
 * replaces generated/ whole.
 */
import { readTemplate } from '../../render/templates.ts';
import type { GeneratedFile } from '../index.ts';

export function releaseFiles(): GeneratedFile[] {
  return [
    { path: 'client/package.json', contents: readTemplate('client/release/package.json') },
    { path: 'client/CHANGELOG.md', contents: readTemplate('client/release/CHANGELOG.md') },
  ];
}
