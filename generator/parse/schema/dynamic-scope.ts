/**
 * `$dynamicRef` with its dynamic scope (JSON Schema 2020-12 §8.2.3.2), resolved statically. The parser inlines
 * every reference that is not a named component, so along each path it walks it knows the schema resources
 * (`$id`s) entered so far: the dynamic scope of the function being compiled, after the document itself. A
 * `$dynamicRef` whose initial target declares a matching `$dynamicAnchor` binds to the outermost resource of that
 * scope declaring the same `$dynamicAnchor`, so each path gets its own (inlined) target. A named component's
 * function is shared by its callers: where the scope entered before a reference to it would bind one of the
 * `$dynamicRef`s it reaches otherwise than its own function does, the parser inlines it there instead.
 */
import { pointerToken, resolveInternal } from '../../diagnostics.ts';
import { decodeFragment, findAnchors } from '../../load/anchors.ts';

const DATA = new Set(['enum', 'const', 'default', 'example', 'examples']);
const DOCUMENT_BASE = 'file:///openapi-document';

const isResource = (o: Record<string, unknown>) => typeof o.$id === 'string' && !o.$id.startsWith('#');

function resolveUrl(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

export interface DynamicScope {
  /** Where a `$dynamicRef` at `pointer` lands first: the schema's pointer, and the anchor named (if any). */
  initial(ref: string, pointer: string): { target: string; anchor?: string } | undefined;
  /** The pointer of the `$dynamicAnchor: name` the resource at `resource` declares itself (not a nested resource's). */
  declared(resource: string, name: string): string | undefined;
  /** Every resource declaring `$dynamicAnchor: name` (the document is `#`). */
  declaring(name: string): string[];
  /** The anchor names of every `$dynamicRef` that evaluating the schema at `pointer` may reach, named components included. */
  anchorsReached(pointer: string): Set<string>;
  /** The nearest resource at or above `pointer` (`#`: the document). */
  resourceAt(pointer: string): string;
}

export function createDynamicScope(document: unknown): DynamicScope {
  /** Resource pointer by absolute `$id` (without fragment), and the base URI of every resource pointer. */
  const byUrl = new Map<string, string>();
  const baseOf = new Map<string, string>([['#', DOCUMENT_BASE]]);
  const resources: string[] = ['#'];
  const visit = (node: unknown, pointer: string, base: string): void => {
    if (Array.isArray(node)) return node.forEach((v, i) => visit(v, `${pointer}/${i}`, base));
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    let here = base;
    if (isResource(o)) {
      const url = resolveUrl(o.$id as string, base);
      if (url) {
        url.hash = '';
        here = url.href;
        if (!byUrl.has(here)) byUrl.set(here, pointer);
        baseOf.set(pointer, here);
        resources.push(pointer);
      }
    }
    for (const [k, v] of Object.entries(o)) if (!DATA.has(k)) visit(v, `${pointer}/${pointerToken(k)}`, here);
  };
  visit(document, '#', DOCUMENT_BASE);

  /** The nearest resource at or above `pointer`. */
  const resourceAt = (pointer: string): string => {
    let found = '#';
    for (const r of resources)
      if (r !== '#' && (pointer === r || pointer.startsWith(`${r}/`)) && r.length > found.length) found = r;
    return found;
  };

  const anchorIn = (resource: string, name: string, dynamicOnly: boolean) => {
    const own = findAnchors(resolveInternal(document, resource), resource, name, true);
    return dynamicOnly ? own.find((a) => a.dynamic) : (own.find((a) => a.dynamic) ?? own[0]);
  };

  const initial: DynamicScope['initial'] = (ref, pointer) => {
    const hash = ref.indexOf('#');
    const fragment = hash < 0 ? '' : decodeFragment(ref.slice(hash + 1));
    const url = resolveUrl(
      hash < 0 ? ref : ref.slice(0, hash) || '#',
      baseOf.get(resourceAt(pointer)) ?? DOCUMENT_BASE,
    );
    if (!url) return undefined;
    url.hash = '';
    const resource = ref.startsWith('#') ? resourceAt(pointer) : byUrl.get(url.href);
    if (resource === undefined) return undefined;
    if (!fragment) return { target: resource };
    if (fragment.startsWith('/'))
      return resolveInternal(document, `${resource}${ref.slice(hash + 1)}`) === undefined
        ? undefined
        : { target: `${resource}${ref.slice(hash + 1)}` };
    const hit = anchorIn(resource, fragment, false);
    if (!hit) return undefined;
    return hit.dynamic ? { target: hit.pointer, anchor: fragment } : { target: hit.pointer };
  };

  const declared = (resource: string, name: string) => anchorIn(resource, name, true)?.pointer;
  const declaring = (name: string) => resources.filter((r) => declared(r, name) !== undefined);

  const reached = new Map<string, Set<string>>();
  const anchorsReached = (start: string): Set<string> => {
    const cached = reached.get(start);
    if (cached) return cached;
    const names = new Set<string>();
    const seen = new Set<string>();
    const walk = (pointer: string): void => {
      if (seen.has(pointer)) return;
      seen.add(pointer);
      const collect = (node: unknown, at: string): void => {
        if (Array.isArray(node)) return node.forEach((v, i) => collect(v, `${at}/${i}`));
        if (node === null || typeof node !== 'object') return;
        const o = node as Record<string, unknown>;
        for (const key of ['$ref', '$dynamicRef']) {
          const ref = o[key];
          if (typeof ref !== 'string') continue;
          const first = ref.startsWith('#/') ? { target: ref } : initial(ref, at);
          if (key === '$dynamicRef' && first?.anchor) {
            names.add(first.anchor);
            for (const r of declaring(first.anchor)) walk(declared(r, first.anchor)!);
          }
          if (first) walk(first.target);
        }
        for (const [k, v] of Object.entries(o)) if (!DATA.has(k)) collect(v, `${at}/${pointerToken(k)}`);
      };
      collect(resolveInternal(document, pointer), pointer);
    };
    walk(start);
    reached.set(start, names);
    return names;
  };

  return { initial, declared, declaring, resourceAt, anchorsReached };
}

/** Whether any schema of the document has a `$dynamicRef` (else no dynamic scope is tracked). */
export function hasDynamicRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasDynamicRef);
  if (node === null || typeof node !== 'object') return false;
  const o = node as Record<string, unknown>;
  return (
    typeof o.$dynamicRef === 'string' || Object.entries(o).some(([k, v]) => !DATA.has(k) && hasDynamicRef(v))
  );
}
