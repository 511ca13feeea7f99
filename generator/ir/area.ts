/** Areas: the groups the output is split by (see the terms in ./api.ts), their files and the document's tags. */

/** A tag of the document's `tags` list (operations may use tags the list does not declare). */
export interface Tag {
  /** The tag's name, as operations list it. */
  name: string;
  description?: string;
  /** The area slug the tag names: the kebab-case of its name. */
  area: string;
}

/** An area (see the terms above) as the output lists it. */
export interface Area {
  /** Slug used for file names, e.g. `vector-stores`. */
  slug: string;
  /**
   * Display title, e.g. `Vector stores`: `Common` and `Webhooks` for those; else the name of the first tag giving the
   * slug (declared tags first, then operations' first tags); else the slug.
   */
  title: string;
  /** The area's output files (each written only when the area has something for it); rule: naming/paths.ts. */
  files: AreaFiles;
}

/** Paths of an area's output files, relative to the output root. */
export interface AreaFiles {
  /** `types/<slug>.ts`: the area's named schemas and operation types. */
  types: string;
  /** `validators/schemas/<slug>.ts`: the validators of the area's named schemas. */
  schemaValidators: string;
  /** `validators/requests/<slug>.ts`: the request and response validators of the area's operations. */
  requestValidators: string;
  /**
   * The area's docs pages, at least one: `docs/<slug>.md`, then `docs/<slug>-2.md`… for each further 200 entries
   * (the area's operations in model order, then its schemas).
   */
  docs: DocsPage[];
}

/** One docs page of an area: its file and the entries it holds, by index into the area's operations then schemas. */
export interface DocsPage {
  /** `docs/<slug>.md` or `docs/<slug>-<n>.md`. */
  file: string;
  /** First entry's index. */
  from: number;
  /** One past the last entry's index (may exceed the count on the last page). */
  to: number;
}
