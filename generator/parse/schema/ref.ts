/**
 * References: `$ref` (a named schema stays a named reference; any other target is inlined), with 3.1's keywords
 * beside it, and 2019-09's `$recursiveRef` (or a `$dynamicRef` left unbound), which names the enclosing schema.
 */
import { fail } from '../../diagnostics.ts';
import type { NodeBase, TypeNode } from '../../ir/schema.ts';
import { decodeToken, resolveInternal } from '../context.ts';
import type { Converter, SchemaParse } from './context.ts';
import { COMPONENT_REF } from './keywords.ts';
import { hasShape, stripAnnotations, stripKeys } from './json.ts';

/** `$ref`: OpenAPI 3.1 (JSON Schema 2020-12) applies the keywords beside it too; 3.0 ignores them. */
export const convertRef: Converter = (schema, b, pointer, p) => {
  const ref = schema.$ref as string;
  const rest = stripKeys(schema, ['$ref']);
  if (
    p.ctx.version === '3.1' &&
    (hasShape(rest) || ['allOf', 'anyOf', 'oneOf'].some((k) => Array.isArray(rest[k])))
  ) {
    const target = parseRef(ref, { nullable: false, pointer }, pointer, p);
    return { ...b, kind: 'intersection', members: [target, p.shape(stripAnnotations(rest), pointer)] };
  }
  return parseRef(ref, b, pointer, p);
};

/** 2019-09 `$recursiveRef` and 2020-12 `$dynamicRef` point back at the enclosing named schema. */
export const convertOwnerRef: Converter = (schema, b, pointer, { ctx }) => {
  const owner = /^#\/components\/schemas\/([^/]+)/.exec(pointer)?.[1];
  if (owner) return { ...b, kind: 'ref', target: decodeToken(owner) };
  ctx.diagnostics.report(
    'unsupported',
    `'${schema.$recursiveRef !== undefined ? '$recursiveRef' : '$dynamicRef'}' outside a named schema`,
    ctx.locate(pointer),
    'typed as unknown',
  );
  return { ...b, kind: 'unknown' };
};

function parseRef(ref: string, b: NodeBase, pointer: string, p: SchemaParse): TypeNode {
  const { ctx, inlining } = p;
  const m = COMPONENT_REF.exec(ref);
  if (m?.[1]) {
    const target = decodeToken(m[1]);
    if (resolveInternal(ctx.document, ref) === undefined) {
      fail('unresolved-ref', `$ref '${ref}' does not resolve`, { ...ctx.locate(pointer), pointer: ref });
    }
    if (!p.dynamic.tracks() || !p.dynamic.rebinds(ref)) return { ...b, kind: 'ref', target };
    // The callers' dynamic scope binds a `$dynamicRef` of the component otherwise than its own function does: inlined.
    if (inlining.has(ref)) {
      ctx.diagnostics.report(
        'unsupported',
        `the dynamic scope of this recursive reference to '${target}' binds a '$dynamicRef' in it otherwise than the named schema does, and is not followed`,
        ctx.locate(pointer),
        'checked against the named schema',
      );
      return { ...b, kind: 'ref', target };
    }
    return inline(ref, resolveInternal(ctx.document, ref), b, p);
  }
  if (!ref.startsWith('#')) fail('unresolved-ref', `$ref '${ref}' was not bundled`, ctx.locate(pointer));
  const target = resolveInternal(ctx.document, ref);
  if (target === undefined)
    fail('unresolved-ref', `$ref '${ref}' does not resolve`, { ...ctx.locate(pointer), pointer: ref });
  if (inlining.has(ref)) {
    ctx.diagnostics.report(
      'unsupported',
      `recursive $ref '${ref}' outside #/components/schemas cannot be named; move it to a component`,
      ctx.locate(pointer),
      'the recursion is typed as unknown',
    );
    return { ...b, kind: 'unknown' };
  }
  return inline(ref, target, b, p);
}

/** The schema at `ref` parsed in place of the reference (which lends it its description when it has none). */
function inline(ref: string, target: unknown, b: NodeBase, p: SchemaParse): TypeNode {
  p.inlining.add(ref);
  try {
    const node = p.parse(target, ref);
    if (b.description && !node.description) node.description = b.description;
    return node;
  } finally {
    p.inlining.delete(ref);
  }
}
