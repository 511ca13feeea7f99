/** Path items and operations → parsed operations, sorted by path, then method (names and SDK paths are decided by the passes). */
import { fail, joinPointer } from '../diagnostics.ts';
import { by, sortedBy } from '../ir/order.ts';
import type { ParsedOperation } from '../ir/operation.ts';
import { isIgnoredHeader } from '../ir/parameter.ts';
import type { SecurityRequirement, Server } from '../ir/server.ts';
import { camelCase, kebabCase, pascalCase } from '../naming/case.ts';
import {
  isObject,
  readNotShown,
  resolveInternal,
  specText,
  type Json,
  type ParseContext,
} from './context.ts';
import { checkExtensions } from './extensions.ts';
import { parseRequestBody, parseResponses } from './media.ts';
import { parseParameters } from './parameter.ts';
import type { SchemaParser } from './schema/index.ts';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export function parseServers(ctx: ParseContext, raw: unknown, pointer: string): Server[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) fail('invalid-openapi', 'servers must be a list', ctx.locate(pointer));
  return raw.map((s, i) => {
    const at = joinPointer(pointer, i);
    if (!isObject(s) || typeof s.url !== 'string')
      fail('invalid-openapi', 'a server needs a url', ctx.locate(at));
    const variables = isObject(s.variables)
      ? Object.entries(s.variables).map(([name, v]) => {
          const vv = isObject(v) ? v : {};
          const variable: Server['variables'][number] = { name, default: specText(vv.default ?? '') };
          if (Array.isArray(vv.enum)) variable.enum = vv.enum.map(String);
          if (typeof vv.description === 'string') variable.description = vv.description.trim();
          return variable;
        })
      : [];
    // Every variable at its default: the URL clients call by default and the prefix servers serve under.
    const defaultUrl = s.url.replace(
      /\{([^}]+)\}/g,
      (_, name: string) => variables.find((v) => v.name === name)?.default ?? '',
    );
    const server: Server = { url: s.url, variables, defaultUrl };
    if (typeof s.description === 'string') server.description = s.description.trim();
    return server;
  });
}

export function parseSecurity(raw: unknown): SecurityRequirement[][] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const alternatives = raw.filter(isObject).map((req) =>
    Object.entries(req).map(([scheme, scopes]) => ({
      scheme,
      scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    })),
  );
  // `[{}]` (Cloudflare's `/ips`) asks for no credential, as `[]` does: nothing is sent, nothing checked.
  return alternatives.every((a) => a.length === 0) ? [] : alternatives;
}

/** Area of an operation: its first tag, else its first path segment. */
export function areaOf(tags: string[], path: string): string {
  return kebabCase(tags[0] ?? path.split('/').find((s) => s && !s.startsWith('{')) ?? 'default');
}

/**
 * The operationId of an operation that has none: the method, then the static segments, then `By` and the path
 * parameters: `GET /pet/{id}` → `getPetById`, `POST /stores/{storeId}/orders` → `postStoresOrdersByStoreId`,
 * `GET /` → `getRoot`.
 */
export function operationIdFromPath(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean);
  const statics = segments
    .filter((s) => !s.startsWith('{'))
    .map(pascalCase)
    .join('');
  const params = segments.filter((s) => s.startsWith('{')).map((s) => pascalCase(s.slice(1, -1)));
  return camelCase(`${method} ${statics || 'Root'}`) + (params.length ? `By${params.join('And')}` : '');
}

/** `name`, else `name2`, `name3`… : the first not yet taken (deterministic, in path order). */
function unique(name: string, seen: Map<string, string>): string {
  if (!seen.has(name)) return name;
  for (let i = 2; ; i++) if (!seen.has(`${name}${i}`)) return `${name}${i}`;
}

export function parseOperations(
  ctx: ParseContext,
  schemas: SchemaParser,
  setArea: (area: string) => void,
  defaultSecurity: SecurityRequirement[][],
): ParsedOperation[] {
  const paths = ctx.document.paths;
  if (paths === undefined) return [];
  if (!isObject(paths)) fail('invalid-openapi', 'paths must be an object', ctx.locate('#/paths'));
  const operations: ParsedOperation[] = [];
  const seen = new Map<string, string>();
  for (const path of Object.keys(paths)) {
    const itemAt = joinPointer('#/paths', path);
    const raw0 = paths[path];
    if (!isObject(raw0)) fail('invalid-openapi', 'a path item must be an object', ctx.locate(itemAt));
    let item: Json = raw0;
    if (item.$ref !== undefined) {
      // A path item `$ref` (to another path or `components/pathItems`): its target, with the item's own keys over it.
      const target =
        typeof item.$ref === 'string' && item.$ref.startsWith('#')
          ? resolveInternal(ctx.document, item.$ref)
          : undefined;
      if (!isObject(target))
        fail(
          'unresolved-ref',
          `path item $ref '${specText(item.$ref)}' does not resolve`,
          ctx.locate(itemAt),
        );
      const { $ref: _ref, ...own } = item;
      item = { ...target, ...own };
    }
    checkExtensions(ctx, item, itemAt, 'path');
    for (const method of METHODS) {
      const raw = item[method];
      if (raw === undefined) continue;
      const at = joinPointer(itemAt, method);
      if (!isObject(raw)) fail('invalid-openapi', 'an operation must be an object', ctx.locate(at));
      const op = raw;
      checkExtensions(ctx, op, at, 'operation');
      let operationId = typeof op.operationId === 'string' ? op.operationId : '';
      if (pascalCase(operationId) === '') {
        const derived = unique(operationIdFromPath(method, path), seen);
        ctx.diagnostics.report(
          'missing-operation-id',
          `${method.toUpperCase()} ${path} has no operationId`,
          ctx.locate(at),
          `named '${derived}' from the method and path`,
        );
        operationId = derived;
      }
      const repeated = [...path.matchAll(/\{([^}]+)\}/g)]
        .map((m) => m[1]!)
        .find((name, i, all) => all.indexOf(name) !== i);
      if (repeated) {
        ctx.diagnostics.report(
          'invalid-openapi',
          `path parameter '{${repeated}}' appears twice in ${path}`,
          ctx.locate(at),
          'the operation is left out of every output',
        );
        continue;
      }
      const previous = seen.get(operationId);
      if (previous) {
        const renamed = unique(operationId, seen);
        ctx.diagnostics.report(
          'duplicate-operation-id',
          `operationId '${operationId}' is used by ${previous} and ${method.toUpperCase()} ${path}`,
          ctx.locate(joinPointer(at, 'operationId')),
          `the second is renamed '${renamed}'`,
        );
        operationId = renamed;
      }
      seen.set(operationId, `${method.toUpperCase()} ${path}`);
      const tags = Array.isArray(op.tags) ? op.tags.map(String) : [];
      const area = areaOf(tags, path);
      setArea(area);
      const subject = `operation ${operationId}`;
      readNotShown(ctx, item, itemAt, `path ${path}`, area);
      const operation: ParsedOperation = {
        operationId,
        method,
        path,
        tags,
        area,
        deprecated: op.deprecated === true,
        // `Accept`, `Content-Type` and `Authorization` header parameters are ignored, as OpenAPI says (PagerDuty
        // requires `Content-Type` on every operation, GETs included): no call takes them, no server asks for them.
        parameters: parseParameters(
          ctx,
          schemas,
          [
            { raw: item.parameters, pointer: joinPointer(itemAt, 'parameters') },
            { raw: op.parameters, pointer: joinPointer(at, 'parameters') },
          ],
          area,
          subject,
        ).filter((p) => !isIgnoredHeader(p)),
        responses: parseResponses(
          ctx,
          schemas,
          op.responses ?? {},
          joinPointer(at, 'responses'),
          area,
          subject,
        ),
        servers: parseServers(ctx, op.servers ?? item.servers, joinPointer(at, 'servers')),
        security: parseSecurity(op.security) ?? defaultSecurity,
        ...(typeof op['x-sdk-call'] === 'string' ? { sdkCall: op['x-sdk-call'].split('.') } : {}),
        ...sdkGroupOf(op),
        ...stageOf(op),
        pointer: at,
      };
      if (typeof op.summary === 'string') operation.summary = op.summary.trim();
      if (typeof op.description === 'string') operation.description = op.description.trim();
      const empty =
        op.requestBody !== undefined && BODYLESS.has(method) && admitsNothing(ctx, op.requestBody);
      if (op.requestBody !== undefined && NO_BODY.has(method) && !empty)
        ctx.diagnostics.report(
          'unsupported',
          `a ${method.toUpperCase()} request cannot carry a body (HTTP gives it no meaning; fetch refuses one)`,
          ctx.locate(joinPointer(at, 'requestBody')),
          'the body is left out: the client sends none and the server asks for none',
        );
      else if (op.requestBody !== undefined && !empty)
        operation.requestBody = parseRequestBody(
          ctx,
          schemas,
          op.requestBody,
          joinPointer(at, 'requestBody'),
        );
      const notShown = readNotShown(ctx, op, at, subject, area);
      if (notShown) operation.notShown = notShown;
      for (const p of operation.parameters.filter((p) => p.in === 'path')) {
        if (!path.includes(`{${p.name}}`)) {
          ctx.diagnostics.report(
            'invalid-openapi',
            `path parameter '${p.name}' is not in the path ${path}`,
            ctx.locate(at),
            'the parameter is left out',
          );
          operation.parameters = operation.parameters.filter((x) => x !== p);
        }
      }
      for (const m of path.matchAll(/\{([^}]+)\}/g)) {
        if (!operation.parameters.some((p) => p.in === 'path' && p.name === m[1])) {
          ctx.diagnostics.report(
            'invalid-openapi',
            `path parameter '{${m[1]}}' of ${path} is not declared`,
            ctx.locate(at),
            'declared as a required string',
          );
          operation.parameters.push({
            name: m[1]!,
            in: 'path',
            required: true,
            type: { kind: 'string', nullable: false, pointer: at },
          });
        }
      }
      operation.parameters = sortedBy(operation.parameters, (p) => `${p.in}\u0000${p.name}`);
      operations.push(operation);
    }
  }
  return operations.sort(by((o) => `${o.path} ${o.method}`));
}

/** Vendors' extensions naming an operation's SDK group, in the order they are read. */
const GROUP_EXTENSIONS = ['x-speakeasy-group', 'x-fern-sdk-group-name', 'x-box-tag'];

function sdkGroupOf(op: Record<string, unknown>): { sdkGroup?: string } {
  const group = GROUP_EXTENSIONS.map((k) => op[k]).find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof group === 'string' ? { sdkGroup: group.trim() } : {};
}

/** A pre-release stage marked by a vendor's extension: OpenAI's `x-oaiMeta: { beta: true }`, or `x-beta: true`. */
function stageOf(op: Record<string, unknown>): { stage?: 'beta' } {
  const meta = op['x-oaiMeta'];
  const beta = op['x-beta'] === true || (isObject(meta) && meta.beta === true);
  return beta ? { stage: 'beta' } : {};
}

/** Methods whose body, when its schema admits nothing, is no body at all (fetch refuses any body on GET and HEAD). */
const BODYLESS = new Set(['get', 'head', 'delete']);

/** Methods that cannot carry a body at all: fetch throws on one. */
const NO_BODY = new Set(['get', 'head']);

/**
 * A request body every content of which is an object schema with no properties and `additionalProperties: false`
 * (Stripe declares one on each GET and DELETE): nothing can be sent in it, so the operation takes no body, and its
 * arguments are not typed as `Record<string, never>` beside its query.
 */
function admitsNothing(ctx: ParseContext, raw: unknown): boolean {
  const resolveLocal = (node: unknown): unknown =>
    isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')
      ? resolveInternal(ctx.document, node.$ref)
      : node;
  const body = resolveLocal(raw);
  if (!isObject(body) || !isObject(body.content)) return false;
  const contents = Object.values(body.content);
  return (
    contents.length > 0 &&
    contents.every((c) => {
      const schema = isObject(c) ? resolveLocal(c.schema) : undefined;
      return (
        isObject(schema) &&
        schema.additionalProperties === false &&
        (schema.properties === undefined ||
          (isObject(schema.properties) && !Object.keys(schema.properties).length)) &&
        !Object.keys(schema).some((k) => ['allOf', 'anyOf', 'oneOf', 'patternProperties', '$ref'].includes(k))
      );
    })
  );
}
