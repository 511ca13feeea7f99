import type { AreaFiles } from '../ir/area.ts';
import { kebabCase } from './case.ts';

/**
 * Entries (operations, then schemas) per docs page: a larger area is split into `<area>.md`, `<area>-2.md`… so that
 * no page grows with the document (GitHub's shared schemas alone are 2 MB of Markdown).
 */
export const DOCS_PAGE_ENTRIES = 200;

/** The files of the area `slug`, which documents `entries` operations and schemas. */
export function areaFiles(slug: string, entries = 0): AreaFiles {
  const pages = Math.max(1, Math.ceil(entries / DOCS_PAGE_ENTRIES));
  return {
    types: `types/${slug}.ts`,
    schemaValidators: `validators/schemas/${slug}.ts`,
    requestValidators: `validators/requests/${slug}.ts`,
    docs: Array.from({ length: pages }, (_, i) => ({
      file: i === 0 ? `docs/${slug}.md` : `docs/${slug}-${i + 1}.md`,
      from: i * DOCS_PAGE_ENTRIES,
      to: (i + 1) * DOCS_PAGE_ENTRIES,
    })),
  };
}

/** `client/resources/<kebab-case property>.ts`. */
export function resourceFile(property: string): string {
  return `client/resources/${kebabCase(property)}.ts`;
}
