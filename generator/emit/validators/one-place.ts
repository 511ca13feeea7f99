/**
 * The sub-schemas written at exactly one place in the document, by structural key, with that place. Their `check`
 * helper is never called for another copy, so it writes whole `schemaPath`s instead of being told where it is (`s`)
 * and joining that with the rest at every error: most helpers serve one place, and an invalid request's errors then
 * join no strings but their data paths.
 */
import type { Api } from '../../ir/api.ts';
import { walkApi } from '../../ir/walk.ts';
import { structuralKey } from './structure.ts';

export function onePlaceKeys(api: Api): Map<string, string> {
  const seen = new Map<string, string | null>();
  // A named schema's own node compiles to its exported function, which writes whole pointers already.
  const roots = new Set(api.schemas.map((s) => s.type));
  const labels = { schema: () => ({ name: '', area: '' }), operation: () => '' };
  walkApi(api, labels, ({ node }) => {
    if (roots.has(node)) return;
    const key = structuralKey(node);
    // A second visit, even of the same place (a node reached by two routes), makes the helper shared.
    seen.set(key, seen.has(key) ? null : node.pointer);
  });
  return new Map([...seen].filter((e): e is [string, string] => e[1] !== null));
}
