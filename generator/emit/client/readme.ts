/**
 * `client/README.md` from templates/client/README.md.hbs: configuration, the shared behaviours, an example per
 * area. Every example and name comes from the spec being generated (emit/readme-facts.ts): a section whose
 * feature the API lacks (streams, paging, uploads, webhooks, the token exchange) is left out.
 */
import type { CodegenConfig } from '../../config/types.ts';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { ResourceNode } from '../../ir/resource.ts';
import { renderTemplate } from '../templates.ts';
import type { GeneratedFile } from '../contract.ts';
import { idempotencyParameter } from './operation-spec.ts';
import {
  binaryAnswers,
  credentials,
  multipartArrays,
  overloads,
  pagedList,
  pagingGroups,
  sampleCall,
  streamExample,
  takesFile,
} from '../readme-facts.ts';

function operationsOf(node: ResourceNode, ops: Map<string, Operation>): Operation[] {
  return [
    ...node.methods.map((m) => ops.get(m.operationId)!),
    ...node.children.flatMap((c) => operationsOf(c, ops)),
  ];
}

export function emitReadme(api: Api, config: CodegenConfig): GeneratedFile {
  const ops = new Map(api.operations.map((o) => [o.operationId, o]));
  const areas = api.resources.children.map((node) => {
    const list = operationsOf(node, ops);
    const example = list.find((o) => o.method === 'post' && o.requestBody) ?? list[0]!;
    return {
      name: node.property,
      methods: list.map((o) => ({
        call: `client.${o.sdkPath.join('.')}`,
        method: o.method.toUpperCase(),
        path: o.path,
        summary: o.summary ?? '',
      })),
      example: sampleCall(api, example),
    };
  });
  const [credential, ...otherCredentials] = credentials(api);
  const list = pagedList(api);
  const stream = streamExample(api);
  const upload = api.operations.find((o) => takesFile(api, o));
  // `withResponse()` is shown on a call that needs nothing but what the README already has: a list, else a GET.
  const plain = list ?? api.operations.find((o) => o.method === 'get' && !o.requestBody) ?? api.operations[0];
  const variables = [
    ...new Set(
      [...api.servers, ...api.operations.flatMap((o) => o.servers)].flatMap((s) =>
        s.variables.map((v) => `\`${v.name}\``),
      ),
    ),
  ];
  return {
    path: 'client/README.md',
    contents: renderTemplate('client/README.md.hbs', {
      title: api.title,
      version: api.version,
      areas,
      webhooks: api.webhooks.map((w) => w.name),
      clientName: api.clientName,
      errorName: config.errorName,
      // The token-exchange walkthrough describes `auth.exchangeToken`; other APIs have no such section.
      tokenExchange: api.operations.some((o) => o.sdkPath.join('.') === 'auth.exchangeToken'),
      packageName: config.packages.client.name,
      env: api.envPrefix,
      credential,
      otherCredentials,
      serverVariables: variables.join(', '),
      organizationHeader: config.organizationHeader,
      projectHeader: config.projectHeader,
      idempotencyHeader: config.idempotencyHeader,
      // The idempotency headers the operations declare, which the client fills on the operations that declare them.
      declaredIdempotency: [...new Set(api.operations.flatMap((op) => idempotencyParameter(op)?.name ?? []))]
        .map((h) => `\`${h}\``)
        .join(', '),
      retryStatuses: config.retryStatuses.join(', '),
      withResponseCall: plain ? sampleCall(api, plain) : '',
      overloads: overloads(api),
      stream: stream && {
        call: sampleCall(api, stream.op, stream.select),
        terminator: stream.terminator ?? '',
      },
      paging: list && { call: sampleCall(api, list), groups: pagingGroups(api) },
      upload: upload ? sampleCall(api, upload) : '',
      multipartArrays: multipartArrays(api),
      binaryAnswers: binaryAnswers(api),
    }),
  };
}
