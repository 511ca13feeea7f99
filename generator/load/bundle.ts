/**
 * Bundles the checked sources into one document with swagger-parser (named components stay named: every
 * cross-file reference goes through the root's components) and validates it against the OpenAPI schema.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDataKey, maskDataRefs, unmaskDataRefs } from './data-refs.ts';
import { Diagnostics, fail, GeneratorError, type Location, pointerToken } from '../diagnostics.ts';
import { resolveInternal } from '../diagnostics.ts';
import { schemaErrors } from './schema-validator.ts';
import { convertSwagger2 } from './swagger2.ts';
import { locateThrough } from './swagger2-pointers.ts';
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

export interface Bundled {
  document: OpenApiDocument;
  /** A pointer of `document` → the pointer it was written at (they differ where Swagger 2.0 input was converted). */
  toSource: (pointer: string) => string;
}

export async function bundle(
  sources: SourceSet,
  sourceLocate: (pointer: string) => Location,
  diagnostics: Diagnostics = new Diagnostics('strict'),
): Promise<Bundled> {
  const root = sources.root.value;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    fail('invalid-openapi', 'the spec root must be a mapping', { file: sources.root.display });
  }
  const version = (root as Record<string, unknown>).openapi;
  const swagger = (root as Record<string, unknown>).swagger;
  // Swagger 2.0 is bundled first (the bundler reads 2.0 as well, so references across files keep their names),
  // then converted.
  const swagger2 = swagger === '2.0' && version === undefined;
  if (!swagger2 && (typeof version !== 'string' || !/^3\.[01]\.\d+$/.test(version))) {
    fail(
      'unsupported',
      swagger === 2
        ? `the 'swagger' field must be the string "2.0" (quote it in YAML: swagger: '2.0')`
        : swagger !== undefined
          ? `Swagger ${typeof swagger === 'string' ? swagger : JSON.stringify(swagger)} documents are not supported: only Swagger 2.0 (converted on load), OpenAPI 3.0 and 3.1 are read`
          : `the 'openapi' field must be a 3.0.x or 3.1.x version, found ${JSON.stringify(version ?? null)}`,
      { file: sources.root.display, pointer: swagger !== undefined ? '#/swagger' : '#/openapi' },
    );
  }
  let bundled: OpenApiDocument;
  try {
    // Reuse the values already parsed (and checked) from the YAML files instead of parsing them again.
    const parsed = new Map([...sources.files.values()].map((f) => [f.path, f]));
    const reuse = {
      order: 1,
      canParse: /\.(ya?ml|json)$/i,
      parse: (file: { url: string }) => {
        const source = parsed.get(fileURLToPathSafe(file.url));
        if (source === undefined) throw new Error(`unexpected file ${file.url}`);
        const copy = source.copy();
        maskDataRefs(copy);
        return copy;
      },
    };
    // One file: every `$ref` is already internal, so there is nothing to bundle (nor to mask). The bundler would also
    // follow a `$ref` through a schema that has one beside its `$defs` (`{$ref: '#/…/X/$defs/a', $defs}`) forever.
    if (sources.files.size === 1) bundled = sources.root.copy() as OpenApiDocument;
    else {
      bundled = (await SwaggerParser.bundle(sources.root.path, {
        parse: { yaml: reuse },
      } as SwaggerParser.Options)) as unknown as OpenApiDocument;
      unmaskDataRefs(bundled);
    }
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    fail('unresolved-ref', messageOf(error).split('\n')[0] ?? 'bundling failed', {
      file: sources.root.display,
    });
  }
  // The bundler rewrites `$ref`s but not discriminator mappings, which name schemas by reference too.
  localizeMappings(bundled);
  const external = findExternalRef(bundled, '#', bundled, path.basename(sources.root.path), (ref, pointer) =>
    diagnostics.report(
      'unresolved-ref',
      `$ref '${ref}' inside example data could not be bundled into the document`,
      { ...sourceLocate(pointer), pointer },
      'the example is kept as written (an object with a $ref), as data',
    ),
  );
  if (external) {
    fail(
      'unresolved-ref',
      `$ref '${external.ref}' could not be bundled into the document (does its target exist in the root's components?)`,
      { ...sourceLocate(external.pointer), pointer: external.pointer },
    );
  }
  let toSource = (pointer: string) => pointer;
  let locate = sourceLocate;
  if (swagger2) {
    const converted = await convertSwagger2(bundled, sources.root.display, sourceLocate, diagnostics);
    bundled = converted.document;
    toSource = converted.toSource;
    locate = locateThrough(sourceLocate, toSource);
    localizeMappings(bundled);
  }
  inlineMisplacedRefs(bundled, '#', bundled, locate, diagnostics);
  const schemaProblems = schemaErrors(bundled);
  if (schemaProblems.length) reportInvalid(schemaProblems as AjvLikeError[], locate, diagnostics);
  // swagger-parser's `validate({ spec: true })` is not called: for an OpenAPI 3 document its semantic check returns
  // at once (swagger-parser 12 checks Swagger 2 only), after dereferencing the whole document (a second of GitHub's
  // load). Every `$ref` was checked to resolve when the files were read; parse and the passes check the rest.
  return { document: bundled, toSource };
}

/**
 * One finding per instance path (the most specific there), an error in strict mode and a warning in tolerant
 * mode; generation goes on either way, so parse reports what it then cannot read (every finding at once).
 */
function reportInvalid(
  details: AjvLikeError[],
  locate: (pointer: string) => Location,
  diagnostics: Diagnostics,
): void {
  const byPath = new Map<string, AjvLikeError[]>();
  for (const d of details) byPath.set(d.instancePath ?? '', [...(byPath.get(d.instancePath ?? '') ?? []), d]);
  const groups = [...byPath.values()].map((g) => [pickMostSpecific(g)!, g] as const);
  // Parents of a reported path add nothing but noise (ajv reports every enclosing oneOf/anyOf too).
  const paths = groups.map(([e]) => e.instancePath ?? '');
  for (const [error, group] of groups) {
    const at = error.instancePath ?? '';
    if (paths.some((p) => p !== at && p.startsWith(`${at}/`))) continue;
    const rule = error.keyword ? ` (rule: ${error.keyword})` : '';
    // An unknown property is named and located at its key (ajv names it in params only).
    const unknown = group
      .map((g) => g.params?.additionalProperty)
      .filter((p): p is string => typeof p === 'string');
    if (unknown.length) {
      for (const name of new Set(unknown)) {
        const pointer = `#${at}/${pointerToken(name)}`;
        diagnostics.report(
          'invalid-openapi',
          `unknown property '${name}' (rule: additionalProperties)`,
          { ...locate(pointer), pointer },
          'not valid against the OpenAPI schema; read as written where the model can still be built',
        );
      }
      continue;
    }
    const pointer = `#${at}`;
    const extra = group.length > 1 ? ` [+${group.length - 1} related]` : '';
    diagnostics.report(
      'invalid-openapi',
      `${error.message ?? 'invalid'}${rule}${extra}`,
      { ...locate(pointer), pointer },
      'not valid against the OpenAPI schema; read as written where the model can still be built',
    );
  }
}

function fileURLToPathSafe(url: string): string {
  return url.startsWith('file:') ? fileURLToPath(url) : path.resolve(url);
}

/** Among ajv's errors, the deepest instance path with a concrete keyword reads best. */
function pickMostSpecific(errors: AjvLikeError[]): AjvLikeError | undefined {
  const concrete = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if');
  const pool = concrete.length ? concrete : errors;
  return [...pool].sort((a, b) => (b.instancePath ?? '').length - (a.instancePath ?? '').length)[0];
}

/**
 * The bundler leaves a `$ref` from an area file back to content written inline in the root
 * (`../openapi.yaml#/components/parameters/X`) as it was. Since the root keeps its structure in the bundle, such a
 * ref means the same pointer in the bundled document: it is made local when that pointer exists. Any other
 * non-local ref is returned, to be reported.
 */
function findExternalRef(
  value: unknown,
  pointer: string,
  document: unknown = value,
  rootName = '',
  onDataRef?: (ref: string, pointer: string) => void,
  parentKey?: string,
): { ref: string; pointer: string } | undefined {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findExternalRef(value[i], `${pointer}/${i}`, document, rootName, onDataRef);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(obj)) {
      const at = `${pointer}/${pointerToken(key)}`;
      // Example values are data: a `$ref` the bundler could not bring in there is reported, not fatal.
      if (onDataRef && isDataKey(key, parentKey, child)) {
        const inData = findExternalRef(child, at, document, rootName);
        if (inData) onDataRef(inData.ref, inData.pointer);
        continue;
      }
      if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) {
        const hash = child.includes('#') ? child.slice(child.indexOf('#')) : '#';
        const file = child.slice(0, child.indexOf('#') === -1 ? child.length : child.indexOf('#'));
        if (rootName && file.split('/').pop() === rootName && resolveInternal(document, hash) !== undefined) {
          obj.$ref = hash;
          continue;
        }
        return { ref: child, pointer };
      }
      const found = findExternalRef(child, at, document, rootName, onDataRef, key);
      if (found) return found;
    }
  }
  return undefined;
}

/** `../openapi.yaml#/components/schemas/X` in a discriminator mapping → `#/components/schemas/X`. */
function localizeMappings(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(localizeMappings);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  const mapping = (obj.discriminator as { mapping?: Record<string, unknown> } | undefined)?.mapping;
  if (mapping && typeof mapping === 'object') {
    for (const [key, target] of Object.entries(mapping)) {
      if (typeof target !== 'string' || target.startsWith('#')) continue;
      if (target.includes('#/components/')) mapping[key] = target.slice(target.indexOf('#'));
      // A bare schema name: spell it as a reference, which every tool reads.
      else if (/^[A-Za-z0-9._-]+$/.test(target)) mapping[key] = `#/components/schemas/${target}`;
    }
  }
  for (const child of Object.values(obj)) localizeMappings(child);
}

/** Keys whose value OpenAPI never allows to be a Reference Object. */
const NO_REF_PLACES = new Set(['description', 'summary', 'title', 'properties']);

/**
 * A `$ref` where OpenAPI allows none (a `description` written as a reference, a whole `properties` map as one) is
 * replaced by its target, as other bundlers do, instead of being read as a property named `$ref`. Reported: an
 * error in strict mode, a warning in tolerant mode.
 */
function inlineMisplacedRefs(
  value: unknown,
  pointer: string,
  document: unknown,
  locate: (pointer: string) => Location,
  diagnostics: Diagnostics,
): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => inlineMisplacedRefs(v, `${pointer}/${i}`, document, locate, diagnostics));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(obj)) {
    const at = `${pointer}/${pointerToken(key)}`;
    const ref =
      child !== null && typeof child === 'object' && !Array.isArray(child)
        ? (child as Record<string, unknown>).$ref
        : undefined;
    // `properties: {$ref: ...}` is a property named `$ref` only when its value is a schema, not a string.
    if (
      NO_REF_PLACES.has(key) &&
      typeof ref === 'string' &&
      ref.startsWith('#') &&
      Object.keys(child as object).length === 1 &&
      !(key === 'properties' && pointer.endsWith('/properties'))
    ) {
      const target = resolveInternal(document, ref);
      if (
        target !== undefined &&
        (key === 'properties' ? target !== null && typeof target === 'object' : typeof target === 'string')
      ) {
        diagnostics.report(
          'invalid-openapi',
          `'${key}' is written as a $ref, which OpenAPI does not allow here`,
          { ...locate(at), pointer: at },
          `replaced by the target of '${ref}'`,
        );
        obj[key] = structuredClone(target);
        continue;
      }
    }
    inlineMisplacedRefs(child, at, document, locate, diagnostics);
  }
}
