import { Diagnostics, type Location } from '../diagnostics.ts';
import { bundle, type OpenApiDocument } from './bundle.ts';
import { followMoves, hoistSchemas } from './hoist.ts';
import { createLocator, createSourceOf } from './source-map.ts';
import { locateThrough } from './swagger2-pointers.ts';
import { loadSources, type SourceSet } from './yaml-files.ts';

export interface LoadedSpec {
  document: OpenApiDocument;
  sources: SourceSet;
  /** Maps a pointer of the bundled document to file:line:column. */
  locate: (pointer: string) => Location;
}

/** Reads, checks, bundles and validates a spec. Throws `GeneratorError` on bad input. */
export async function loadSpec(
  rootPath: string,
  diagnostics: Diagnostics = new Diagnostics('strict'),
): Promise<LoadedSpec> {
  const sources = loadSources(rootPath, diagnostics);
  const sourceLocate = createLocator(sources);
  const { document, toSource } = await bundle(sources, sourceLocate, diagnostics);
  // Converted Swagger 2.0 input is located where its 2.0 counterpart was written; the pointer shown is the document's.
  const sourceOf = createSourceOf(sources);
  const locate = followMoves(
    locateThrough(sourceLocate, toSource),
    hoistSchemas(document, (pointer) => sourceOf(toSource(pointer)), sources.files.size > 1),
  );
  return { document, sources, locate };
}

export type { OpenApiDocument };
