/**
 * The output paths that depend on the document, decided here once: an area's files and a top-level resource's
 * file. Emitters read them from the resolved model (`Area.files`, `ResourceNode.file`), never build them.
 */
import type { AreaFiles } from '../ir/types.ts';
import { kebabCase } from './case.ts';

export function areaFiles(slug: string): AreaFiles {
  return { types: `types/${slug}.ts`, schemaValidators: `validators/schemas/${slug}.ts`, requestValidators: `validators/requests/${slug}.ts` };
}

/** `client/resources/<kebab-case property>.ts`. */
export function resourceFile(property: string): string {
  return `client/resources/${kebabCase(property)}.ts`;
}
