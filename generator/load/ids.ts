/**
 * In-document `$id` (JSON Schema 2020-12, OpenAPI 3.1): a `$ref` such as `list`, `urn:uuid:…#/$defs/x` or
 * `http://example.com/node` that names a schema of the same document by its `$id` (resolved against the enclosing
 * `$id`s) is rewritten to the JSON pointer of that schema before references are followed, so it is not read as a
 * file or a remote document. A pointer-only reference (`#/$defs/x`) inside a schema with its own `$id` is read
 * against that schema when it resolves there (JSON Schema's rule); otherwise, and everywhere else, it stays relative
 * to the document, as OpenAPI tools read `#/components/…`.
 */
import { decodeToken, pointerToken, resolveInternal } from '../diagnostics.ts';
import { decodeFragment, findAnchors } from './anchors.ts';

/** The document's own base: references that resolve to it without an `$id` stay as written. */
const DOCUMENT_BASE = 'file:///openapi-document';
const DATA = new Set(['enum', 'const', 'default', 'example', 'examples']);

function resolve(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

/** A schema's own `$id` (without fragment) resolved against the enclosing base; none for a fragment-only `$id`. */
function ownBase(o: Record<string, unknown>, base: string): string | undefined {
  if (typeof o.$id !== 'string' || o.$id.startsWith('#')) return undefined;
  const url = resolve(o.$id, base);
  if (!url) return undefined;
  url.hash = '';
  return url.href;
}

/** Rewrites `$ref`s that name an in-document `$id` (in place); returns how many were rewritten. */
export function rewriteIdRefs(value: unknown): number {
  const resources = new Map<string, string>();
  const visitIds = (node: unknown, pointer: string, base: string): void => {
    if (Array.isArray(node)) return node.forEach((v, i) => visitIds(v, `${pointer}/${i}`, base));
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    const own = ownBase(o, base);
    if (own !== undefined && !resources.has(own)) resources.set(own, pointer);
    const here = own ?? base;
    for (const [k, v] of Object.entries(o))
      if (!DATA.has(k)) visitIds(v, `${pointer}/${pointerToken(k)}`, here);
  };
  visitIds(value, '#', DOCUMENT_BASE);
  if (!resources.size) return 0;
  let count = 0;
  const visitRefs = (js: unknown, base: string): void => {
    if (js === null || typeof js !== 'object') return;
    if (Array.isArray(js)) return js.forEach((item) => visitRefs(item, base));
    const o = js as Record<string, unknown>;
    const here = ownBase(o, base) ?? base;
    for (const [key, child] of Object.entries(o)) {
      if (DATA.has(key)) continue;
      if (
        (key === '$ref' || key === '$dynamicRef') &&
        typeof child === 'string' &&
        (!child.startsWith('#') || child.startsWith('#/'))
      ) {
        // A `$dynamicRef` landing on a `$dynamicAnchor` is dynamic: rewriting it to a pointer would hide that.
        const target = child.startsWith('#')
          ? inResource(child, resources.get(here), value)
          : targetOf(child, here, resources, value, key === '$dynamicRef');
        if (target) {
          o[key] = target;
          count++;
        }
        continue;
      }
      visitRefs(child, here);
    }
  };
  visitRefs(value, DOCUMENT_BASE);
  return count;
}

/**
 * A pointer-only reference inside a schema with its own `$id` is relative to that schema (JSON Schema's base URI):
 * the pointer under the resource, when it resolves there. Otherwise it stays relative to the document, as OpenAPI
 * tools read `#/components/…`.
 */
function inResource(ref: string, resource: string | undefined, root: unknown): string | undefined {
  if (resource === undefined || resource === '#') return undefined;
  const target = `${resource}${ref.slice(1)}`;
  return resolveInternal(root, target) === undefined ? undefined : target;
}

function targetOf(
  ref: string,
  base: string,
  resources: Map<string, string>,
  root: unknown,
  dynamicRef = false,
): string | undefined {
  const url = resolve(ref, base);
  if (!url) return undefined;
  const fragment = decodeFragment(url.hash.slice(1));
  url.hash = '';
  const pointer = resources.get(url.href);
  if (pointer === undefined) return undefined;
  if (!fragment) return pointer;
  // A pointer fragment, kept as written (still URI-encoded, as every `$ref` is), under the resource's pointer.
  if (fragment.startsWith('/')) return `${pointer}${ref.slice(ref.indexOf('#') + 1)}`;
  let resource: unknown = root;
  for (const t of pointer
    .slice(2)
    .split('/')
    .filter((x, i, a) => !(a.length === 1 && x === ''))) {
    resource = (resource as Record<string, unknown> | undefined)?.[decodeToken(t)];
  }
  const anchors = findAnchors(resource, pointer, fragment, true);
  const anchor = anchors.find((a) => !a.dynamic) ?? anchors[0];
  return anchor && !(dynamicRef && anchor.dynamic) ? anchor.pointer : undefined;
}
