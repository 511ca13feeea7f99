import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { Parameter } from '../../ir/parameter.ts';
import type { Response } from '../../ir/response.ts';
import type { ObjectNode, Property, NamedSchema, TypeNode } from '../../ir/schema.ts';
import { walkNode } from '../../ir/walk.ts';
import type { GeneratedFile } from '../contract.ts';
import { renderTemplate } from '../templates.ts';
import { describeConditional, describeLimits, describeRule, describeType } from './describe.ts';
import { stateDiagram } from './mermaid.ts';

function rulesOf(node: TypeNode): string[] {
  const out: string[] = [];
  walkNode(node, [], '', ({ node: n }) => {
    if (n.kind === 'object') out.push(...n.rules.map(describeRule));
    for (const c of n.conditionals ?? []) out.push(describeConditional(c));
  });
  return out;
}

/** The page of each schema: the file of its area's page (`Area.files.docs`) that holds it, without `docs/`. */
function schemaPages(api: Api): Map<string, string> {
  const out = new Map<string, string>();
  for (const area of api.areas) {
    const ops = api.operations.filter((o) => o.area === area.slug).length;
    api.schemas
      .filter((s) => s.area === area.slug)
      .forEach((s, i) =>
        out.set(s.name, pageName(area.files.docs.find((p) => ops + i >= p.from && ops + i < p.to)!.file)),
      );
  }
  return out;
}

/** `docs/x-2.md` → `x-2`: a page's name, as links and the index write it. */
const pageName = (file: string): string => file.slice('docs/'.length, -'.md'.length);

export function emitDocs(api: Api): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  const pages: { slug: string; title: string; operations: number; schemas: number }[] = [];
  const pageOf = schemaPages(api);
  const common = commonToEveryOperation(api);
  for (const area of api.areas) {
    let here = area.slug;
    const link = (name: string) =>
      `${pageOf.get(name) === here ? '' : `./${pageOf.get(name) ?? 'common'}.md`}#${name.toLowerCase()}`;
    const describe = (node: TypeNode) => describeType(node, 0, link, api.enumNames);
    const areaOps = api.operations.filter((o) => o.area === area.slug);
    const toOperation = (o: Operation) => ({
      operationId: o.operationId,
      method: o.method.toUpperCase(),
      path: o.path,
      sdk: `client.${o.sdkPath.join('.')}`,
      summary: o.summary ?? '',
      description: o.description ?? '',
      parameters: o.parameters
        .filter((p) => !common.params.has(paramKey(p)))
        .map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required,
          type: describe(p.type),
          limits: describeLimits(p.type),
        })),
      bodies: (o.requestBody?.contents ?? []).map((c) => ({
        mediaType: c.mediaType,
        type: describe(c.type),
      })),
      responses: o.responses
        .filter((r) => !common.responses.has(responseKey(r)))
        .flatMap((r) =>
          r.contents.length
            ? r.contents.map((c) => ({
                status: r.status,
                mediaType: c.mediaType,
                type: c.sse
                  ? `events: ${c.sse.events.map((e) => `\`${e.name}\``).join(', ') || 'not shown'}`
                  : c.type
                    ? describe(c.type)
                    : c.kind,
              }))
            : [{ status: r.status, mediaType: '', type: r.description }],
        ),
      rules: (o.requestBody?.contents ?? []).flatMap((c) => rulesOf(c.type)),
    });
    const areaSchemas = api.schemas.filter((s) => s.area === area.slug);
    const toSchema = (s: NamedSchema) => ({
      name: s.name,
      anchor: s.name.toLowerCase(),
      description: s.type.description ?? '',
      type: describe(s.type),
      // An allOf schema lists the fields of its inline object parts, and links the named ones.
      properties: propertyRows(
        objectParts(s.type).flatMap((o) => o.properties),
        '',
        describe,
      ),
      also:
        s.type.kind === 'intersection'
          ? s.type.members
              .filter((m) => m.kind === 'ref')
              .map((m) => describe(m))
              .join(', ')
          : '',
      rules: rulesOf(s.type),
    });
    const machines = api.stateMachines
      .filter((m) => m.area === area.slug)
      .map((m) => ({
        name: m.name,
        schema: m.schema,
        property: m.property,
        complete: m.complete,
        diagram: stateDiagram(m),
        guards: m.guards.map((g) => ({ operationId: g.operationId, states: g.states.join(', ') })),
      }));
    const notShown = api.notShown.filter((n) => n.area === area.slug);
    if (!areaOps.length && !areaSchemas.length && !machines.length && !notShown.length) continue;
    const webhooks =
      area.slug === 'webhooks'
        ? api.webhooks.map((w) => ({ name: w.name, description: w.description ?? w.summary ?? '' }))
        : [];
    const count = area.files.docs.length;
    for (let page = 0; page < count; page++) {
      const { file, from, to } = area.files.docs[page]!;
      here = pageName(file);
      // Described with `here` set to this page: a link to a schema on this page is an anchor, elsewhere a file.
      const described = {
        operations: areaOps.slice(from, to).map(toOperation),
        schemas: areaSchemas
          .slice(Math.max(0, from - areaOps.length), Math.max(0, to - areaOps.length))
          .map(toSchema),
      };
      const title = count === 1 ? area.title : `${area.title} (${page + 1}/${count})`;
      const first = page === 0;
      files.push({
        path: file,
        contents: renderTemplate('docs/area.md.hbs', {
          title,
          operations: described.operations,
          schemas: described.schemas,
          machines: first ? machines : [],
          notShown: first ? notShown : [],
          webhooks: first ? webhooks : [],
        }),
      });
      pages.push({
        slug: here,
        title,
        operations: described.operations.length,
        schemas: described.schemas.length,
      });
    }
  }
  const first = api.operations[0];
  const commonParameters = first
    ? first.parameters
        .filter((p) => common.params.has(paramKey(p)))
        .map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required,
          type: describeType(
            p.type,
            0,
            (n) => `./${pageOf.get(n) ?? 'common'}.md#${n.toLowerCase()}`,
            api.enumNames,
          ),
          limits: describeLimits(p.type),
          description: (p.description ?? '').replace(/\n/g, ' '),
        }))
    : [];
  const commonResponses = first
    ? first.responses
        .filter((r) => common.responses.has(responseKey(r)))
        .map((r) => ({
          status: r.status,
          description: r.description.replace(/\n/g, ' '),
          headers: r.headers.map((h) => h.name).join(', '),
        }))
    : [];
  files.push({
    path: 'docs/README.md',
    contents: renderTemplate('docs/index.md.hbs', {
      title: api.title,
      version: api.version,
      pages,
      notShownCount: api.notShown.length,
      commonParameters,
      commonResponses,
    }),
  });
  return files;
}

function objectParts(node: TypeNode): ObjectNode[] {
  if (node.kind === 'object') return [node];
  if (node.kind === 'intersection') return node.members.flatMap((m) => (m.kind === 'object' ? [m] : []));
  return [];
}

interface PropertyRow {
  name: string;
  required: boolean;
  type: string;
  limits: string;
  description: string;
}

/** The inline object a property holds, directly or as array items (a named schema has its own section). */
function inlineObject(node: TypeNode): { object: ObjectNode; suffix: string } | undefined {
  if (node.kind === 'object' && node.properties.length) return { object: node, suffix: '' };
  if (node.kind === 'array' && node.items.kind === 'object' && node.items.properties.length)
    return { object: node.items, suffix: '[]' };
  return undefined;
}

/**
 * One list item per property; the fields of an inline nested object follow as `parent.child` items
 * (`usage.prompt_tokens`). A list, not a table: prettier pads every row of a table to its widest cell, which made
 * GitHub's webhook schemas (hundreds of nested fields beside one long description) 20 MB of spaces.
 */
function propertyRows(
  properties: readonly Property[],
  prefix: string,
  describe: (node: TypeNode) => string,
  depth = 0,
): PropertyRow[] {
  const line = (text: string) => text.replace(/\n/g, ' ');
  return properties.flatMap((p) => {
    const name = prefix + p.name;
    const row: PropertyRow = {
      name,
      required: p.required,
      type: line(describe(p.type)),
      limits: line(describeLimits(p.type)),
      description: line(p.description ?? '').trim(),
    };
    const nested = depth < 4 ? inlineObject(p.type) : undefined;
    return nested
      ? [row, ...propertyRows(nested.object.properties, `${name}${nested.suffix}.`, describe, depth + 1)]
      : [row];
  });
}

const paramKey = (p: Parameter) => `${p.in}:${p.name}`;
const responseKey = (r: Response) => `${r.status}:${r.component ?? ''}`;

/**
 * Parameters and responses that every operation shares (the same header parameters, the same component
 * responses): listed once on the index page instead of in every operation's table.
 */
function commonToEveryOperation(api: Api): { params: Set<string>; responses: Set<string> } {
  const [first, ...rest] = api.operations;
  if (!first || rest.length === 0) return { params: new Set(), responses: new Set() };
  const params = new Set(first.parameters.filter((p) => p.in !== 'path').map(paramKey));
  const responses = new Set(first.responses.filter((r) => r.component).map(responseKey));
  for (const op of rest) {
    const mine = new Set(op.parameters.map(paramKey));
    for (const k of params) if (!mine.has(k)) params.delete(k);
    const theirs = new Set(op.responses.map(responseKey));
    for (const k of responses) if (!theirs.has(k)) responses.delete(k);
  }
  return { params, responses };
}
