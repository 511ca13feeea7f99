/**
 * References by anchor (`$ref: '#name'`, and `$dynamicRef: '#name'` read statically): the pointer of the schema
 * declaring the anchor, looked for in the reference's own schema resource, then its component, then the document.
 */
import { componentOf, decodeFragment, findAnchors, type Anchor } from '../../load/anchors.ts';
import { decodeToken, isObject, resolveInternal, type Json, type ParseContext } from '../context.ts';

/** A schema whose `$ref` names an anchor, with the `$ref` made the anchor's pointer (else the schema as it is). */
export function bindAnchorRef(ctx: ParseContext, schema: Json, pointer: string): Json {
  if (typeof schema.$ref !== 'string' || !/^#[^/]/.test(schema.$ref)) return schema;
  const target = anchorTarget(ctx, schema.$ref, pointer, false);
  return target ? { ...schema, $ref: target } : schema;
}

/**
 * The JSON pointer an anchor reference (`#name`) stands for: the schema of the enclosing component that declares
 * it, else the first in the document. `dynamic` (`$dynamicRef`) looks for `$dynamicAnchor` first. A reference in a
 * schema resource with its own `$id` is bound by `DynamicRefs.target` first; this reads the document's own anchors,
 * where a `$dynamicAnchor` declared more than once is reported.
 */
export function anchorTarget(
  ctx: ParseContext,
  ref: string,
  pointer: string,
  dynamic: boolean,
): string | undefined {
  if (!/^#[^/]/.test(ref)) return undefined;
  const name = decodeFragment(ref.slice(1));
  // The schema resource the reference sits in (the nearest `$id`) names first; an `$anchor` found there makes a
  // `$dynamicRef` an ordinary reference (it is dynamic only when it lands on a `$dynamicAnchor`).
  const resource = resourceOf(ctx, pointer);
  if (resource) {
    const own = findAnchors(resolveInternal(ctx.document, resource), resource, name, true);
    // A `$dynamicAnchor` there makes the reference dynamic: the outermost declaration (below) approximates the scope.
    const hit = dynamic
      ? own.some((a) => a.dynamic)
        ? undefined
        : own[0]
      : (own.find((a) => !a.dynamic) ?? own[0]);
    if (hit) return hit.pointer;
  }
  const scope = componentOf(pointer);
  const local = scope ? findAnchors(resolveInternal(ctx.document, scope), scope, name) : [];
  const all = findAnchors(ctx.document, '#', name);
  const pick = (list: Anchor[]) =>
    dynamic ? (list.find((a) => a.dynamic) ?? list[0]) : (list.find((a) => !a.dynamic) ?? list[0]);
  return (pick(local) ?? pick(all))?.pointer;
}

/** The pointer of the nearest schema above `pointer` (itself included) with its own non-fragment `$id`. */
function resourceOf(ctx: ParseContext, pointer: string): string | undefined {
  let found: string | undefined;
  let at = '#';
  let node: unknown = ctx.document;
  for (const raw of pointer.slice(2).split('/')) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<string, unknown>)[decodeToken(raw)];
    at = `${at}/${raw}`;
    if (isObject(node) && typeof node.$id === 'string' && !node.$id.startsWith('#')) found = at;
  }
  return found;
}
