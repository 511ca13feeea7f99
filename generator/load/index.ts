import { Diagnostics, type Location } from '../diagnostics.ts';
import { bundle, type OpenApiDocument } from './bundle.ts';
import { followMoves, hoistSchemas } from './hoist.ts';
import { createLocator, createSourceOf } from './source-map.ts';
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
  const document = await bundle(sources, sourceLocate, diagnostics);
  const locate = followMoves(
    sourceLocate,
    hoistSchemas(document, createSourceOf(sources), sources.files.size > 1),
  );
  return { document, sources, locate };
}

export type { OpenApiDocument };
