/**
 * `$dynamicRef` with its dynamic scope (JSON Schema 2020-12 §8.2.3.2), resolved statically. The parser inlines
 * every reference that is not a named component, so along each path it walks it knows the schema resources
 * (`$id`s) entered so far: the dynamic scope of the function being compiled, after the document itself. A
 * `$dynamicRef` whose initial target declares a matching `$dynamicAnchor` binds to the outermost resource of that
 * scope declaring the same `$dynamicAnchor`, so each path gets its own (inlined) target. A named component's
 * function is shared by its callers, whose resources are not known there: when a resource declaring the anchor
 * might be entered before it (it can reach a named component), the binding is not exact and the parser says so.
 */
import { resolveInternal } from '../diagnostics.ts';
import { decodeFragment, findAnchors } from '../load/anchors.ts';

const DATA = new Set(['enum', 'const', 'default', 'example', 'examples']);
const DOCUMENT_BASE = 'file:///openapi-document';
const COMPONENT_REF = /^#\/components\/schemas\/[^/]+$/;

const tokenOf = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
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
  /** The nearest resource at or above `pointer` (`#`: the document). */
  resourceAt(pointer: string): string;
  /** Whether evaluating the schema at `pointer` may call a named component's function (or cannot be told). */
  reachesNamed(pointer: string): boolean;
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
    for (const [k, v] of Object.entries(o)) if (!DATA.has(k)) visit(v, `${pointer}/${tokenOf(k)}`, here);
  };
  visit(document, '#', DOCUMENT_BASE);

  /** The nearest resource at or above `pointer`. */
  const resourceAt = (pointer: string): string => {
    let found = '#';
    for (const r of resources) if (r !== '#' && (pointer === r || pointer.startsWith(`${r}/`)) && r.length > found.length) found = r;
    return found;
  };

  const anchorIn = (resource: string, name: string, dynamicOnly: boolean) => {
    const own = findAnchors(resolveInternal(document, resource), resource, name, true);
    return dynamicOnly ? own.find((a) => a.dynamic) : (own.find((a) => a.dynamic) ?? own[0]);
  };

  const initial: DynamicScope['initial'] = (ref, pointer) => {
    const hash = ref.indexOf('#');
    const fragment = hash < 0 ? '' : decodeFragment(ref.slice(hash + 1));
    const url = resolveUrl(hash < 0 ? ref : ref.slice(0, hash) || '#', baseOf.get(resourceAt(pointer)) ?? DOCUMENT_BASE);
    if (!url) return undefined;
    url.hash = '';
    const resource = ref.startsWith('#') ? resourceAt(pointer) : byUrl.get(url.href);
    if (resource === undefined) return undefined;
    if (!fragment) return { target: resource };
    if (fragment.startsWith('/')) return resolveInternal(document, `${resource}${ref.slice(hash + 1)}`) === undefined ? undefined : { target: `${resource}${ref.slice(hash + 1)}` };
    const hit = anchorIn(resource, fragment, false);
    if (!hit) return undefined;
    return hit.dynamic ? { target: hit.pointer, anchor: fragment } : { target: hit.pointer };
  };

  const declared = (resource: string, name: string) => anchorIn(resource, name, true)?.pointer;
  const declaring = (name: string) => resources.filter((r) => declared(r, name) !== undefined);

  /** Every schema evaluation may enter from `pointer` through inlined references; true at the first named call. */
  const reachesNamed = (start: string): boolean => {
    const seen = new Set<string>();
    const walk = (pointer: string): boolean => {
      if (seen.has(pointer)) return false;
      seen.add(pointer);
      const refs: [string, string, boolean][] = [];
      const collect = (node: unknown, at: string): void => {
        if (Array.isArray(node)) return node.forEach((v, i) => collect(v, `${at}/${i}`));
        if (node === null || typeof node !== 'object') return;
        const o = node as Record<string, unknown>;
        for (const key of ['$ref', '$dynamicRef', '$recursiveRef']) if (typeof o[key] === 'string') refs.push([o[key] as string, at, key !== '$ref']);
        for (const [k, v] of Object.entries(o)) if (!DATA.has(k)) collect(v, `${at}/${tokenOf(k)}`);
      };
      collect(resolveInternal(document, pointer), pointer);
      for (const [ref, at, dynamic] of refs) {
        if (COMPONENT_REF.test(ref) || ref === '#') return true;
        const first = ref.startsWith('#/') ? { target: ref } : initial(ref, at);
        if (!first) return true;
        // A dynamic reference may land on any declaration of its anchor.
        const targets = dynamic && first.anchor ? [first.target, ...declaring(first.anchor).map((r) => declared(r, first.anchor!)!)] : [first.target];
        if (targets.some((t) => COMPONENT_REF.test(t) || walk(t))) return true;
      }
      return false;
    };
    return walk(start);
  };

  return { initial, declared, declaring, reachesNamed, resourceAt };
}

/** Whether any schema of the document has a `$dynamicRef` (else no dynamic scope is tracked). */
export function hasDynamicRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasDynamicRef);
  if (node === null || typeof node !== 'object') return false;
  const o = node as Record<string, unknown>;
  return typeof o.$dynamicRef === 'string' || Object.entries(o).some(([k, v]) => !DATA.has(k) && hasDynamicRef(v));
}
