/**
 * `$dynamicRef` during one parse: the schema resources entered along the path being parsed (the dynamic scope after
 * the document), and how a `$dynamicRef` binds on that path (JSON Schema 2020-12 §8.2.3.2; the document's scopes
 * are measured once by ./dynamic-scope.ts). Nothing is tracked for a document without a `$dynamicRef`.
 */
import { joinPointer } from '../../diagnostics.ts';
import { findAnchors } from '../../load/anchors.ts';
import { isObject, resolveInternal, type Json, type ParseContext } from '../context.ts';
import { anchorTarget } from './anchors.ts';
import { createDynamicScope, hasDynamicRef, type DynamicScope } from './dynamic-scope.ts';
import { stripKeys } from './json.ts';

export class DynamicRefs {
  private measured: DynamicScope | undefined;
  private tracked: boolean | undefined;
  /** The schema resources (`$id`s) entered along the path being parsed: the dynamic scope after the document. */
  private readonly entered: string[] = [];

  constructor(private readonly document: unknown) {}

  private scope(): DynamicScope {
    return (this.measured ??= createDynamicScope(this.document));
  }

  /** Whether some `$dynamicRef` of the document may read the scope (else none is tracked). */
  tracks(): boolean {
    return (this.tracked ??= hasDynamicRef(this.document));
  }

  /**
   * A schema entered by a reference enters its resource, even below the resource's root: true when the schema at
   * `pointer` entered one (then `leave` once it is parsed).
   */
  enter(pointer: string): boolean {
    const at = this.tracks() ? this.scope().resourceAt(pointer) : '#';
    const resource = at !== '#' && this.entered[this.entered.length - 1] !== at;
    if (resource) this.entered.push(at);
    return resource;
  }

  leave(): void {
    this.entered.pop();
  }

  /**
   * Whether the scope entered so far binds some `$dynamicRef` reachable from the component at `ref` otherwise than
   * the component's own function (which starts from the document and the component's resource) does.
   */
  rebinds(ref: string): boolean {
    const scope = this.scope();
    const path = ['#', ...this.entered];
    const own = ['#', scope.resourceAt(ref)];
    for (const name of scope.anchorsReached(ref)) {
      const outer = path.find((r) => scope.declared(r, name) !== undefined);
      if (outer !== undefined && outer !== own.find((r) => scope.declared(r, name) !== undefined))
        return true;
    }
    return false;
  }

  /**
   * The schema a `$dynamicRef` at `pointer` stands for on the path being parsed: when its initial target declares the
   * `$dynamicAnchor` it names, the outermost resource of the dynamic scope declaring that anchor (§8.2.3.2). A named
   * component is called with a scope of its own only where that binds alike (`rebinds`). Undefined for an anchor of
   * the document itself (read by `anchorTarget`).
   */
  target(ref: string, pointer: string): string | undefined {
    const scope = this.scope();
    if (/^#[^/]/.test(ref) && scope.resourceAt(pointer) === '#') return undefined;
    const first = scope.initial(ref, pointer);
    if (!first?.anchor) return first?.target;
    const name = first.anchor;
    const path = ['#', ...this.entered];
    return path.map((r) => scope.declared(r, name)).find((x) => x !== undefined) ?? first.target;
  }
}

/**
 * A schema with a `$dynamicRef`, bound: the same schema with a `$ref` to what it stands for on this path, to be
 * shaped again; undefined when it names no schema of the document (reported, unless it is `#`).
 */
export function bindDynamicRef(
  ctx: ParseContext,
  dynamic: DynamicRefs,
  schema: Json,
  pointer: string,
): Json | undefined {
  const ref = schema.$dynamicRef as string;
  const bound = ref.startsWith('#/') ? ref : dynamic.target(ref, pointer);
  const target = bound ?? anchorTarget(ctx, ref, pointer, true);
  if (target) {
    if (bound === undefined) reportDynamicScope(ctx, ref, target, pointer);
    return { ...stripKeys(schema, ['$dynamicRef']), $ref: target };
  }
  if (ref !== '#') {
    ctx.diagnostics.report(
      'unsupported',
      `'$dynamicRef: ${ref}' names no schema of the document`,
      ctx.locate(joinPointer(pointer, '$dynamicRef')),
      'a reference to the enclosing named schema',
    );
  }
  return undefined;
}

/** A `$dynamicRef` that lands on a `$dynamicAnchor` other schemas redeclare: a dynamic scope could pick another. */
function reportDynamicScope(ctx: ParseContext, ref: string, target: string, pointer: string): void {
  const anchored = resolveInternal(ctx.document, target);
  const name =
    isObject(anchored) && typeof anchored.$dynamicAnchor === 'string' ? anchored.$dynamicAnchor : undefined;
  // Only a reference naming that anchor (`#name`) is dynamic; `#/pointer` or another name is an ordinary `$ref`.
  if (
    name === undefined ||
    ref !== `#${name}` ||
    !findAnchors(ctx.document, '#', name).some((a) => a.dynamic && a.pointer !== target)
  )
    return;
  ctx.diagnostics.report(
    'unsupported',
    `'$dynamicRef: ${ref}' is resolved statically to ${target}; other schemas declare '$dynamicAnchor: ${name}' and a dynamic scope is not followed`,
    ctx.locate(joinPointer(pointer, '$dynamicRef')),
    'checked against the schema it names statically',
  );
}
