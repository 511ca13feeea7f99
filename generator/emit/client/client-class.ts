/** `client/client.ts` (the client class, named by the codegen config, with the top-level resources), `client/webhooks.ts` and `client/operations.ts`. */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { GeneratorError } from '../../diagnostics.ts';
import type { CodegenConfig } from '../../config/types.ts';
import type { Api } from '../../ir/api.ts';
import type { GeneratedFile } from '../contract.ts';
import { printFile } from '../ts/project.ts';
import { dataKey, quote, writeData } from '../ts/literal.ts';
import { typeOf, union, text } from '../ts/type-expr.ts';
import { importRegistry, specifier } from '../ts/imports.ts';
import { clientOwn } from './operation-spec.ts';
import { resourceSummary } from './resources.ts';

/** The environment variables the client reads: organization and project only where the config names their headers. */
function envVariables(api: Api, config: CodegenConfig): string[] {
  const names = [
    'API_KEY',
    'BASE_URL',
    ...(config.organizationHeader ? ['ORG_ID'] : []),
    ...(config.projectHeader ? ['PROJECT_ID'] : []),
    ...(api.webhooks.length ? ['WEBHOOK_SECRET'] : []),
  ];
  return names.map((n) => api.envPrefix + n);
}

/**
 * `client/operations.ts`: each operation's shared facts (`protocol/operations.ts`) with what only the client knows
 * (body mode, paging, servers) beside them, so the core reads one object per operation.
 */
export function emitOperations(api: Api): GeneratedFile {
  const path = 'client/operations.ts';
  const ops = [...api.operations].sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  const use = importRegistry(api, path);
  const spec = use.from('client/internal/operation.ts', 'OperationSpec', true);
  // Aliased (the registry imports by name only): this module declares its own `operations`. Its specifier sorts first.
  const facts: StatementStructures = {
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: specifier(path, 'protocol/operations.ts'),
    namedImports: ['operations as facts'],
  };
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      docs: ['What the core needs to send each operation and read its response, by operationId.'],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: 'operations',
          initializer: (w) => {
            w.write('{').indent(() => {
              for (const op of ops) {
                const key = dataKey(op.operationId);
                const shared = key === op.operationId ? `facts.${key}` : `facts[${quote(op.operationId)}]`;
                const own = clientOwn(op, api);
                w.write(`${key}: `);
                if (Object.keys(own).length) {
                  w.write(`{ ...${shared}`);
                  for (const [field, value] of Object.entries(own)) {
                    w.write(`, ${dataKey(field)}: `);
                    writeData(w, value);
                  }
                  w.write(' }');
                } else w.write(shared);
                w.write(',').newLine();
              }
            });
            w.write(`} as const satisfies Record<string, ${spec}>`);
          },
        },
      ],
    },
  ];
  return { path, contents: printFile(path, [facts, ...use.declarations(), ...statements]) };
}

export function emitWebhooks(api: Api): GeneratedFile {
  const path = 'client/webhooks.ts';
  const use = importRegistry(api, path);
  const payloads = api.webhooks.flatMap(
    (w) => w.body?.contents.slice(0, 1).map((c) => typeOf(c.type, use)) ?? [],
  );
  const base = use.from('client/core/webhooks.ts', 'WebhooksBase');
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.TypeAlias,
      name: 'WebhookEvent',
      isExported: true,
      type: payloads.length ? union(payloads) : text('unknown'),
      docs: [
        `A webhook delivery's payload: ${api.webhooks.map((w) => `\`${w.name}\``).join(', ') || 'none in the spec'}.`,
      ],
    },
    {
      kind: StructureKind.Class,
      name: 'Webhooks',
      isExported: true,
      extends: `${base}<WebhookEvent>`,
      docs: [
        '`client.webhooks`: `unwrap(rawBody, headers, { secret, tolerance })` verifies a delivery (Standard Webhooks) and returns the typed event; `verifySignature` only verifies. Both are async (Web Crypto).',
      ],
    },
  ];
  return { path, contents: printFile(path, [...use.declarations(), ...statements]) };
}

export function emitClientClass(api: Api, config: CodegenConfig): GeneratedFile {
  const path = 'client/client.ts';
  const use = importRegistry(api, path);
  const top = api.resources.children;
  // The resource pass keeps client members (`webhooks`, `withOptions`...) out of the tree: a clash here is a bug.
  if (top.some((t) => t.property === 'webhooks'))
    throw new GeneratorError('internal', 'client.webhooks is both a resource and the webhook helper');
  for (const t of top) use.from(t.file, t.className);
  use.from('client/webhooks.ts', 'Webhooks');
  use.from('client/core/client-base.ts', 'ClientBase');
  use.from('client/core/options.ts', 'ClientOptions', true);
  use.from('client/core/options.ts', 'ApiKeySource', true);
  const defaultBase = api.servers[0]?.defaultUrl ?? 'http://localhost';
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'DEFAULT_BASE_URL', initializer: quote(defaultBase) }],
      docs: ["The spec's first server, with its variables' defaults."],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: 'createBaseClient',
      parameters: [
        {
          name: 'options',
          type: "Omit<ClientOptions, 'apiKey'> & { apiKey?: ApiKeySource | null }",
          initializer: '{}',
        },
      ],
      returnType: 'ClientBase',
      docs: [
        `The request engine without any resource, for bundles that use a few calls: \`new ${top[0]?.className ?? 'Resource'}(createBaseClient({ apiKey }))\`. A bundler then keeps only the resources imported (the package has no side effects), where \`new ${api.clientName}()\` keeps them all.`,
      ],
      statements: ['return new ClientBase(options, DEFAULT_BASE_URL);'],
    },
    {
      kind: StructureKind.Class,
      name: api.clientName,
      isExported: true,
      extends: 'ClientBase',
      docs: [
        `The ${api.title} client (${api.version}). Options default from ${envVariables(api, config)
          .join(', ')
          .replace(/, ([^,]+)$/, ' and $1')}.`,
      ],
      properties: [
        ...top.map((t) => ({
          name: t.property,
          isReadonly: true,
          type: t.className,
          docs: [resourceSummary(api, t)],
        })),
        {
          name: 'webhooks',
          isReadonly: true,
          type: 'Webhooks',
          docs: [
            api.webhooks.length
              ? `Verifies webhook deliveries (Standard Webhooks) and types their events: ${api.webhooks.map((w) => `\`${w.name}\``).join(', ')}.`
              : 'Verifies webhook deliveries (Standard Webhooks); the spec describes no event.',
          ],
        },
      ],
      ctors: [
        {
          parameters: [
            {
              name: 'options',
              type: "Omit<ClientOptions, 'apiKey'> & { apiKey?: ApiKeySource | null }",
              initializer: '{}',
            },
          ],
          docs: [
            `\`apiKey: null\` makes a client without a credential, ${api.operations.some((o) => o.sdkPath.join('.') === 'auth.exchangeToken') ? 'for `auth.exchangeToken` only' : 'for operations that need none'}.`,
          ],
          statements: (w) => {
            w.writeLine('super(options, DEFAULT_BASE_URL);');
            for (const t of top) w.writeLine(`this.${t.property} = new ${t.className}(this);`);
            w.writeLine('this.webhooks = new Webhooks(this.webhookSecret);');
          },
        },
      ],
    },
  ];
  return { path, contents: printFile(path, [...use.declarations(), ...statements]) };
}

export function emitIndex(api: Api, config: CodegenConfig): GeneratedFile {
  const path = 'client/index.ts';
  const exports: StatementStructures[] = [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './client.js',
      namedExports: [api.clientName, 'createBaseClient', 'DEFAULT_BASE_URL'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: './core/client-base.js',
      namedExports: ['ClientBase'],
    },
    ...api.resources.children.map((t): StatementStructures => ({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: specifier('client/index.ts', t.file),
      namedExports: [t.className],
    })),
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './webhooks.js',
      namedExports: ['Webhooks', 'type WebhookEvent'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/errors.js',
      namedExports: [
        'APIConnectionError',
        'APIError',
        'APIRedirectError',
        'APITimeoutError',
        'APIUserAbortError',
        'AuthenticationError',
        'BadRequestError',
        'ConflictError',
        'type ErrorEnvelope',
        'InternalServerError',
        'NotFoundError',
        'PermissionDeniedError',
        config.errorName === 'ClientError' ? 'ClientError' : `ClientError as ${config.errorName}`,
        'RateLimitError',
        'ResponseTooLargeError',
        'UnprocessableEntityError',
        'WebhookVerificationError',
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/api-promise.js',
      namedExports: ['APIPromise', 'type WithResponse'],
    },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: './core/stream.js', namedExports: ['Stream'] },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/sse.js',
      namedExports: ['SseDecoder', 'type ServerSentEvent'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/pagination.js',
      namedExports: ['Page', 'PagePromise', 'type Paging'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/uploads.js',
      namedExports: ['toFile', 'type Uploadable', 'type WithUploads'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/rate-limit.js',
      namedExports: ['parseDuration', 'type RateLimitInfo'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/webhooks.js',
      namedExports: [
        'MAX_SIGNATURES',
        'signWebhook',
        'verifyWebhookSignature',
        'type WebhookHeaders',
        'type WebhookVerifyOptions',
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/token-provider.js',
      namedExports: ['AccessTokenProvider', 'type AccessTokenProviderOptions', 'type ExchangedToken'],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: './core/options.js',
      namedExports: ['type ApiKeySource', 'type ClientOptions', 'type RequestOptions'],
    },
    { kind: StructureKind.ExportDeclaration, isTypeOnly: true, moduleSpecifier: '../types/index.js' },
  ];
  return { path, contents: printFile(path, exports) };
}
