/** `client/README.md` from templates/client/README.md.hbs: configuration, the shared behaviours, an example per area. */
import { resolveNode } from '../../ir/queries.ts';
import type { CodegenConfig } from '../../config/types.ts';
import type { Api, Operation, ResourceNode, TypeNode } from '../../ir/types.ts';
import { renderTemplate } from '../../render/templates.ts';
import type { GeneratedFile } from '../../diagnostics.ts';
import { pathParams, queryParams } from './operation-spec.ts';
import { propertyKey } from '../ts/type-expr.ts';

function sample(api: Api, node: TypeNode, depth = 0): string {
  const n = resolveNode(api, node);
  switch (n.kind) {
    case 'literal':
      return JSON.stringify(n.value);
    case 'enum':
      return JSON.stringify(n.values[0]);
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
      return n.variants[0] ? sample(api, n.variants[0], depth) : 'null';
    case 'object':
    case 'intersection': {
      // An intersection (allOf) needs the required fields of every member that is an object.
      const members = n.kind === 'object' ? [n] : n.members.map((m) => resolveNode(api, m));
      const required = members.flatMap((m) => (m.kind === 'object' ? m.properties.filter((p) => p.required) : []));
      if (depth > 2 || !required.length) return '{}';
      return `{ ${required.map((p) => `${propertyKey(p.name)}: ${sample(api, p.type, depth + 1)}`).join(', ')} }`;
    }
    default:
      return '{}';
  }
}

function callOf(api: Api, op: Operation): string {
  const args = pathParams(op).map((p) => `'${p.name.replace(/_id$/, '')}_123'`);
  const body = op.requestBody?.contents[0];
  if (body) args.push(sample(api, body.type));
  else if (queryParams(op).some((q) => q.name === 'limit')) args.push('{ limit: 20 }');
  return `client.${op.sdkPath.join('.')}(${args.join(', ')})`;
}

function operationsOf(node: ResourceNode, ops: Map<string, Operation>): Operation[] {
  return [...node.methods.map((m) => ops.get(m.operationId)!), ...node.children.flatMap((c) => operationsOf(c, ops))];
}

export function emitReadme(api: Api, config: CodegenConfig): GeneratedFile {
  const ops = new Map(api.operations.map((o) => [o.operationId, o]));
  const areas = api.resources.children.map((node) => {
    const list = operationsOf(node, ops);
    const example = list.find((o) => o.method === 'post' && o.requestBody) ?? list[0]!;
    return {
      name: node.property,
      methods: list.map((o) => ({ call: `client.${o.sdkPath.join('.')}`, method: o.method.toUpperCase(), path: o.path, summary: o.summary ?? '' })),
      example: callOf(api, example),
    };
  });
  return { path: 'client/README.md', contents: renderTemplate('client/README.md.hbs', {
      title: api.title,
      version: api.version,
      areas,
      webhooks: api.webhooks.map((w) => w.name),
      clientName: config.clientName,
      errorName: config.errorName,
      // The token-exchange walkthrough describes `auth.exchangeToken`; other APIs have no such section.
      tokenExchange: api.operations.some((o) => o.sdkPath.join('.') === 'auth.exchangeToken'),
      packageName: config.packages.client.name,
      env: config.envPrefix,
      organizationHeader: config.organizationHeader,
      projectHeader: config.projectHeader,
    }) };
}
