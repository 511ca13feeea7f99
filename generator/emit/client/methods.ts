/**
 * One resource method per operation: path parameters positionally in path order, then one object for the body or
 * the query, then the per-request options. Where the response kind depends on the request (`x-when`), one overload
 * per condition, one for the default, and a general one.
 */
import {
  StructureKind,
  type MethodDeclarationOverloadStructure,
  type MethodDeclarationStructure,
  type OptionalKind,
  type ParameterDeclarationStructure,
} from 'ts-morph';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { ResponseContent } from '../../ir/response.ts';
import { intersection, literal, objectType, text, typeOf, union, type TypeWriter } from '../ts/type-expr.ts';
import { isIdentifierName } from '../ts/identifier.ts';
import { dataKey, quote } from '../ts/literal.ts';
import type { Imports } from '../ts/imports.ts';
import {
  callHeaders,
  headersNotOnCall,
  idempotencyParameter,
  queryParams,
  responseContents,
  type When,
} from './operation-spec.ts';
import { requestBodyType } from '../operation-facts.ts';

const CORE = 'client/core';

function generic(name: string, args: TypeWriter[]): TypeWriter {
  return (w) => {
    w.write(`${name}<`);
    args.forEach((a, i) => {
      if (i) w.write(', ');
      a(w);
    });
    w.write('>');
  };
}

/** The type of the params object, and whether it may be omitted. */
function paramsOf(
  op: Operation,
  use: Imports,
): { name: string; type: TypeWriter; optional: boolean } | undefined {
  const mode = op.bodyMode;
  const query = queryParams(op);
  const headers = callHeaders(op);
  const parts: TypeWriter[] = [];
  if (mode) {
    const body = text(requestBodyType(op, use.opType(op, op.names.body)));
    const sent =
      mode === 'multipart' || mode === 'json|multipart'
        ? generic(use.from(`${CORE}/uploads.ts`, 'WithUploads', true), [body])
        : body;
    // A body that is not an object goes under its own key beside the parameters (`{ body: file, name }`).
    parts.push(
      op.bodyKey !== undefined
        ? objectType([{ name: op.bodyKey, optional: !op.requestBody!.required, type: sent }])
        : sent,
    );
  }
  if (query.length) parts.push(text(use.opType(op, op.names.query)));
  if (headers.length) {
    // The operation's headers type, less those the client sets from its options (named the shorter way).
    const all = use.opType(op, op.names.headers);
    const left = headersNotOnCall(op);
    const names = (list: { name: string }[]) => list.map((p) => quote(p.name)).join(' | ');
    parts.push(
      text(
        !left.length
          ? all
          : headers.length <= left.length
            ? `Pick<${all}, ${names(headers)}>`
            : `Omit<${all}, ${names(left)}>`,
      ),
    );
  }
  if (!parts.length) return undefined;
  const optional = !(mode && op.requestBody!.required) && ![...query, ...headers].some((p) => p.required);
  return {
    name:
      [mode, query.length, headers.length].filter(Boolean).length > 1
        ? 'params'
        : mode
          ? 'body'
          : query.length
            ? 'query'
            : 'headers',
    type: intersection(parts),
    optional,
  };
}

function resultOf(api: Api, op: Operation, content: ResponseContent, use: Imports): TypeWriter {
  switch (content.kind) {
    case 'json': {
      const firstJson = responseContents(op).find((c) => c.kind === 'json' && c.type);
      if (content === firstJson) return text(use.opType(op, op.names.response));
      return content.type ? typeOf(content.type, use) : text('unknown');
    }
    case 'text':
      return text('string');
    case 'binary':
      return text('Response');
    case 'empty':
      return text('void');
    case 'sse': {
      const events = (content.sse?.events ?? []).map((e) => typeOf(e.type, use));
      return generic(use.from(`${CORE}/stream.ts`, 'Stream', true), [
        events.length ? union(events) : text('unknown'),
      ]);
    }
  }
}

function whenType(when: When): TypeWriter {
  return objectType(
    when.map((w) => ({ name: w.field, optional: false, type: union(w.values.map(literal)) })),
  );
}

/** The default content's narrowing: each conditioned field absent or any other value. */
function defaultType(conditions: When[], params: TypeWriter, use: Imports): TypeWriter {
  const byField = new Map<string, Set<string | number | boolean | null>>();
  for (const when of conditions)
    for (const w of when)
      for (const v of w.values)
        (byField.get(w.field) ?? byField.set(w.field, new Set()).get(w.field)!).add(v);
  const fieldOf = use.from('client/internal/operation.ts', 'FieldOf', true);
  return objectType(
    [...byField].map(([field, values]) => ({
      name: field,
      optional: true,
      type: generic('Exclude', [generic(fieldOf, [params, literal(field)]), union([...values].map(literal))]),
    })),
  );
}

const words = (text: string) => text.trim().split(/\s+/).length;

/**
 * The summary, the description when it says more than the summary (`Lists vector stores.` under `List vector
 * stores` does not), then the request it sends: never the method's own name again.
 */
function docOf(op: Operation): string {
  const paragraphs: string[] = [];
  if (op.summary) paragraphs.push(op.summary);
  const description = op.description?.trim();
  if (description && (!op.summary || words(description) > words(op.summary) + 1))
    paragraphs.push(description);
  const headers = callHeaders(op);
  if (headers.length) {
    const idempotency = idempotencyParameter(op);
    const list = headers.map(
      (p) =>
        `\`${p.name}\`${p.required ? ' (required)' : ''}${p === idempotency ? ' (a new key per call when not given, sent unchanged on each retry)' : ''}`,
    );
    paragraphs.push(`Request headers, given among the params: ${list.join(', ')}.`);
  }
  paragraphs.push(`\`${op.method.toUpperCase()} ${op.path}\` (\`${op.operationId}\`)`);
  return [...paragraphs.join('\n\n').split('\n'), ...(op.deprecated ? ['@deprecated'] : [])].join('\n');
}

export function methodOf(
  api: Api,
  op: Operation,
  name: string,
  use: Imports,
): OptionalKind<MethodDeclarationStructure> {
  const positional = op.pathParameters.map((p): OptionalKind<ParameterDeclarationStructure> => ({
    name: p.identifier,
    type: 'string',
  }));
  const params = paramsOf(op, use);
  const options: OptionalKind<ParameterDeclarationStructure> = {
    name: 'options',
    hasQuestionToken: true,
    type: use.from(`${CORE}/options.ts`, 'RequestOptions', true),
  };
  const paramDecl = (
    type: TypeWriter | undefined,
    optional: boolean,
  ): OptionalKind<ParameterDeclarationStructure>[] =>
    params ? [{ name: params.name, type: type ?? params.type, hasQuestionToken: optional }] : [];
  const pathArg = positional.length
    ? `path: { ${op.pathParameters.map((p) => `${dataKey(p.name)}: ${p.identifier}`).join(', ')} }`
    : '';
  const paramsArg = params ? `params: ${params.name}` : '';
  const args = `{ ${[pathArg, paramsArg].filter(Boolean).join(', ')} }`;
  const docs = [docOf(op)];

  // Every paged list, whatever its style, returns the one page type of core/pagination.ts.
  const pagedItemType = op.pageItem;
  if (pagedItemType) {
    const item = typeOf(pagedItemType, use);
    const body = text(use.opType(op, op.names.response));
    return {
      name,
      docs,
      parameters: [...positional, ...paramDecl(undefined, params?.optional ?? true), options],
      returnType: generic(use.from(`${CORE}/pagination.ts`, 'PagePromise', true), [item, body]),
      statements: (w) => {
        w.write(`return this._client.list<`);
        item(w);
        w.write(', ');
        body(w);
        w.write(`>(operations${member(op.operationId)}, ${args}, options);`);
      },
    };
  }

  const apiPromise = use.from(`${CORE}/api-promise.ts`, 'APIPromise', true);
  const contents = responseContents(op);
  const results = contents.length ? contents.map((c) => resultOf(api, op, c, use)) : [text('void')];
  const all = union(results);
  const method: OptionalKind<MethodDeclarationStructure> = {
    name,
    docs,
    parameters: [...positional, ...paramDecl(undefined, params?.optional ?? false), options],
    returnType: generic(apiPromise, [all]),
    statements: (w) => {
      w.write('return this._client.call<');
      all(w);
      w.write(`>(operations${member(op.operationId)}, ${args}, options);`);
    },
  };
  const conditional = contents.map((c, i) => ({ c, i, when: c.selector })).filter((x) => x.when);
  if (params && conditional.length) {
    const overloads: OptionalKind<MethodDeclarationOverloadStructure>[] = conditional.map(({ i, when }) => ({
      docs,
      parameters: [...positional, ...paramDecl(intersection([params.type, whenType(when!)]), false), options],
      returnType: generic(apiPromise, [results[i]!]),
    }));
    const defaults = contents.map((c, i) => ({ c, i })).filter(({ c }) => !c.when);
    if (defaults.length === 1) {
      overloads.push({
        docs,
        parameters: [
          ...positional,
          ...paramDecl(
            intersection([
              params.type,
              defaultType(
                conditional.map((x) => x.when!),
                params.type,
                use,
              ),
            ]),
            params.optional,
          ),
          options,
        ],
        returnType: generic(apiPromise, [results[defaults[0]!.i]!]),
      });
    }
    overloads.push({ docs, parameters: method.parameters!, returnType: method.returnType! });
    method.overloads = overloads;
    method.docs = [];
  }
  return { ...method, kind: StructureKind.Method };
}

/** `.id`, or `["find pet by id"]` for an operationId that is not an identifier (the raw id is only ever a key). */
function member(id: string): string {
  return isIdentifierName(id) ? `.${id}` : `[${quote(id)}]`;
}
