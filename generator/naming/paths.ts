/**
 * The output paths that depend on the document, decided here once: an area's files (docs pages included) and a
 * resource's file. Emitters read them from the resolved model (`Area.files`, `ResourceNode.file`), never build them.
 */
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

/**
 * The file of a resource's class, one per resource, as openai-node lays its resources out: a resource without
 * sub-resources is `<kebab property>.ts` in its parent's folder (`client/resources/models.ts`,
 * `client/resources/vector-stores/files.ts`); one with sub-resources gets a folder holding its own file and theirs
 * (`client/resources/vector-stores/vector-stores.ts`). `path` is the resource's path from the root
 * (`['vectorStores', 'files']`).
 */
export function resourceFile(path: readonly string[], hasChildren: boolean): string {
  const folders = path.map(kebabCase);
  const own = folders[folders.length - 1]!;
  const dir = hasChildren ? folders : folders.slice(0, -1);
  return ['client/resources', ...dir, `${own}.ts`].join('/');
}
