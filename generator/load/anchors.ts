/**
 * In-document `$anchor` and `$dynamicAnchor` (JSON Schema 2020-12): `$ref: '#name'` names the schema that declares
 * `$anchor: name`, and `$dynamicRef: '#name'` the one that declares `$dynamicAnchor: name`. References are resolved
 * within the enclosing component first, then the whole document.
 */
import { joinPointer } from '../diagnostics.ts';

/** Keys whose values are JSON data, not schemas: an `$anchor` inside them declares nothing. */
const DATA = new Set(['enum', 'const', 'default', 'example', 'examples']);

export interface Anchor {
  pointer: string;
  dynamic: boolean;
}

/**
 * Every anchor of `name` under `root` (at `rootPointer`), in document order; with `ownResource`, not those of
 * schemas inside it that start a resource of their own (`$id`).
 */
export function findAnchors(root: unknown, rootPointer: string, name: string, ownResource = false): Anchor[] {
  const out: Anchor[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, joinPointer(pointer, i)));
    if (value === null || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    if (ownResource && pointer !== rootPointer && typeof node.$id === 'string' && !node.$id.startsWith('#'))
      return;
    if (node.$anchor === name) out.push({ pointer, dynamic: false });
    if (node.$dynamicAnchor === name) out.push({ pointer, dynamic: true });
    for (const [k, v] of Object.entries(node)) if (!DATA.has(k)) walk(v, joinPointer(pointer, k));
  };
  walk(root, rootPointer);
  return out;
}

/** A URI fragment's text (`%25` → `%`); a stray `%` stays itself. */
export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The component a pointer is inside (`#/components/schemas/X`), or undefined. */
export function componentOf(pointer: string): string | undefined {
  return /^#\/components\/schemas\/[^/]+/.exec(pointer)?.[0];
}
