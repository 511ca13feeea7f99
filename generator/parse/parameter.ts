/** Parameter objects → IR parameters (identifiers are filled in by the naming pass). */
import { fail, joinPointer } from '../diagnostics.ts';
import type { Parameter, ParameterLocation } from '../ir/types.ts';
import { deref, readNotShown, type ParseContext } from './context.ts';
import { checkExtensions } from './extensions.ts';
import type { SchemaParser } from './schema.ts';

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

export function parseParameters(ctx: ParseContext, schemas: SchemaParser, lists: { raw: unknown; pointer: string }[], area: string, subject: string): Parameter[] {
  const byKey = new Map<string, Parameter>();
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
        fail('invalid-openapi', "a parameter needs 'name' and 'in' (path, query, header or cookie)", ctx.locate(resolved));
      }
      if (p.schema === undefined) {
        fail('unsupported', `parameter '${name}' must use 'schema' (the 'content' form is not supported)`, ctx.locate(resolved));
      }
      const type = schemas.parse(p.schema, joinPointer(resolved, 'schema'));
      const param: Parameter = {
        name,
        in: location as ParameterLocation,
        required: location === 'path' ? true : p.required === true,
        type,
        identifier: '',
      };
      const description = typeof p.description === 'string' ? p.description.trim() : type.description;
      if (description) param.description = description;
      if (component) param.component = component;
      if (p.deprecated === true) param.deprecated = true;
      if (typeof p.style === 'string') param.style = p.style;
      if (typeof p.explode === 'boolean') param.explode = p.explode;
      const notShown = readNotShown(ctx, p, resolved, `${subject} parameter ${name}`, area);
      if (notShown) param.notShown = notShown;
      // Operation-level parameters override path-level ones with the same name and location.
      byKey.set(`${location}:${name.toLowerCase()}`, param);
    });
  }
  return [...byKey.values()];
}
