/**
 * What the generated READMEs say about the API being generated, read from its IR: how it takes credentials, which
 * operation shows paging, streaming, uploads, bytes, overloads and state guards. A README section whose fact is
 * absent is left out, so no example names an operation, a field or a scheme the spec does not have.
 */
import { propertiesOf, resolveNode } from '../ir/queries.ts';
import type { Api } from '../ir/api.ts';
import type { Operation, Paging } from '../ir/operation.ts';
import type { ResponseContent } from '../ir/response.ts';
import type { TypeNode } from '../ir/schema.ts';
import { dataKey, dataLiteral, quote } from './ts/literal.ts';
import { isIgnoredHeader } from '../ir/parameter.ts';

/** How the API takes its credential, as a README says it. */
export interface Credential {
  kind: 'bearer' | 'basic' | 'apiKey';
  /** Where it goes, in words: "`Authorization: Bearer <key>`", "the `X-API-Key` header". */
  where: string;
}

function credentialFact(api: Api, op: Operation): Credential {
  const c = op.credential;
  if (c?.kind === 'basic')
    return {
      kind: 'basic',
      where: 'HTTP basic authentication (`Authorization: Basic`, the key written `user:password`)',
    };
  if (c?.kind === 'apiKey')
    return {
      kind: 'apiKey',
      where:
        c.in === 'header'
          ? `the \`${c.name}\` header`
          : c.in === 'query'
            ? `the \`${c.name}\` query parameter`
            : `the \`${c.name}\` cookie`,
    };
  return { kind: 'bearer', where: '`Authorization: Bearer <key>`' };
}

/** Every way the API's operations take a credential, most used first; empty when no operation needs one. */
export function credentials(api: Api): Credential[] {
  const counts = new Map<string, { fact: Credential; n: number }>();
  for (const op of api.operations) {
    if (!op.security.length) continue;
    const fact = credentialFact(api, op);
    const entry = counts.get(fact.where) ?? { fact, n: 0 };
    entry.n++;
    counts.set(fact.where, entry);
  }
  return [...counts.values()].sort((a, b) => b.n - a.n).map((e) => e.fact);
}

/** The body a call would send, as a TypeScript expression with every required field (and `extra` fields). */
export function sample(api: Api, node: TypeNode, depth = 0, extra: [string, string][] = []): string {
  const n = resolveNode(api, node);
  const key = dataKey;
  switch (n.kind) {
    case 'literal':
      return dataLiteral(n.value);
    case 'enum':
      return dataLiteral(n.values[0]);
    case 'string':
      return "'…'";
    case 'number':
      return String(n.minimum ?? 1);
    case 'boolean':
      return 'true';
    case 'binary':
      return "fs.createReadStream('input.bin')";
    case 'array':
      return depth > 2 ? '[]' : `[${sample(api, n.items, depth + 1)}]`;
    case 'union':
      return n.variants[0] ? sample(api, n.variants[0], depth, extra) : 'null';
    case 'object':
    case 'intersection': {
      // An intersection (allOf) needs the required fields of every member that is an object.
      const members = n.kind === 'object' ? [n] : n.members.map((m) => resolveNode(api, m));
      const required = members.flatMap((m) =>
        m.kind === 'object'
          ? m.properties.filter((p) => p.required && !extra.some(([k]) => k === p.name))
          : [],
      );
      const fields =
        depth > 2 ? [] : required.map((p) => `${key(p.name)}: ${sample(api, p.type, depth + 1)}`);
      fields.push(...extra.map(([k, v]) => `${key(k)}: ${v}`));
      return fields.length ? `{ ${fields.join(', ')} }` : '{}';
    }
    default:
      return '{}';
  }
}

/** Path parameters, in path order, as the sample strings a README passes (`'project_123'`). */
export function pathArgs(op: Operation): string[] {
  const names = [...new Set([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!))];
  return names.map((name) => quote(`${name.replace(/_?id$/i, '') || 'id'}_123`));
}

/** A call of `op` with sample arguments, `extra` body fields added (a stream selector). */
export function sampleCall(api: Api, op: Operation, extra: [string, string][] = []): string {
  const args = pathArgs(op);
  const body = op.requestBody?.contents[0];
  // Required query and header parameters travel in the same argument as the body's fields (not the headers OpenAPI
  // says a parameter cannot name, which no call takes).
  const fields = [
    ...extra,
    ...op.parameters
      .filter((q) => q.required && (q.in === 'query' || (q.in === 'header' && !isIgnoredHeader(q))))
      .map((q): [string, string] => [q.name, sample(api, q.type, 1)]),
  ];
  if (body) args.push(sample(api, body.type, 0, fields));
  else if (fields.length) args.push(`{ ${fields.map(([k, v]) => `${dataKey(k)}: ${v}`).join(', ')} }`);
  else if (op.parameters.some((q) => q.in === 'query' && q.name === 'limit')) args.push('{ limit: 20 }');
  return `client.${op.sdkPath.join('.')}(${args.join(', ')})`;
}

/** The list a README pages through: the first paged list, preferring one that has more pages, then no path parameters. */
export function pagedList(api: Api): (Operation & { paging: Paging }) | undefined {
  const paged = api.operations.filter((o): o is Operation & { paging: Paging } => o.paging !== undefined);
  const rank = (o: Operation & { paging: Paging }) =>
    (o.paging.param === undefined ? 2 : 0) + (o.path.includes('{') ? 1 : 0);
  return [...paged].sort((a, b) => rank(a) - rank(b))[0];
}

const more = (path: string[] | undefined): string => (path ? ` or \`${path.join('.')}\` is false` : '');

/** How a paging style moves to the next page, in words. */
export function pagingRule(paging: Paging): string {
  switch (paging.kind) {
    case 'envelope':
      return paging.param === undefined
        ? 'one page (the operation declares no cursor parameter)'
        : `\`${paging.param}\` = \`last_id\` of each answer, while \`has_more\``;
    case 'cursor':
      return `\`${paging.param}\` = \`${paging.next.join('.')}\` of each answer, until it is empty`;
    case 'offset':
      return `\`${paging.param}\` plus the items received, until a page is empty${paging.limit ? ` or shorter than \`${paging.limit}\`` : ''}${more(paging.more)}`;
    case 'page':
      return `\`${paging.param}\` counted up from 1, until a page is empty${more(paging.more)}`;
    case 'link':
      return 'the query of the `Link` header\'s `rel="next"` URL, until an answer has none';
    case 'url':
      return `the query of the URL in \`${paging.next.join('.')}\` of each answer, until it is empty`;
  }
}

/** The API's paged lists grouped by how they page: `client.a.list`, `client.b.list`: the rule. */
export function pagingGroups(api: Api): { calls: string; rule: string }[] {
  const groups = new Map<string, string[]>();
  for (const o of api.operations)
    if (o.paging)
      groups.set(pagingRule(o.paging), [
        ...(groups.get(pagingRule(o.paging)) ?? []),
        `\`client.${o.sdkPath.join('.')}\``,
      ]);
  return [...groups].map(([rule, calls]) => ({ calls: calls.join(', '), rule }));
}

const selectorArgs = (c: ResponseContent): [string, string][] =>
  (c.selector ?? []).map((s) => [s.field, dataLiteral(s.values[0])]);

/**
 * The operation a README streams from: one answering server-sent events, preferably chosen by a boolean field
 * (`stream: true`, the usual convention) with JSON otherwise, else the first; and the body fields that select it.
 */
export function streamExample(
  api: Api,
): { op: Operation; select: [string, string][]; terminator?: string } | undefined {
  const candidates = api.operations.flatMap((op) => {
    const contents = op.success?.contents ?? [];
    const sse = contents.find((c) => c.kind === 'sse');
    return sse
      ? [
          {
            op,
            sse,
            byFlag:
              (sse.selector ?? []).some((s) => s.values[0] === true) &&
              contents.some((c) => c.kind === 'json'),
          },
        ]
      : [];
  });
  const chosen = candidates.find((c) => c.byFlag) ?? candidates[0];
  if (!chosen) return undefined;
  return {
    op: chosen.op,
    select: selectorArgs(chosen.sse),
    ...(chosen.sse.sse?.terminator !== undefined ? { terminator: chosen.sse.sse.terminator } : {}),
  };
}

/** Operations whose answer depends on the request (`x-when`): what each request gets, in words. */
export function overloads(api: Api): string[] {
  const what = (c: ResponseContent) =>
    c.kind === 'sse'
      ? 'a `Stream`'
      : c.kind === 'binary'
        ? 'the raw `Response` (`arrayBuffer()`, `body`)'
        : c.kind === 'text'
          ? 'a string'
          : c.kind === 'empty'
            ? 'nothing'
            : 'the JSON shape';
  const out: string[] = [];
  for (const op of api.operations) {
    const contents = op.success?.contents ?? [];
    if (contents.length < 2 || !op.successVariants.length) continue;
    const byDefault = op.successDefault;
    const chosen = op.successVariants.map(
      (c) =>
        `${what(c)} with ${c.selector!.map((s) => s.values.map((v) => `\`${s.field}: ${dataLiteral(v)}\``).join(' or ')).join(' and ')}`,
    );
    out.push(
      `\`${op.sdkPath.join('.')}\` returns ${[...(byDefault ? [`${what(byDefault)} by default`] : []), ...chosen].join(', or ')}`,
    );
  }
  return out;
}

/** True when the request body of `op` can carry a file (a multipart file part, or raw bytes). */
export function takesFile(api: Api, op: Operation): boolean {
  return (op.requestBody?.contents ?? []).some(
    (c) => c.kind === 'binary' || (c.kind === 'multipart' && hasBinary(api, c.type)),
  );
}

function hasBinary(api: Api, node: TypeNode, depth = 0): boolean {
  const n = resolveNode(api, node);
  if (n.kind === 'binary') return true;
  if (depth > 2) return false;
  if (n.kind === 'array') return hasBinary(api, n.items, depth + 1);
  if (n.kind === 'object') return n.properties.some((p) => hasBinary(api, p.type, depth + 1));
  if (n.kind === 'union') return n.variants.some((v) => hasBinary(api, v, depth + 1));
  if (n.kind === 'intersection') return n.members.some((m) => hasBinary(api, m, depth + 1));
  return false;
}

/** The array fields of the API's multipart bodies (sent as repeated fields), by their names in the spec. */
export function multipartArrays(api: Api): string[] {
  const names = new Set<string>();
  for (const op of api.operations) {
    for (const c of op.requestBody?.contents ?? []) {
      if (c.kind !== 'multipart') continue;
      for (const p of propertiesOf(api, c.type))
        if (resolveNode(api, p.type).kind === 'array') names.add(p.name);
    }
  }
  return [...names].sort();
}

/** SDK calls whose success answer is bytes. */
export function binaryAnswers(api: Api): string[] {
  return api.operations
    .filter((o) => o.success?.contents.some((c) => c.kind === 'binary'))
    .map((o) => o.sdkPath.join('.'));
}

/** A state guard as a handler calls it: `guardState('cancelJob', job.status)`; undefined without state machines. */
export function guardExample(api: Api): string | undefined {
  for (const m of api.stateMachines) {
    const g = m.guards[0];
    if (!g) continue;
    const resource = m.schema.charAt(0).toLowerCase() + m.schema.slice(1);
    return `guardState(${quote(g.operationId)}, ${/^[A-Za-z_$][\w$]*$/.test(resource) ? resource : 'resource'}.${/^[A-Za-z_$][\w$]*$/.test(m.property) ? m.property : 'state'})`;
  }
  return undefined;
}
