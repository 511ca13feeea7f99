/**
 * The vendor extensions the generator knows (spec/EXTENSIONS.md). Other vendors' `x-` keys (`x-codeSamples`,
 * `x-oaiMeta`, `x-stainless-*`) are ignored in both modes; a near-miss of one of ours (`x-ssse`) would silently
 * drop a rule, so it is an error in strict mode and a warning (the key is ignored) in tolerant mode.
 */
import { nearest } from '../naming/distance.ts';
import type { Json, ParseContext } from './context.ts';

export const KNOWN_EXTENSIONS = [
  'x-state-machines',
  'x-not-shown',
  'x-rules',
  'x-sse',
  'x-when',
  'x-sdk-call',
] as const;

/** Where each extension may appear. */
const PLACES: Record<(typeof KNOWN_EXTENSIONS)[number], readonly Place[]> = {
  'x-state-machines': ['root'],
  'x-not-shown': [
    'root',
    'path',
    'operation',
    'schema',
    'parameter',
    'response',
    'media',
    'header',
    'sse',
    'other',
  ],
  'x-rules': ['schema'],
  'x-sse': ['media'],
  'x-when': ['media'],
  'x-sdk-call': ['operation'],
};

export type Place =
  | 'root'
  | 'path'
  | 'operation'
  | 'schema'
  | 'parameter'
  | 'response'
  | 'media'
  | 'header'
  | 'sse'
  | 'other';

/** Whether one of our extensions may be read at this place (false: absent, or reported and ignored). */
export function checkExtensions(ctx: ParseContext, obj: Json, pointer: string, place: Place): void {
  for (const key of Object.keys(obj)) {
    if (!key.startsWith('x-')) continue;
    const places = (PLACES as Record<string, readonly Place[] | undefined>)[key];
    if (!places) {
      const stem = key.slice(2);
      const near = nearest(
        stem,
        KNOWN_EXTENSIONS.map((k) => k.slice(2)),
        stem.length <= 5 ? 1 : 2,
      );
      if (near) {
        ctx.diagnostics.report(
          'unknown-extension',
          `unknown extension '${key}' (did you mean 'x-${near}'?); a typo here would silently drop a rule`,
          ctx.locate(`${pointer}/${key}`),
          'the key is ignored',
        );
      }
      continue;
    }
    if (!places.includes(place)) {
      ctx.diagnostics.report(
        'invalid-extension',
        `'${key}' is not allowed on a ${place} object`,
        ctx.locate(`${pointer}/${key}`),
        'the key is ignored',
      );
      delete obj[key];
    }
  }
}
