/**
 * The keyword check every schema gets before it is shaped: its extensions, its dialect, its format, and each key
 * the generator does not know (a warning with "did you mean"), or knows but does not check (reported).
 */
import { joinPointer } from '../../diagnostics.ts';
import { nearest } from '../../naming/distance.ts';
import type { Json, ParseContext } from '../context.ts';
import { checkExtensions } from '../extensions.ts';
import { ALIASES, ANNOTATIONS, KNOWN_FORMATS, STANDARD_DIALECTS, SUPPORTED, UNCHECKED } from './keywords.ts';

export function checkKeywords(ctx: ParseContext, schema: Json, pointer: string): void {
  checkExtensions(ctx, schema, pointer, 'schema');
  if (typeof schema.$schema === 'string' && !STANDARD_DIALECTS.has(schema.$schema.replace(/#$/, ''))) {
    // A custom metaschema may switch vocabularies off; it is a remote document the generator does not load.
    ctx.diagnostics.report(
      'unsupported',
      `the dialect '${schema.$schema}' is not loaded (a remote metaschema)`,
      ctx.locate(joinPointer(pointer, '$schema')),
      'validated as JSON Schema 2020-12 (OpenAPI 3.1) or draft 4 (OpenAPI 3.0)',
    );
  }
  if (typeof schema.format === 'string' && !KNOWN_FORMATS.has(schema.format)) {
    const near = nearest(schema.format, [...KNOWN_FORMATS]);
    ctx.diagnostics.warn(
      'unknown-format',
      `unknown format '${schema.format}'${near ? ` (did you mean '${near}'?)` : ''}`,
      ctx.locate(joinPointer(pointer, 'format')),
      'an annotation: not checked, as JSON Schema reads unknown formats',
    );
  }
  for (const key of Object.keys(schema)) {
    if (key.startsWith('x-') || SUPPORTED.has(key) || ANNOTATIONS.has(key)) continue;
    if (key === '$recursiveRef' || key === '$dynamicRef') continue;
    const at = ctx.locate(joinPointer(pointer, key));
    if (UNCHECKED.has(key)) {
      // A JSON Schema keyword the generator does not check would silently widen the contract: strict refuses it.
      ctx.diagnostics.report(
        'unsupported',
        `the schema keyword '${key}' is not supported by the generator`,
        at,
        'read as an annotation: types and validators accept what it would refuse',
      );
      continue;
    }
    const near = ALIASES[key] ?? nearest(key, [...SUPPORTED, ...ANNOTATIONS, ...UNCHECKED]);
    ctx.diagnostics.warn(
      'unknown-keyword',
      `unknown schema keyword '${key}'${near ? ` (did you mean '${near}'?)` : ''}`,
      at,
      'ignored, as JSON Schema reads unknown keywords as annotations',
    );
  }
}
