/**
 * Assembles the resolved model from the parsed one and the passes' tables, and decides the per-operation facts
 * every emitter reads (success response, body mode, path parameter order, list kind, base path), so none
 * re-derives them. New objects throughout: the parsed model is left as it is.
 */
import { fail } from '../diagnostics.ts';
import { propertiesOf, successResponse } from '../ir/queries.ts';
import type { Api, ParsedApi } from '../ir/api.ts';
import type { BodyMode } from '../ir/body.ts';
import type { Operation, Paging, ParsedOperation } from '../ir/operation.ts';
import type { Parameter, ParsedParameter } from '../ir/parameter.ts';
import type { Response } from '../ir/response.ts';
import type { TypeNode } from '../ir/schema.ts';
import type { CredentialChoice, CredentialPlacement } from '../ir/server.ts';
import { areaFiles } from '../naming/paths.ts';
import type { AreaTable } from './areas.ts';
import type { CallHeaderTable } from './call-headers.ts';
import type { NameTable } from './names.ts';
import type { RequestLineTable } from './request-lines.ts';
import { type PagingTable, unwrap } from './paging.ts';
import type { CallTable } from './resources.ts';
import type { SelectorTable } from './selectors.ts';

/** The tables of every pass. */
export interface PassTables {
  areas: AreaTable;
  names: NameTable;
  paging: PagingTable;
  calls: CallTable;
  selectors: SelectorTable;
  headers: CallHeaderTable;
  lines: RequestLineTable;
}

/** A decision a pass must have made; its absence is a bug of the generator, not of the spec. */
function decided<T>(value: T | undefined, what: string): T {
  return value === undefined ? fail('internal', `no decision for ${what}`) : value;
}

export function resolveApi(api: ParsedApi, t: PassTables): Omit<Api, 'emulation'> {
  const { schemas, operations, webhooks, stateMachines, notShown: _notShown, ...document } = api;
  return {
    ...document,
    clientName: t.names.clientName,
    envPrefix: t.names.envPrefix,
    areas: t.areas.areas.map((a) => ({
      ...a,
      files: areaFiles(a.slug, entriesOf(api, t.areas.schemas, a.slug)),
    })),
    schemas: schemas.map((s) => ({
      ...s,
      typeName: decided(t.names.schemas.get(s.name), `schema ${s.name}`),
      area: decided(t.areas.schemas.get(s.name), `the area of schema ${s.name}`),
      validators: decided(t.names.validators.get(s.name), `the validators of schema ${s.name}`),
    })),
    enums: t.names.enums,
    enumNames: t.names.enumNames,
    operations: operations.map((op) => resolveOperation(api, op, t)),
    webhooks: webhooks.map(({ headers, ...w }) => ({
      ...w,
      headers: headers.map((p) => ({ ...p, identifier: p.name })),
      typeName: decided(t.names.webhooks.get(w.name), `webhook ${w.name}`),
    })),
    stateMachines: stateMachines.map((m) => ({
      ...m,
      ...decided(t.names.machines.get(m.name), `state machine ${m.name}`),
      area: decided(t.areas.machines.get(m.name), `the area of state machine ${m.name}`),
    })),
    notShown: t.areas.notShown,
    resources: t.calls.resources,
    sdkNaming: t.calls.sdkNaming,
    basePath: basePathOf(api.servers[0]?.defaultUrl),
  };
}

/** How many operations and schemas the area documents (its docs pages hold them in turn). */
function entriesOf(api: ParsedApi, schemaAreas: ReadonlyMap<string, string>, slug: string): number {
  return (
    api.operations.filter((o) => o.area === slug).length +
    api.schemas.filter((s) => schemaAreas.get(s.name) === slug).length
  );
}

function resolveOperation(api: ParsedApi, op: ParsedOperation, t: PassTables): Operation {
  const { sdkCall: _sdkCall, parameters: parsedParameters, responses: parsedResponses, ...own } = op;
  const id = op.operationId;
  const identifiers = decided(t.names.pathIdentifiers.get(id), `the path parameters of ${id}`);
  const parameters = parsedParameters.map((p): Parameter => {
    const reader =
      p.component !== undefined && p.in !== 'cookie' ? t.names.readers.get(p.component) : undefined;
    return {
      ...p,
      identifier:
        p.in === 'path' ? decided(identifiers.get(p.name), `path parameter ${p.name} of ${id}`) : p.name,
      ...(reader ? { reader } : {}),
    };
  });
  const responses = parsedResponses.map((r): Response => ({
    ...r,
    contents: r.contents.map((c) => {
      const selector = t.selectors.get(c);
      return selector ? { ...c, selector } : { ...c };
    }),
  }));
  const success = successResponse(op);
  const ok = success ? responses[parsedResponses.indexOf(success)]! : undefined;
  const successDefault = ok?.contents.find((c) => !c.when);
  const mode = bodyMode(op);
  const rawContentType =
    mode === 'text' || mode === 'binary'
      ? op.requestBody?.contents.find((c) => c.kind === mode)?.mediaType
      : undefined;
  const list = t.paging.lists.get(id);
  const paging = t.paging.paging.get(id);
  const pageItem = paging ? pagedItem(api, ok, paging) : undefined;
  const credential = credentialOf(api, op);
  const securityAlternatives = alternativesOf(api, op);
  const idempotencyHeader = t.headers.idempotency.get(id);
  const bodyKey = t.headers.bodyKey.get(id);
  const readOnlyFields = t.headers.readOnlyFields.get(id);
  const candidates = t.lines.candidates.get(id);
  const routedVia = t.lines.routedVia.get(id);
  return {
    ...own,
    parameters,
    responses,
    pathParameters: pathParameters(op, parameters),
    ...(ok ? { success: ok } : {}),
    ...(successDefault ? { successDefault } : {}),
    successVariants: ok?.contents.filter((c) => c.selector) ?? [],
    ...(mode ? { bodyMode: mode } : {}),
    callHeaders: decided(t.headers.onCall.get(id), `the call headers of ${id}`),
    ...(idempotencyHeader !== undefined ? { idempotencyHeader } : {}),
    ...(bodyKey !== undefined ? { bodyKey } : {}),
    ...(readOnlyFields ? { readOnlyFields } : {}),
    ...(rawContentType !== undefined ? { rawContentType } : {}),
    ...(list ? { list } : {}),
    ...(pageItem ? { pageItem } : {}),
    ...(credential ? { credential } : {}),
    ...(securityAlternatives ? { securityAlternatives } : {}),
    wirePath: decided(t.lines.wirePath.get(id), `the request line of ${id}`),
    ...(candidates ? { candidates } : {}),
    ...(routedVia !== undefined ? { routedVia } : {}),
    names: decided(t.names.operations.get(id), `the names of ${id}`),
    sdkPath: decided(t.calls.sdkPaths.get(id), `the SDK call of ${id}`),
    ...(paging ? { paging } : {}),
  };
}

/** The item type of a paged list: the items of the array at `paging.items` in the JSON success body. */
function pagedItem(api: ParsedApi, ok: Response | undefined, paging: Paging): TypeNode | undefined {
  const json = ok?.contents.find((c) => c.kind === 'json' && !c.when && c.type);
  if (!json?.type) return undefined;
  let node = unwrap(api, json.type);
  for (const key of paging.items) {
    // An `allOf` envelope (`allOf: [Pagination, {incidents}]`) holds the array in one of its members.
    const fields = node.kind === 'object' || node.kind === 'intersection' ? propertiesOf(api, node) : [];
    // Of two declarations of one field (a common `result` and the list's `result: array`), the array.
    const named = fields.filter((p) => p.name === key);
    const prop = named.find((p) => unwrap(api, p.type).kind === 'array') ?? named[named.length - 1];
    if (!prop) return undefined;
    node = unwrap(api, prop.type);
  }
  return node.kind === 'array' ? node.items : undefined;
}

/** Where the credential goes, from the first security scheme the operation accepts (see `Operation.credential`). */
function credentialOf(api: ParsedApi, op: ParsedOperation): CredentialPlacement | undefined {
  const first = op.security[0]?.[0];
  const scheme = first ? api.securitySchemes.find((s) => s.name === first.scheme) : undefined;
  if (!scheme) return undefined;
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return { kind: 'basic' };
  if (scheme.type === 'apiKey' && scheme.in && scheme.parameterName)
    return { kind: 'apiKey', in: scheme.in, name: scheme.parameterName };
  return undefined;
}

/**
 * Every security alternative with each scheme's placement, by scheme name, so that a client holding credentials by
 * scheme name sends the right one (see `Operation.securityAlternatives`). Empty alternatives (no credential needed)
 * are left out; an operation without security has none.
 */
function alternativesOf(api: ParsedApi, op: ParsedOperation): CredentialChoice[][] | undefined {
  const alternatives = op.security.filter((a) => a.length > 0);
  if (!alternatives.length) return undefined;
  return alternatives.map((a) =>
    a.map((r): CredentialChoice => {
      const scheme = api.securitySchemes.find((s) => s.name === r.scheme);
      if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
        return { scheme: r.scheme, kind: 'basic' };
      if (scheme?.type === 'apiKey' && scheme.in && scheme.parameterName)
        return { scheme: r.scheme, kind: 'apiKey', in: scheme.in, name: scheme.parameterName };
      return { scheme: r.scheme, kind: 'bearer' };
    }),
  );
}

/** Path parameters in the order they first appear in the path (a name repeated in the path is one parameter). */
function pathParameters(op: ParsedOperation, parameters: Parameter[]): Parameter[] {
  return [...new Set([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!))].map((name) =>
    decided(
      parameters.find((p: ParsedParameter) => p.in === 'path' && p.name === name),
      `path parameter ${name} of ${op.operationId}`,
    ),
  );
}

/**
 * How the client sends the body: JSON and multipart as they are (either, when both are offered); otherwise the
 * first of form, text and binary the operation offers (the others are not sent by the client).
 */
function bodyMode(op: ParsedOperation): BodyMode | undefined {
  const kinds = new Set(op.requestBody?.contents.map((c) => c.kind) ?? []);
  if (kinds.size === 0) return undefined;
  if (kinds.has('json') || kinds.has('multipart'))
    return kinds.has('json') && kinds.has('multipart')
      ? 'json|multipart'
      : kinds.has('multipart')
        ? 'multipart'
        : 'json';
  return kinds.has('form') ? 'form' : kinds.has('text') ? 'text' : 'binary';
}

/** The path prefix of a server URL (`https://api.example.com/v1/` → `/v1`); `''` without one or when it has no path. */
function basePathOf(url: string | undefined): string {
  if (url === undefined) return '';
  if (url.startsWith('/')) return url.replace(/\/+$/, '');
  try {
    return new URL(url).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}
