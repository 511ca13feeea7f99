/**
 * The bundled document → the parsed model: every fact of the document, with every list in its stated order
 * (generator/ir/, documented in ir/api.ts); what the whole document decides (names, areas, the resource tree) is left to the passes.
 */
import { Diagnostics, fail, joinPointer } from '../diagnostics.ts';
import { sortedBy } from '../ir/order.ts';
import type { ParsedApi } from '../ir/api.ts';
import type { Tag } from '../ir/area.ts';
import type { ParsedSchema } from '../ir/schema.ts';
import type { SecurityScheme } from '../ir/server.ts';
import type { LoadedSpec } from '../load/index.ts';
import { kebabCase } from '../naming/case.ts';
import { isObject, readNotShown, specText, type ParseContext } from './context.ts';
import { checkExtensions } from './extensions.ts';
import { parseHeaders } from './media.ts';
import { parseOperations, parseSecurity, parseServers } from './operation.ts';
import { createSchemaParser } from './schema/index.ts';
import { parseStateMachines } from './state-machines.ts';
import { parseWebhooks } from './webhook.ts';

export function parseDocument(
  spec: LoadedSpec,
  diagnostics: Diagnostics = new Diagnostics('strict'),
): ParsedApi {
  const document = spec.document;
  const ctx: ParseContext = {
    document,
    version: document.openapi.startsWith('3.0') ? '3.0' : '3.1',
    locate: spec.locate,
    notShown: [],
    diagnostics,
  };
  checkExtensions(ctx, document, '#', 'root');
  let currentArea = 'common';
  const schemas = createSchemaParser(ctx, () => currentArea);
  readNotShown(ctx, document, '#', 'the API', 'common');

  const info = isObject(document.info)
    ? document.info
    : fail('invalid-openapi', 'info is required', ctx.locate('#/info'));
  const components = isObject(document.components) ? document.components : {};
  for (const section of Object.keys(components))
    checkExtensions(
      ctx,
      isObject(components[section]) ? components[section] : {},
      joinPointer('#/components', section),
      'other',
    );

  const tags: Tag[] = (Array.isArray(document.tags) ? document.tags : []).filter(isObject).map((t) => {
    const tag: Tag = { name: String(t.name), area: kebabCase(String(t.name)) };
    if (typeof t.description === 'string') tag.description = t.description.trim();
    return tag;
  });

  const rawSchemas = isObject(components.schemas) ? components.schemas : {};
  const named: ParsedSchema[] = Object.keys(rawSchemas).map((name) => {
    const pointer = joinPointer('#/components/schemas', name);
    return { name, type: schemas.parse(rawSchemas[name], pointer), pointer };
  });

  const security = parseSecurity(document.security) ?? [];
  const operations = parseOperations(ctx, schemas, (area) => (currentArea = area), security);
  currentArea = 'webhooks';
  const webhooks = parseWebhooks(ctx, schemas);
  currentArea = 'common';
  const headers = parseHeaders(ctx, schemas, components.headers, '#/components/headers').map((h) => ({
    ...h,
    component: h.name,
  }));

  const securitySchemes = isObject(components.securitySchemes)
    ? Object.entries(components.securitySchemes)
        .filter(([, s]) => isObject(s))
        .map(([name, s]) => {
          const scheme = s as Record<string, unknown>;
          const out: SecurityScheme = { name, type: String(scheme.type) };
          if (typeof scheme.scheme === 'string') out.scheme = scheme.scheme;
          if (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie') out.in = scheme.in;
          if (typeof scheme.name === 'string') out.parameterName = scheme.name;
          if (typeof scheme.description === 'string') out.description = scheme.description.trim();
          return out;
        })
    : [];

  const api: ParsedApi = {
    title: specText(info.title ?? 'API'),
    version: specText(info.version ?? ''),
    ...publishFacts(info),
    servers: parseServers(ctx, document.servers, '#/servers'),
    securitySchemes,
    security,
    tags: sortedBy(tags, (t) => t.name),
    schemas: sortedBy(named, (s) => s.name),
    operations,
    webhooks,
    stateMachines: parseStateMachines(ctx),
    notShown: ctx.notShown,
    headers: sortedBy(headers, (h) => h.name),
  };
  if (typeof info.description === 'string') api.description = info.description.trim();
  return api;
}

/** `info.license` and `info.contact`, as package.json would write them (the defaults of the packages' fields). */
function publishFacts(info: Record<string, unknown>): { license?: string; contact?: string } {
  const out: { license?: string; contact?: string } = {};
  const license = info.license as Record<string, unknown> | undefined;
  const id = typeof license?.identifier === 'string' ? license.identifier : license?.name;
  if (typeof id === 'string' && id.trim()) out.license = id.trim();
  const c = info.contact as Record<string, unknown> | undefined;
  const part = (k: string): string | undefined => {
    const v = c?.[k];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const person = [
    part('name'),
    part('email') && `<${part('email')}>`,
    part('url') && `(${part('url')})`,
  ].filter(Boolean);
  if (person.length) out.contact = person.join(' ');
  return out;
}
