/**
 * A union's `discriminator`: the value → member mapping made complete (explicit entries, then each member's own
 * `const` or string `enum`, else its name), or a plain union, reported, where the members do not allow one.
 */
import { joinPointer } from '../../diagnostics.ts';
import { sortedBy } from '../../ir/order.ts';
import type { Discriminator, TypeNode } from '../../ir/schema.ts';
import { decodeToken, isObject, refChain, resolveInternal, type ParseContext } from '../context.ts';
import { COMPONENT_REF } from './keywords.ts';

/**
 * A discriminator whose members are named schemas (directly, or through a union of named schemas) or inline
 * objects giving the property a `const` or string `enum`. Anything else falls back to a plain union, reported.
 */
export function parseDiscriminator(
  ctx: ParseContext,
  raw: unknown,
  variants: TypeNode[],
  pointer: string,
): Discriminator | undefined {
  const at = joinPointer(pointer, 'discriminator');
  const fallback = (message: string, where: string): undefined => {
    ctx.diagnostics.report(
      'discriminator-fallback',
      message,
      ctx.locate(where),
      'typed and validated as a plain union',
    );
    return undefined;
  };
  if (!isObject(raw) || typeof raw.propertyName !== 'string')
    return fallback('discriminator needs a propertyName', at);
  const property = raw.propertyName;
  // Members that are unions of named schemas contribute those schemas.
  const members: TypeNode[] = [];
  for (const v of variants) {
    if (v.kind === 'union' && !v.discriminator && v.variants.every((m) => m.kind === 'ref'))
      members.push(...v.variants);
    else members.push(v);
  }
  if (members.length !== variants.length)
    return fallback('a discriminated union whose members are unions is checked as a plain union', at);
  const mapping: Discriminator['mapping'] = [];
  const explicit = isObject(raw.mapping) ? raw.mapping : {};
  for (const [value, ref] of Object.entries(explicit)) {
    const m = typeof ref === 'string' ? COMPONENT_REF.exec(ref) : null;
    const schemaName = m?.[1]
      ? decodeToken(m[1])
      : typeof ref === 'string' && !ref.includes('/')
        ? ref
        : undefined;
    if (!schemaName)
      return fallback(
        `discriminator mapping '${value}' must name a component schema`,
        joinPointer(at, 'mapping', value),
      );
    if (!members.some((v) => v.kind === 'ref' && v.target === schemaName)) {
      ctx.diagnostics.report(
        'invalid-openapi',
        `discriminator mapping '${value}' → ${schemaName} is not one of the union's members`,
        ctx.locate(joinPointer(at, 'mapping', value)),
        'the mapping entry is ignored',
      );
      continue;
    }
    mapping.push({ value, schema: schemaName });
  }
  for (const [variant, v] of members.entries()) {
    if (v.kind === 'object' && !v.nullable) {
      // An inline member selects by its own value: a `const` or a string `enum` of the property.
      const type = v.properties.find((p) => p.name === property)?.type;
      const values =
        type?.kind === 'literal' && typeof type.value === 'string'
          ? [type.value]
          : type?.kind === 'enum' && !type.open && type.values.every((x) => typeof x === 'string')
            ? type.values
            : [];
      if (!values.length)
        return fallback(
          `an inline member of a discriminated union needs a const or string enum for '${property}'`,
          v.pointer,
        );
      for (const value of values) mapping.push({ value, variant });
      continue;
    }
    if (v.kind !== 'ref')
      return fallback('a discriminated union must list $ref or inline object members only', v.pointer);
    if (mapping.some((m) => m.schema === v.target)) continue;
    const targetSchema = resolveInternal(ctx.document, `#/components/schemas/${v.target}`);
    // Through `$ref`s: PagerDuty's runners name their type by a shared `enum` schema.
    const prop =
      isObject(targetSchema) && isObject(targetSchema.properties)
        ? refChain(ctx.document, targetSchema.properties[property]).at(-1)
        : undefined;
    // The member's own value: its `const`, else every value of its string `enum`, else its name (OpenAPI's default).
    const values =
      typeof prop?.const === 'string'
        ? [prop.const]
        : Array.isArray(prop?.enum) && prop.enum.length && prop.enum.every((x) => typeof x === 'string')
          ? prop.enum
          : [v.target];
    for (const value of values) mapping.push({ value, schema: v.target });
  }
  const ambiguous = mapping.find((m, i) => mapping.findIndex((x) => x.value === m.value) !== i);
  if (ambiguous) return fallback(`discriminator value '${ambiguous.value}' selects more than one member`, at);
  const sorted = sortedBy(mapping, (m) => m.value);
  // Every named member must have the property (its own, or from an `allOf` part or a reference it extends).
  const missing = sorted.find(
    (m) =>
      m.schema !== undefined &&
      !hasProperty(
        ctx,
        resolveInternal(ctx.document, joinPointer('#/components/schemas', m.schema)),
        property,
      ),
  );
  if (missing)
    return fallback(
      `discriminator '${property}' is not a property of ${missing.schema} (mapping '${missing.value}')`,
      pointer,
    );
  return { property, mapping: sorted };
}

/** Whether a schema of the document declares `property`, in its `properties`, its `$ref` target or an `allOf` part. */
function hasProperty(ctx: ParseContext, raw: unknown, property: string, depth = 0): boolean {
  if (!isObject(raw) || depth > 16) return false;
  if (isObject(raw.properties) && Object.hasOwn(raw.properties, property)) return true;
  if (
    typeof raw.$ref === 'string' &&
    raw.$ref.startsWith('#') &&
    hasProperty(ctx, resolveInternal(ctx.document, raw.$ref), property, depth + 1)
  )
    return true;
  return Array.isArray(raw.allOf) && raw.allOf.some((m) => hasProperty(ctx, m, property, depth + 1));
}
