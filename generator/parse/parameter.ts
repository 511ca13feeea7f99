/** Parameter objects → IR parameters, in the order of the lists (callers sort them). */
import { fail, joinPointer } from '../diagnostics.ts';
import type { ParsedParameter, ParameterLocation } from '../ir/parameter.ts';
import { deref, isObject, readNotShown, type ParseContext } from './context.ts';
import { checkExtensions } from './extensions.ts';
import type { SchemaParser } from './schema/index.ts';

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

export function parseParameters(
  ctx: ParseContext,
  schemas: SchemaParser,
  lists: { raw: unknown; pointer: string }[],
  area: string,
  subject: string,
): ParsedParameter[] {
  const byKey = new Map<string, ParsedParameter>();
  for (const { raw, pointer } of lists) {
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) fail('invalid-openapi', 'parameters must be a list', ctx.locate(pointer));
    raw.forEach((entry, index) => {
      const at = joinPointer(pointer, index);
      const { value: p, pointer: resolved, component } = deref(ctx, entry, at);
      checkExtensions(ctx, p, resolved, 'parameter');
      const name = p.name;
      const location = p.in;
      if (typeof name !== 'string' || !LOCATIONS.includes(location as ParameterLocation)) {
        ctx.diagnostics.report(
          'invalid-openapi',
          "a parameter needs 'name' and 'in' (path, query, header or cookie)",
          ctx.locate(resolved),
          'the parameter is left out',
        );
        return;
      }
      let schemaAt = joinPointer(resolved, 'schema');
      let schema = p.schema;
      if (schema === undefined) {
        // The `content` form: the value is the one media type's document (JSON, in practice), typed by its schema.
        const content = isObject(p.content) ? Object.entries(p.content)[0] : undefined;
        const media = content && isObject(content[1]) ? content[1] : undefined;
        ctx.diagnostics.report(
          'unsupported',
          `parameter '${name}' uses the 'content' form, which the generator reads only partly`,
          ctx.locate(resolved),
          media?.schema !== undefined
            ? `typed by the schema of its '${content![0]}' content and sent as a plain value`
            : 'typed as a string',
        );
        schema = media?.schema ?? { type: 'string' };
        if (media?.schema !== undefined) schemaAt = joinPointer(resolved, 'content', content![0], 'schema');
      }
      const type = schemas.parse(schema, schemaAt);
      const param: ParsedParameter = {
        name,
        in: location as ParameterLocation,
        required: location === 'path' ? true : p.required === true,
        type,
      };
      const description = typeof p.description === 'string' ? p.description.trim() : type.description;
      if (description) param.description = description;
      if (component) param.component = component;
      if (p.deprecated === true) param.deprecated = true;
      if (typeof p.style === 'string') param.style = p.style;
      if (typeof p.explode === 'boolean') param.explode = p.explode;
      if (p.allowReserved === true && location === 'query') param.allowReserved = true;
      const notShown = readNotShown(ctx, p, resolved, `${subject} parameter ${name}`, area);
      if (notShown) param.notShown = notShown;
      // Operation-level parameters override path-level ones with the same name and location.
      byKey.set(`${location}:${name.toLowerCase()}`, param);
    });
  }
  return [...byKey.values()];
}
