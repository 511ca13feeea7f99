/**
 * Swagger 2.0 input: the bundled 2.0 document is converted to OpenAPI 3.0 by swagger2openapi (Mermade's oas-kit;
 * the candidates compared in docs/design.md), then validated and read like any 3.0 document. Findings in the
 * converted document are located in the 2.0 files through swagger2-pointers.ts.
 */
import { createRequire } from 'node:module';
import { type Diagnostics, fail, type Location, pointerToken } from '../diagnostics.ts';
import { createSwagger2PointerMap, locateThrough } from './swagger2-pointers.ts';

interface Converter {
  convertObj(
    this: void,
    swagger: unknown,
    options: Record<string, unknown>,
  ): Promise<{ openapi: Record<string, unknown> & { openapi: string } }>;
}

/** The key swagger2openapi writes (with `warnOnly`) where the 2.0 input has no 3.0 equivalent. */
const WARNING_KEY = 'x-s2o-warning';

export interface Converted {
  document: Record<string, unknown> & { openapi: string };
  /** A pointer of the converted document → the pointer of the 2.0 document it came from. */
  toSource: (pointer: string) => string;
}

export async function convertSwagger2(
  source: Record<string, unknown>,
  file: string,
  locateSource: (pointer: string) => Location,
  diagnostics: Diagnostics,
): Promise<Converted> {
  // Loaded only for 2.0 input: its module graph (an HTTP client for remote refs, yargs) is not needed otherwise.
  const { convertObj } = createRequire(import.meta.url)('swagger2openapi') as Converter;
  let result: Awaited<ReturnType<Converter['convertObj']>>;
  try {
    // `patch` fixes what 2.0 tolerated and 3.0 does not (a missing parameter type, `x-nullable`); `warnOnly` marks
    // what has no 3.0 form instead of stopping; `text` is only kept by the converter, which would otherwise
    // serialize the whole document to YAML for it. External refs were bundled already: nothing to resolve.
    result = await convertObj(source, { patch: true, warnOnly: true, text: '-', resolve: false });
  } catch (error) {
    fail(
      'invalid-openapi',
      `the Swagger 2.0 document cannot be converted to OpenAPI 3.0: ${error instanceof Error ? error.message : String(error)}`,
      { ...locateSource('#'), pointer: '#' },
    );
  }
  const document = result.openapi;
  const toSource = createSwagger2PointerMap(document, source);
  const locate = locateThrough(locateSource, toSource);
  diagnostics.warn(
    'converted-input',
    `Swagger ${String(source.swagger)} input converted to OpenAPI ${document.openapi} on load (swagger2openapi)`,
    { ...locateSource('#/swagger'), pointer: '#/swagger' },
    'generated from the converted document; locations point into the 2.0 source',
  );
  reportUnconverted(document, '#', locate, diagnostics);
  return { document, toSource };
}

/** What the converter could not express in 3.0 (a `tsv` collection format) is a finding, not a silent extension. */
function reportUnconverted(
  value: unknown,
  pointer: string,
  locate: (pointer: string) => Location,
  diagnostics: Diagnostics,
): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => reportUnconverted(v, `${pointer}/${i}`, locate, diagnostics));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  const warning = obj[WARNING_KEY];
  if (warning !== undefined) {
    delete obj[WARNING_KEY];
    diagnostics.report(
      'unsupported',
      `Swagger 2.0 construct with no OpenAPI 3 equivalent: ${typeof warning === 'string' ? warning : JSON.stringify(warning)}`,
      locate(pointer),
      'read without it',
    );
  }
  for (const [key, child] of Object.entries(obj)) {
    reportUnconverted(child, `${pointer}/${pointerToken(key)}`, locate, diagnostics);
  }
}
