/**
 * Bundles the checked sources into one document with swagger-parser (named components stay named: every
 * cross-file reference goes through the root's components) and validates it against the OpenAPI schema.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { fail, GeneratorError } from '../diagnostics.ts';
import type { SourceSet } from './yaml-files.ts';

export type OpenApiDocument = Record<string, unknown> & { openapi: string };

interface AjvLikeError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function bundle(sources: SourceSet, locate: (pointer: string) => object): Promise<OpenApiDocument> {
  const root = sources.root.value;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    fail('invalid-openapi', 'the spec root must be a mapping', { file: sources.root.display });
  }
  const version = (root as Record<string, unknown>).openapi;
  if (typeof version !== 'string' || !/^3\.[01]\.\d+$/.test(version)) {
    const swagger = (root as Record<string, unknown>).swagger;
    fail(
      'unsupported',
      swagger !== undefined
        ? `Swagger ${String(swagger)} documents are not supported: convert to OpenAPI 3.0 or 3.1`
        : `the 'openapi' field must be a 3.0.x or 3.1.x version, found ${JSON.stringify(version ?? null)}`,
      { file: sources.root.display, pointer: '#/openapi' },
    );
  }
  let bundled: OpenApiDocument;
  try {
    bundled = (await SwaggerParser.bundle(sources.root.path)) as unknown as OpenApiDocument;
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    fail('unresolved-ref', messageOf(error).split('\n')[0] ?? 'bundling failed', { file: sources.root.display });
  }
  const external = findExternalRef(bundled, '#');
  if (external) {
    fail('unresolved-ref', `$ref '${external.ref}' could not be bundled into the document (does its target exist in the root's components?)`, { ...locate(external.pointer), pointer: external.pointer });
  }
  try {
    await SwaggerParser.validate(structuredClone(bundled) as never);
  } catch (error) {
    const details = (error as { details?: AjvLikeError[] }).details;
    const first = pickMostSpecific(details ?? []);
    if (first) {
      const pointer = `#${first.instancePath ?? ''}`;
      const rule = first.keyword ? ` (rule: ${first.keyword})` : '';
      const extra = details && details.length > 1 ? ` [+${details.length - 1} related]` : '';
      fail('invalid-openapi', `${first.message ?? 'invalid'}${rule}${extra}`, { ...locate(pointer), pointer });
    }
    fail('invalid-openapi', messageOf(error).split('\n').slice(0, 3).join(' '), { file: sources.root.display });
  }
  return bundled;
}

/** Among ajv's errors, the deepest instance path with a concrete keyword reads best. */
function pickMostSpecific(errors: AjvLikeError[]): AjvLikeError | undefined {
  const concrete = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if');
  const pool = concrete.length ? concrete : errors;
  return [...pool].sort((a, b) => (b.instancePath ?? '').length - (a.instancePath ?? '').length)[0];
}

function findExternalRef(value: unknown, pointer: string): { ref: string; pointer: string } | undefined {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findExternalRef(value[i], `${pointer}/${i}`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) return { ref: child, pointer };
      const found = findExternalRef(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found) return found;
    }
  }
  return undefined;
}
