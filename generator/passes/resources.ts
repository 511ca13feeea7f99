/**
 * Builds the SDK resource tree. The rule (spec/EXTENSIONS.md): static segments nest as camelCase resources, and
 * the method comes from the HTTP method and the path's shape; `x-sdk-call` where the API's SDK name differs. A
 * version prefix shared by every path (`/v2`, `/2.0`) is dropped. Where the rule gives something unusable (a
 * name clash, a path that is both a method and a sub-resource, no resource at all), the operation falls back to
 * `client.<first tag>.<operationId in camelCase>`, made unique with a number; each fallback is reported.
 */
import type { Diagnostics, Location } from '../diagnostics.ts';
import { listEnvelope, resolveNode, successResponse } from '../ir/queries.ts';
import type { Api, Operation, Paging, ResourceNode, TypeNode } from '../ir/types.ts';
import { camelCase, pascalCase } from '../naming/case.ts';
import { NameRegistry } from '../naming/resolver.ts';
import { registries } from './names.ts';

/** Members of the client class a top-level resource cannot be called (client-base.ts and the generated class). */
const CLIENT_MEMBERS = new Set([
  'baseURL', 'organization', 'project', 'maxRetries', 'timeout', 'maxRetryTime', 'webhookSecret', 'apiKey', 'fetch',
  'options', 'clock', 'call', 'list', 'send', 'sharedHeaders', 'url', 'headers', 'body', 'webhooks', 'withOptions',
  'constructor', 'toString', 'valueOf',
]);
/** Members of every resource class (core/resource.ts). */
const RESOURCE_MEMBERS = new Set(['_client', 'constructor', 'toString', 'valueOf']);
const IDENT = /^[a-z][A-Za-z0-9]*$/;

/** A path segment as an identifier: `vector_stores` → `vectorStores`, `1-clicks` → `n1Clicks`. */
export function segmentIdentifier(segment: string): string {
  const c = camelCase(segment).replace(/^_/, '');
  return /^[0-9]/.test(c) ? `n${c}` : c;
}

/** The first path segment when every path starts with it and it reads as a version (`v1`, `2.0`, `api`). */
export function sharedVersionPrefix(api: Api): string | undefined {
  const firsts = new Set(api.operations.map((o) => o.path.split('/').filter(Boolean)[0] ?? ''));
  if (firsts.size !== 1) return undefined;
  const first = [...firsts][0]!;
  return /^(v?\d+(\.\d+)*|api)$/i.test(first) && api.operations.every((o) => o.path.split('/').filter(Boolean).length > 1) ? first : undefined;
}

/**
 * A path segment read as a plural noun, a collection: its last word ends in `s` but not `ss`, `us` or `is`
 * (`attachments`, `files`, `line_items`; not `access`, `status`, `analysis`, `cancel`, `complete`).
 */
export function isPluralNoun(segment: string): boolean {
  const word = segment.split(/[^A-Za-z]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean).pop()?.toLowerCase() ?? '';
  return word.length > 2 && /s$/.test(word) && !/(ss|us|is)$/.test(word);
}

export function defaultSdkPath(api: Api, op: Operation, prefix?: string): string[] {
  let segments = op.path.split('/').filter(Boolean);
  if (prefix !== undefined && segments[0] === prefix) segments = segments.slice(1);
  const isParam = (s: string | undefined) => s !== undefined && s.startsWith('{');
  const statics = segments.filter((s) => !isParam(s)).map(segmentIdentifier);
  const last = segments[segments.length - 1];
  const beforeLast = segments[segments.length - 2];
  if (isParam(last)) {
    const method = op.method === 'get' ? 'retrieve' : op.method === 'delete' ? 'delete' : 'update';
    return [...statics, method];
  }
  // After a path parameter, a POST to a verb is an action (`/batches/{id}/cancel`: `batches.cancel`); to a plural
  // noun it adds to that collection (`/projects/{id}/attachments`: `projects.attachments.create`), never a noun call.
  if (isParam(beforeLast) && op.method === 'post') {
    return isPluralNoun(last!) ? [...statics, 'create'] : [...statics.slice(0, -1), segmentIdentifier(last!)];
  }
  const method = op.method === 'get' ? (op.paging ? 'list' : 'retrieve') : op.method === 'post' ? 'create' : op.method === 'delete' ? 'delete' : 'update';
  return [...statics, method];
}

/** A GET answering a list: our envelope, an array, or an object holding one. */
function isListGet(api: Api, op: Operation): boolean {
  return op.method === 'get' && (listEnvelope(api, op) !== undefined || listShape(api, op) !== undefined);
}

/** The cursor parameter of a list envelope: the id of the last item received. */
const ENVELOPE_CURSORS = ['after', 'starting_after'];
const CURSOR_PARAMS = ['cursor', 'after', 'starting_after', 'page_token', 'pagetoken', 'next_token', 'nexttoken', 'continuation_token', 'continuationtoken'];
/** Response fields holding the next page's cursor (`next` is left out: it is often a URL). */
const NEXT_FIELDS = ['next_cursor', 'nextcursor', 'next_page_token', 'nextpagetoken', 'next_token', 'nexttoken', 'continuation_token', 'continuationtoken', 'cursor'];
const OFFSET_PARAMS = ['offset', 'skip'];
const PAGE_PARAMS = ['page', 'page_number', 'pagenumber'];
const LIMIT_PARAMS = ['limit', 'count', 'take', 'per_page', 'perpage', 'page_size', 'pagesize', 'size', 'max_results', 'maxresults'];

/** The JSON success body of a GET and where its item array is: the body itself, or its first array property. */
function listShape(api: Api, op: Operation): { body: TypeNode; items: string[] } | undefined {
  const json = successResponse(op)?.contents.find((c) => c.kind === 'json' && !c.when && c.type);
  if (!json?.type) return undefined;
  const body = resolveNode(api, json.type);
  if (body.kind === 'array') return { body, items: [] };
  if (body.kind !== 'object') return undefined;
  const array = body.properties.find((p) => resolveNode(api, p.type).kind === 'array');
  return array ? { body, items: [array.name] } : undefined;
}

/** A string or number field named like a next cursor, at the top of the body or in one object below it. */
function nextCursorField(api: Api, body: TypeNode): string[] | undefined {
  if (body.kind !== 'object') return undefined;
  const scalar = (t: TypeNode) => ['string', 'number', 'integer'].includes(resolveNode(api, t).kind);
  const own = body.properties.find((p) => NEXT_FIELDS.includes(p.name.toLowerCase()) && scalar(p.type));
  if (own) return [own.name];
  for (const p of body.properties) {
    const inner = resolveNode(api, p.type);
    if (inner.kind !== 'object') continue;
    const nested = inner.properties.find((q) => NEXT_FIELDS.includes(q.name.toLowerCase()) && scalar(q.type));
    if (nested) return [p.name, nested.name];
  }
  return undefined;
}

/**
 * The paging convention of a list, for the client to iterate (the list envelope, a next cursor, offset, page); `unrecognised` when the
 * operation takes parameters that look like paging (a cursor without a next-cursor field in the answer, or a limit
 * alone) but no convention fits; undefined for a list that is not paged, or not a list.
 */
function pagingOf(api: Api, op: Operation): Paging | 'unrecognised' | undefined {
  if (op.method !== 'get') return undefined;
  // A list envelope follows its `after` cursor; one that declares none is a single page.
  if (listEnvelope(api, op)) {
    const after = op.parameters.find((p) => p.in === 'query' && ENVELOPE_CURSORS.includes(p.name));
    return { kind: 'envelope', ...(after ? { param: after.name } : {}), items: ['data'] };
  }
  const shape = listShape(api, op);
  if (!shape) return undefined;
  const query = op.parameters.filter((p) => p.in === 'query');
  const find = (names: string[]) => query.find((p) => names.includes(p.name.toLowerCase()))?.name;
  const cursor = find(CURSOR_PARAMS);
  if (cursor) {
    const next = nextCursorField(api, shape.body);
    return next ? { kind: 'cursor', param: cursor, next, items: shape.items } : 'unrecognised';
  }
  const limit = find(LIMIT_PARAMS);
  const offset = find(OFFSET_PARAMS);
  if (offset) return { kind: 'offset', param: offset, ...(limit ? { limit } : {}), items: shape.items };
  const page = find(PAGE_PARAMS);
  if (page) return { kind: 'page', param: page, items: shape.items };
  return limit ? 'unrecognised' : undefined;
}

function usable(path: string[]): boolean {
  return path.length >= 2 && path.every((s) => IDENT.test(s)) && !CLIENT_MEMBERS.has(path[0]!) && path.slice(1).every((s) => !RESOURCE_MEMBERS.has(s));
}

/** `client.<tag>.<operationId>`: the fallback resource is the first tag, else the first static segment. */
function fallbackPath(op: Operation, prefix: string | undefined): string[] {
  const first = op.path.split('/').filter((s) => s && !s.startsWith('{') && s !== prefix)[0];
  let resource = segmentIdentifier(op.tags[0] ?? first ?? 'default');
  if (!IDENT.test(resource) || CLIENT_MEMBERS.has(resource)) resource = `api${pascalCase(resource)}`;
  let method = segmentIdentifier(op.operationId);
  if (!IDENT.test(method) || RESOURCE_MEMBERS.has(method)) method = `call${pascalCase(op.operationId)}`;
  return [resource, method];
}

export function buildResourceTree(api: Api, locate: (pointer: string) => Location, diagnostics: Diagnostics): void {
  const prefix = sharedVersionPrefix(api);
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  const explicit = new Set(ops.filter((o) => o.sdkPath.length > 0));
  // Paged lists are iterated by the client (and named `list`); one whose
  // paging parameters fit no convention is a plain method, warned once its call is known (below).
  const unrecognisedPaging: Operation[] = [];
  for (const op of ops) {
    const paging = pagingOf(api, op);
    if (typeof paging === 'object') op.paging = paging;
    else if (paging === 'unrecognised') unrecognisedPaging.push(op);
  }
  for (const op of ops) {
    if (op.sdkPath.length === 0) {
      op.sdkPath = defaultSdkPath(api, op, prefix);
      // A first segment named like a client member (`/organization/...`) gets a suffix: `client.organizationApi`.
      if (op.sdkPath.length > 1 && CLIENT_MEMBERS.has(op.sdkPath[0]!)) op.sdkPath = [`${op.sdkPath[0]}Api`, ...op.sdkPath.slice(1)];
    }
    if (!usable(op.sdkPath)) {
      const fallback = fallbackPath(op, prefix);
      const message = explicit.has(op) ? `SDK call '${op.sdkPath.join('.')}' of ${op.operationId} must be resource.method in camelCase` : `the path of ${op.operationId} gives no SDK call by the rule ('${op.sdkPath.join('.')}')`;
      diagnostics.report('invalid-extension', message, locate(op.pointer), `called client.${fallback.join('.')}`);
      op.sdkPath = fallback;
      explicit.delete(op);
    }
  }
  // Clashes: two operations on one call, or a call that is also a sub-resource. Rule-made paths fall back first.
  const clashes = (): Operation[] => {
    const byKey = new Map<string, Operation[]>();
    const prefixes = new Set<string>();
    for (const op of ops) {
      const key = op.sdkPath.join('.');
      byKey.set(key, [...(byKey.get(key) ?? []), op]);
      for (let i = 1; i < op.sdkPath.length; i++) prefixes.add(op.sdkPath.slice(0, i).join('.'));
    }
    const out: Operation[] = [];
    for (const [key, group] of byKey) {
      if (group.length > 1) {
        // A list whose call clashes (`GET /pets` and `GET /pets/{id}` both `retrieve`) is the resource's `list`.
        for (const op of [...group]) {
          const list = !explicit.has(op) && !op.path.split('/').pop()!.startsWith('{') && isListGet(api, op);
          const listed = [...op.sdkPath.slice(0, -1), 'list'];
          if (!list || ops.some((o) => o !== op && o.sdkPath.join('.') === listed.join('.'))) continue;
          op.sdkPath = listed;
          group.splice(group.indexOf(op), 1);
        }
      }
      if (group.length > 1) {
        const ruled = group.filter((o) => !explicit.has(o));
        const movers = ruled.length === group.length ? group.slice(1) : ruled.length ? ruled : group.slice(1);
        for (const op of movers) {
          diagnostics.report('identifier-collision', `operations ${group[0]!.operationId === op.operationId ? group[1]!.operationId : group[0]!.operationId} and ${op.operationId} both map to client.${key}; give one an x-sdk-call`, locate(op.pointer), 'renamed after its operationId');
          out.push(op);
        }
      }
      if (prefixes.has(key)) {
        for (const op of group) {
          diagnostics.report('identifier-collision', `client.${key} is both a method and a sub-resource`, locate(op.pointer), 'renamed after its operationId');
          out.push(op);
        }
      }
    }
    return out;
  };
  // A path that is both a method and a sub-resource (`POST /containers/{id}/files` beside
  // `/containers/{id}/files/{file_id}`): the method moves into the sub-resource as `create` when that is free.
  const keys = new Set(ops.map((o) => o.sdkPath.join('.')));
  const prefixesOf = new Set(ops.flatMap((o) => o.sdkPath.slice(0, -1).map((_, i) => o.sdkPath.slice(0, i + 1).join('.'))));
  for (const op of ops) {
    const key = op.sdkPath.join('.');
    if (!explicit.has(op) && op.method === 'post' && prefixesOf.has(key) && !keys.has(`${key}.create`)) {
      op.sdkPath = [...op.sdkPath, 'create'];
      keys.add(`${key}.create`);
    }
  }
  for (const op of clashes()) {
    op.sdkPath = fallbackPath(op, prefix);
    explicit.add(op);
  }
  // Fallbacks may meet each other: number them, deterministically (operations are sorted).
  const taken = new Set<string>();
  const prefixes = new Set<string>();
  for (const op of ops) for (let i = 1; i < op.sdkPath.length; i++) prefixes.add(op.sdkPath.slice(0, i).join('.'));
  for (const op of ops) {
    const base = op.sdkPath[op.sdkPath.length - 1]!;
    let n = 1;
    while (taken.has(op.sdkPath.join('.')) || prefixes.has(op.sdkPath.join('.'))) op.sdkPath = [...op.sdkPath.slice(0, -1), `${base}${++n}`];
    taken.add(op.sdkPath.join('.'));
  }

  for (const op of unrecognisedPaging) {
    diagnostics.warn('pagination-fallback', `${op.operationId} returns a list whose paging parameters fit no convention the client iterates (cursor with a next-cursor field in the answer, offset, page)`, locate(op.pointer), `client.${op.sdkPath.join('.')} is a plain method returning one page`);
  }

  const names = registries.get(api) ?? new NameRegistry(diagnostics);
  const root: ResourceNode = { property: '', className: '', path: [], methods: [], children: [] };
  for (const op of ops) {
    let node = root;
    for (const segment of op.sdkPath.slice(0, -1)) {
      let next = node.children.find((c) => c.property === segment);
      if (!next) {
        const path = [...node.path, segment];
        // Resource classes share the types' registry: `Pets` the class and `Pets` the schema cannot both exist.
        const wanted = path.map(pascalCase).join('');
        const className = names.invent(names.has(wanted) ? `${wanted}Resource` : wanted, `resource client.${path.join('.')}`, locate(op.pointer));
        next = { property: segment, className, path, methods: [], children: [] };
        node.children.push(next);
      }
      node = next;
    }
    node.methods.push({ name: op.sdkPath[op.sdkPath.length - 1]!, operationId: op.operationId });
  }
  const sort = (n: ResourceNode): void => {
    n.children.sort((a, b) => (a.property < b.property ? -1 : 1));
    n.methods.sort((a, b) => (a.name < b.name ? -1 : 1));
    n.children.forEach(sort);
  };
  sort(root);
  api.resources = root;
}
