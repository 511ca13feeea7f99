/**
 * JSON Schema (OpenAPI 3.0 and 3.1 dialects) → IR type nodes. Quirks are normalised here, once: type arrays
 * and `nullable` become `nullable`, `const` and one-value enums become literals, `{type: "null"}` union members
 * fold into `nullable`, `anyOf [enum, string]` becomes an open enum, and `$ref` to a component stays a named
 * reference (inlined only where a dynamic scope binds a `$dynamicRef` in it otherwise: ./dynamic-ref.ts).
 *
 * A schema is checked (./check.ts), its references by anchor or `$dynamicRef` bound, then shaped by the first rule
 * of the table in ./rules.ts that matches it, and the keywords that apply beside a shape attached
 * (./applicators.ts). Each converter is a function of the schema and the parse state (./context.ts).
 */
import type { TypeNode } from '../../ir/schema.ts';
import { isObject, type Json, type ParseContext } from '../context.ts';
import { bindAnchorRef } from './anchors.ts';
import { attachApplicators } from './applicators.ts';
import { checkKeywords } from './check.ts';
import type { SchemaParse } from './context.ts';
import { bindDynamicRef, DynamicRefs } from './dynamic-ref.ts';
import { nodeBase } from './node.ts';
import { SHAPE_RULES } from './rules.ts';

export interface SchemaParser {
  parse(schema: unknown, pointer: string): TypeNode;
}

/** A parser for the schemas of one document; `area` names the area of what is being parsed at each call. */
export function createSchemaParser(ctx: ParseContext, area: () => string): SchemaParser {
  const p: SchemaParse = {
    ctx,
    area,
    parse,
    shape,
    inlining: new Set(),
    allOfParts: new Set(),
    dynamic: new DynamicRefs(ctx.document),
  };

  function parse(raw: unknown, pointer: string): TypeNode {
    if (raw === true) return { kind: 'unknown', nullable: false, pointer };
    if (raw === false) return { kind: 'never', nullable: false, pointer };
    if (!isObject(raw)) {
      // `schema: null` and the like: reported (an error in strict mode), read as any value.
      ctx.diagnostics.report(
        'invalid-openapi',
        `a schema must be an object or a boolean, not ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`,
        ctx.locate(pointer),
        'read as any value',
      );
      return { kind: 'unknown', nullable: false, pointer };
    }
    checkKeywords(ctx, raw, pointer);
    const entered = p.dynamic.enter(pointer);
    try {
      return attachApplicators(raw, pointer, shape(raw, pointer), p);
    } finally {
      if (entered) p.dynamic.leave();
    }
  }

  function shape(raw: Json, pointer: string): TypeNode {
    const schema = bindAnchorRef(ctx, raw, pointer);
    if (typeof schema.$dynamicRef === 'string') {
      const bound = bindDynamicRef(ctx, p.dynamic, schema, pointer);
      if (bound) return shape(bound, pointer);
    }
    const rule = SHAPE_RULES.find((r) => r.match(schema))!;
    return rule.convert(schema, nodeBase(schema, pointer, p), pointer, p);
  }

  return { parse };
}
