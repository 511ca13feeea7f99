/**
 * `generated/types/<area>.ts`: every named schema of the area as a TypeScript type with JSDoc, and the
 * request and response types of the area's operations; `generated/types/index.ts` re-exports them all.
 */
import { StructureKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { NamedSchema } from '../../ir/schema.ts';
import type { Webhook } from '../../ir/webhook.ts';
import type { GeneratedFile } from '../contract.ts';
import { docText, propertyDoc } from '../ts/docs.ts';
import { importRegistry, type Imports } from '../ts/imports.ts';
import { printFile } from '../ts/project.ts';
import { typeKey } from '../ts/literal.ts';
import { memberType, objectType, typeOf, union, type MemberSpec } from '../ts/type-expr.ts';

function schemaStatement(s: NamedSchema, use: Imports): StatementStructures {
  const doc = docText(s.type, s.type.description ?? `The ${s.name} schema.`);
  const docs = doc ? [doc] : [];
  if (s.type.kind === 'enum') {
    // The enum's values, union and guard live in tables/enums.ts; import it (refs in this file use it) and re-export.
    use.enumType(s.type);
    return { kind: StructureKind.ExportDeclaration, isTypeOnly: true, namedExports: [s.typeName] };
  }
  if (s.type.kind === 'object' && !s.type.nullable && typeof s.type.additional !== 'object') {
    return {
      kind: StructureKind.Interface,
      name: s.typeName,
      isExported: true,
      docs,
      properties: s.type.properties.map((p) => {
        const d = propertyDoc(p);
        return {
          name: typeKey(p.name),
          hasQuestionToken: !p.required,
          type: memberType(p.name, !p.required, typeOf(p.type, use)),
          docs: d ? [d] : [],
        };
      }),
    };
  }
  return {
    kind: StructureKind.TypeAlias,
    name: s.typeName,
    isExported: true,
    type: typeOf(s.type, use),
    docs,
  };
}

function paramsType(op: Operation, location: 'path' | 'query' | 'header', use: Imports) {
  const params = op.parameters.filter((p) => p.in === location);
  if (!params.length) return undefined;
  return objectType(
    params.map((p) => {
      const m: MemberSpec = {
        name: location === 'path' ? p.identifier : p.name,
        optional: !p.required,
        type: typeOf(p.type, use),
      };
      const doc = docText(p.type, p.description, p.notShown);
      if (doc) m.doc = doc;
      return m;
    }),
  );
}

function operationStatements(op: Operation, use: Imports, schemaNames: Set<string>): StatementStructures[] {
  const out: StatementStructures[] = [];
  const alias = (name: string, type: ReturnType<typeof typeOf> | undefined, doc: string) => {
    if (type) out.push({ kind: StructureKind.TypeAlias, name, isExported: true, type, docs: [doc] });
  };
  const label = `\`${op.operationId}\` (${op.method.toUpperCase()} ${op.path})`;
  alias(op.names.pathParams, paramsType(op, 'path', use), `Path parameters of ${label}.`);
  alias(op.names.query, paramsType(op, 'query', use), `Query parameters of ${label}.`);
  alias(op.names.headers, paramsType(op, 'header', use), `Request headers of ${label}.`);
  const bodies = op.requestBody?.contents ?? [];
  const isSchemaName = (name: string) => schemaNames.has(name);
  if (bodies.length && !isSchemaName(op.names.body)) {
    const distinct = [
      ...new Map(
        bodies.map((b) => [JSON.stringify(b.type.kind === 'ref' ? b.type.target : b.type.pointer), b]),
      ).values(),
    ];
    alias(
      op.names.body,
      union(distinct.map((b) => typeOf(b.type, use))),
      `Request body of ${label}${bodies.length > 1 ? ` (${bodies.map((b) => b.mediaType).join(' or ')})` : ''}.`,
    );
  }
  const ok = op.success;
  const json = ok?.contents.find((c) => c.kind === 'json' && c.type);
  if (json?.type && !isSchemaName(op.names.response))
    alias(
      op.names.response,
      typeOf(json.type, use),
      `Response body of ${label} (${ok!.status}, ${json.mediaType}).`,
    );
  return out;
}

export function emitTypes(api: Api): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  const index: string[] = [];
  const schemaNames = new Set(api.schemas.map((s) => s.typeName));
  for (const area of api.areas) {
    const schemas = api.schemas.filter((s) => s.area === area.slug);
    const ops = api.operations.filter((o) => o.area === area.slug);
    if (!schemas.length && !ops.length && !(area.slug === 'webhooks' && api.webhooks.length)) continue;
    const path = area.files.types;
    const use = importRegistry(api, path);
    const hooks = area.slug === 'webhooks' ? api.webhooks : [];
    const statements: StatementStructures[] = [
      ...schemas.map((s) => schemaStatement(s, use)),
      ...ops.flatMap((o) => operationStatements(o, use, schemaNames)),
      ...hooks.flatMap((w) => webhookStatements(w, use)),
    ];
    files.push({ path, contents: printFile(path, [...use.declarations(), ...statements]) });
    index.push(`export type * from './${area.slug}.js';`);
  }
  files.push({ path: 'types/index.ts', contents: printFile('types/index.ts', index) });
  return files;
}

/** The payload of a webhook delivery (`<Event>Webhook`) and its headers (`<Event>WebhookHeaders`). */
function webhookStatements(w: Webhook, use: Imports): StatementStructures[] {
  const out: StatementStructures[] = [];
  const body = w.body?.contents.find((c) => c.kind === 'json');
  const doc =
    [w.summary, w.description].filter(Boolean).join('\n\n') || `Payload of the \`${w.name}\` webhook.`;
  if (body)
    out.push({
      kind: StructureKind.TypeAlias,
      name: w.typeName,
      isExported: true,
      type: typeOf(body.type, use),
      docs: [doc],
    });
  if (w.headers.length) {
    out.push({
      kind: StructureKind.TypeAlias,
      name: `${w.typeName}Headers`,
      isExported: true,
      docs: [`Headers of a \`${w.name}\` delivery.`],
      type: objectType(
        w.headers.map((p) => {
          const m: MemberSpec = { name: p.name, optional: !p.required, type: typeOf(p.type, use) };
          const d = docText(p.type, p.description, p.notShown);
          if (d) m.doc = d;
          return m;
        }),
      ),
    });
  }
  return out;
}
