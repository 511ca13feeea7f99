/** State shared by the parse modules: the bundled document, the locator, and collected gaps. */
import { decodeToken, fail, resolveInternal, type Diagnostics, type Location } from '../diagnostics.ts';
import type { ParsedNotShown } from '../ir/api.ts';
import type { OpenApiDocument } from '../load/index.ts';

export type Json = Record<string, unknown>;

export interface ParseContext {
  document: OpenApiDocument;
  /** OpenAPI 3.0 (`nullable`, boolean exclusive bounds) or 3.1. */
  version: '3.0' | '3.1';
  locate: (pointer: string) => Location;
  notShown: ParsedNotShown[];
  diagnostics: Diagnostics;
}

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A spec value as text: a scalar as `String` writes it, an object or list as JSON (never `[object Object]`). */
export function specText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

export function asObject(ctx: ParseContext, value: unknown, pointer: string, what: string): Json {
  if (!isObject(value)) fail('invalid-openapi', `${what} must be an object`, ctx.locate(pointer));
  return value;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The objects along a chain of internal `$ref`s from `value`, itself first; it stops quietly at a `$ref` that does not
 * resolve or loops (for a look at keywords beside the chain, `readOnly`, an `enum`; `deref` reports those).
 */
export function refChain(document: unknown, value: unknown): Json[] {
  const chain: Json[] = [];
  let current = value;
  while (isObject(current) && !chain.includes(current) && chain.length <= 32) {
    chain.push(current);
    current =
      typeof current.$ref === 'string' && current.$ref.startsWith('#')
        ? resolveInternal(document, current.$ref)
        : undefined;
  }
  return chain;
}

/** Follows an internal `$ref` (`#/components/...`) to its target. */
export function deref(
  ctx: ParseContext,
  value: unknown,
  pointer: string,
): { value: Json; pointer: string; component?: string } {
  let current = asObject(ctx, value, pointer, 'this object');
  let at = pointer;
  let component: string | undefined;
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    if (hops > 32) fail('unresolved-ref', 'a $ref chain does not end', ctx.locate(at));
    const ref = current.$ref;
    if (!ref.startsWith('#')) fail('unresolved-ref', `$ref '${ref}' was not bundled`, ctx.locate(at));
    const target = resolveInternal(ctx.document, ref);
    if (target === undefined)
      fail('unresolved-ref', `$ref '${ref}' does not resolve`, { ...ctx.locate(at), pointer: ref });
    const m = /^#\/components\/[^/]+\/([^/]+)$/.exec(ref);
    if (m?.[1] && component === undefined) component = decodeToken(m[1]);
    current = asObject(ctx, target, ref, ref);
    at = ref;
  }
  return component === undefined
    ? { value: current, pointer: at }
    : { value: current, pointer: at, component };
}

export { decodeToken, resolveInternal } from '../diagnostics.ts';

/** Reads `x-not-shown` (string or list of strings) from an object and records it. */
export function readNotShown(
  ctx: ParseContext,
  obj: Json,
  pointer: string,
  subject: string,
  area: string,
): string[] | undefined {
  const raw = obj['x-not-shown'];
  if (raw === undefined) return undefined;
  const list =
    typeof raw === 'string'
      ? [raw]
      : Array.isArray(raw) && raw.every((s) => typeof s === 'string')
        ? raw
        : undefined;
  if (!list)
    fail(
      'invalid-extension',
      'x-not-shown must be a string or a list of strings',
      ctx.locate(`${pointer}/x-not-shown`),
    );
  // A shared component (a response, parameter or header every operation refers to) is one gap, not one per user.
  const shared = /^#\/components\/(responses|parameters|headers|requestBodies)\//.test(pointer);
  for (const text of list) {
    if (ctx.notShown.some((n) => n.pointer === pointer && n.text === text)) continue;
    // An entry inside a named schema takes the schema's area, which the areas pass decides.
    if (shared)
      ctx.notShown.push({
        pointer,
        subject: `component ${pointer.slice('#/components/'.length)}`,
        area: 'common',
        text,
      });
    else if (pointer.startsWith('#/components/schemas/')) ctx.notShown.push({ pointer, subject, text });
    else ctx.notShown.push({ pointer, subject, area, text });
  }
  return list;
}
