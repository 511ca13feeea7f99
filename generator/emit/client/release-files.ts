/**
 * The client's package.json and CHANGELOG.md, copied from templates/client/release/. They live outside
 * generated/ because `npm run changelog` bumps the version and prepends entries there, and a regeneration
 * replaces generated/ whole.
 */
import { verbatimFile } from '../../render/templates.ts';
import type { GeneratedFile } from '../../diagnostics.ts';

export function releaseFiles(): GeneratedFile[] {
  return [
    verbatimFile('client/package.json', 'client/release/package.json'),
    verbatimFile('client/CHANGELOG.md', 'client/release/CHANGELOG.md'),
  ];
}
