/** The vendor extensions the generator knows (spec/EXTENSIONS.md); any other `x-` key is an error. */
import { fail } from '../diagnostics.ts';
import type { Json, ParseContext } from './context.ts';

export const KNOWN_EXTENSIONS = ['x-state-machines', 'x-not-shown', 'x-rules', 'x-sse', 'x-when', 'x-sdk-call'] as const;

/** Where each extension may appear. */
const PLACES: Record<(typeof KNOWN_EXTENSIONS)[number], readonly Place[]> = {
  'x-state-machines': ['root'],
  'x-not-shown': ['root', 'path', 'operation', 'schema', 'parameter', 'response', 'media', 'header', 'sse', 'other'],
  'x-rules': ['schema'],
  'x-sse': ['media'],
  'x-when': ['media'],
  'x-sdk-call': ['operation'],
};

export type Place = 'root' | 'path' | 'operation' | 'schema' | 'parameter' | 'response' | 'media' | 'header' | 'sse' | 'other';

/** Rejects unknown `x-` keys and known ones in the wrong place. */
export function checkExtensions(ctx: ParseContext, obj: Json, pointer: string, place: Place): void {
  for (const key of Object.keys(obj)) {
    if (!key.startsWith('x-')) continue;
    const places = (PLACES as Record<string, readonly Place[] | undefined>)[key];
    if (!places) {
      fail(
        'unknown-extension',
        `unknown extension '${key}' (known: ${KNOWN_EXTENSIONS.join(', ')}); a typo here would silently drop a rule`,
        ctx.locate(`${pointer}/${key}`),
      );
    }
    if (!places.includes(place)) {
      fail('invalid-extension', `'${key}' is not allowed on a ${place} object`, ctx.locate(`${pointer}/${key}`));
    }
  }
}
