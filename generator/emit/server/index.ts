/**
 * `generated/server/`: a server skeleton for the API.
 *   core.ts (the pipeline; its stages in route.ts, auth.ts, rate-limit.ts, read-body.ts, handle.ts), body reading,
 *   parsing and multipart, responses, credentials, adapters (node.ts, fetch.ts)...
 *                 hand-written runtime (every .ts file of templates/server/ but brand.ts), verbatim
 *   routes.ts     validators by operationId, beside the shared protocol/operations.ts (routed by router.ts)
 *   handlers.ts   the typed `Handlers` interface
 *   index.ts      createServer(handlers, options) → { handle, node, fetch }
 *   README.md     mounting (node:http, Express, Fastify, Hono), handlers, Reply, errors, streams, hooks, limits
 *   brand.ts      the codegen config's version header and access-token policy
 *   package.json, CHANGELOG.md   the package (`build` assembles it with the validators/, types/ and tables/ it imports)
 */
import { DEFAULT_CONFIG, type CodegenConfig } from '../../config/types.ts';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { GeneratedFile } from '../contract.ts';
import { constantsModule, releaseFiles } from '../package-json.ts';
import { printFile } from '../ts/project.ts';
import { dataKey, dataLiteral } from '../ts/literal.ts';
import { renderTemplate, verbatimFolder } from '../templates.ts';
import { handlersFile } from './handlers.ts';
import { routesFile } from './routes.ts';
import { credentials, guardExample } from '../readme-facts.ts';

/**
 * The runtime's exports by name, not `export *`: the model types are exported with `export type *` too, and a
 * named export wins over a star export, so a schema named like a runtime export (`Reply`, `Principal`) is no
 * error; such a type stays importable from the `./types` subpath.
 */
const INDEX = [
  `import { createCoreServer, type CoreServer, type ServerOptions } from './core.js';`,
  `import { toFetchHandler, type FetchHandler } from './fetch.js';`,
  `import type { Handlers } from './handlers.js';`,
  `import type { CloseOptions } from './lifecycle.js';`,
  `import { toNodeListener, type NodeListener } from './node.js';`,
  `import { routes } from './routes.js';`,
  `export {
  createCoreServer,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_JSON_CONTAINERS,
  DEFAULT_MAX_JSON_DEPTH,
  DEFAULT_MAX_PARTS,
  DEFAULT_MAX_STRUCTURED_BODY_BYTES,
  DEFAULT_MAX_UNAUTHENTICATED_BODY_BYTES,
  DEFAULT_MAX_URL_BYTES,
  DRAIN_BODY_BYTES,
  MAX_HEADER_BYTES,
  Reply,
  reply,
  type BinaryBody,
  type CoreServer,
  type HandlerExtras,
  type NeutralRequest,
  type NeutralResponse,
  type OperationMeta,
  type Principal,
  type RateLimitDecision,
  type RequestContext,
  type ResponseBody,
  type RouteMatch,
  type Routes,
  type ServerOptions,
  type SuccessMeta,
} from './core.js';`,
  `export { errorBody, errorType, HttpError, type ErrorBody } from './errors.js';`,
  `import { allowed, stateMachines, type StateMachine } from '../tables/state-machines.js';`,
  `import { createStateGuards } from './guard.js';`,
  `export type { StateGuards } from './guard.js';`,
  `export type { Awaitable, HandlerInput, Handlers, None } from './handlers.js';`,
  `export { DEFAULT_CLOSE_TIMEOUT_MS, ServerClosingError, type Closable, type CloseOptions } from './lifecycle.js';`,
  `export { BodyConsumedError, NODE_MAX_HEADER_SIZE, NODE_SERVER_OPTIONS, toNodeListener, type NodeListener } from './node.js';`,
  `export { toFetchHandler, type FetchHandler } from './fetch.js';`,
  `export { operations, matchRoute, routes } from './routes.js';`,
  `export type { NamedEvent } from './sse.js';`,
  `/** The API's model types (schemas, request bodies, parameters, responses), as \`import type { ... } from\` this package. */
export type * from '../types/index.js';`,
  `export interface Server extends CoreServer {
  /** A \`node:http\` request listener (and Express/Connect middleware): \`http.createServer(NODE_SERVER_OPTIONS, server.node)\`. */
  node: NodeListener;
  /** A web-standard handler for Hono, Bun, Deno and workers. */
  fetch: FetchHandler;
  /**
   * Graceful shutdown: stops \`options.server\` accepting connections, answers new requests 503, ends streams (their
   * handler's \`signal\` aborts), closes idle connections, and resolves once the requests in flight are answered;
   * after \`options.timeout\` ms (default 10,000) what is left is aborted and its connections closed.
   */
  close(options?: CloseOptions): Promise<void>;
}`,
  `const guards = createStateGuards(Object.values(stateMachines) as readonly StateMachine<string>[], allowed);`,
  `/** Throws HttpError(409) unless the state tables allow \`operationId\` on a resource in \`state\`. Call it from handlers. */
export const guardState: (operationId: string, state: string) => void = guards.guardState;`,
  `/** The states in which \`operationId\` is allowed, or undefined when no state machine restricts it. */
export const allowedStates: (operationId: string) => string[] | undefined = guards.allowedStates;`,
  `/** The API's server: every request goes through the pipeline of core.ts, then to \`handlers[operationId]\`. */
export function createServer(handlers: Handlers, options: ServerOptions = {}): Server {
  const core = createCoreServer(routes, handlers as unknown as Readonly<Record<string, ((input: never) => unknown) | undefined>>, options);
  const lifecycle = core.lifecycle!;
  return { handle: core.handle, run: core.run!, lifecycle, node: toNodeListener(core), fetch: toFetchHandler(core), close: (o) => lifecycle.close(o) };
}`,
];

export function emitServer(api: Api, config: CodegenConfig = DEFAULT_CONFIG): GeneratedFile[] {
  const version = config.serverVersionHeader;
  return [
    constantsModule('server/brand.ts', {
      VERSION_HEADER: {
        type: 'readonly [name: string, value: string] | null',
        value: version ? [version.name.toLowerCase(), version.value] : null,
        doc: 'Header (lower-case name, value) added to every response; none when null.',
      },
      ACCESS_TOKENS_REJECTED_BY: {
        type: 'readonly string[]',
        value: config.accessTokensRejectedBy,
        doc: 'Operations that refuse workload-identity access tokens (403) unless `accessTokensRejectedBy` says otherwise.',
      },
      ADMIN_KEYS: {
        type: '{ readonly acceptedBy: readonly string[]; readonly message: string | null } | null',
        value: config.adminKeys && {
          acceptedBy: config.adminKeys.acceptedBy,
          message: config.adminKeys.message ?? null,
        },
        doc: 'Operations admin keys may call (403 elsewhere) unless `adminOperations` says otherwise; no admin-key rule when null.',
      },
    }),
    {
      path: 'server/README.md',
      contents: renderTemplate('server/README.md.hbs', {
        title: api.title,
        version: api.version,
        packageName: config.packages.server.name,
        versionHeader: version ? `${version.name}: ${version.value}` : '',
        rejected: config.accessTokensRejectedBy,
        adminKeys: config.adminKeys ?? false,
        basePath: api.basePath,
        // A string literal: the base path comes from the spec's server URL, which may hold any character.
        basePathRoute: dataLiteral(`${api.basePath}/*`),
        ...readmeExample(api),
        ...readmeFacts(api),
      }),
    },
    ...releaseFiles(
      'server',
      config.packages.server,
      {
        '.': 'index',
        './types': 'types/index',
        './validators': 'validators/index',
        './tables/enums': 'tables/enums',
        './tables/state-machines': 'tables/state-machines',
      },
      config.release,
    ),
    // brand.ts holds the config's defaults; the constants module above writes the config's values in its place.
    ...verbatimFolder('server', ['brand.ts']),
    routesFile(api),
    handlersFile(api),
    { path: 'server/index.ts', contents: printFile('server/index.ts', INDEX) },
  ];
}

/** What the README says of this API: its credential, state guards, streams and byte answers (none: no section). */
function readmeFacts(api: Api): Record<string, unknown> {
  const streaming = api.operations.filter((o) => o.success?.contents.some((c) => c.kind === 'sse'));
  const selectors = streaming.flatMap((o) =>
    o
      .success!.contents.filter((c) => c.kind === 'sse')
      .flatMap((c) => (c.selector ?? []).map((s) => `${dataKey(s.field)}: ${dataLiteral(s.values[0])}`)),
  );
  return {
    credential: credentials(api)[0],
    guardExample: guardExample(api) ?? '',
    streams: streaming.map((o) => o.operationId),
    selectors: [...new Set(selectors)],
    binary: api.operations
      .filter((o) => o.success?.contents.some((c) => c.kind === 'binary'))
      .map((o) => o.operationId),
  };
}

/**
 * The README's mounting examples answer one operation with a `reply` echoing the validated body: the first one (in
 * spec order) that takes a JSON body and answers JSON, preferably without path parameters, else the first one, so
 * the examples run for any spec.
 */
function readmeExample(api: Api): { exampleHandler: string; exampleNote: string } {
  const answersJson = (o: Operation) => o.success?.contents.some((c) => c.kind === 'json');
  const candidates = api.operations.filter(
    (o) => o.requestBody?.contents.some((c) => c.kind === 'json') && answersJson(o),
  );
  // An operation without path parameters keeps the example's request simple.
  const json = candidates.find((o) => !o.path.includes('{')) ?? candidates[0];
  const op = json ?? api.operations[0];
  if (!op)
    return { exampleHandler: '', exampleNote: 'The API has no operations: every request answers 404.' };
  const declared = op.success?.status ?? '';
  // `reply` needs a number, and 204/205 cannot carry the example's body.
  const status = /^2\d\d$/.test(declared) && declared !== '204' && declared !== '205' ? declared : '200';
  const key = dataKey(op.operationId);
  return {
    exampleHandler: json
      ? `${key}: ({ body }) => reply(${status}, { received: body }),`
      : `${key}: () => reply(${status}, {}),`,
    exampleNote: `The examples below answer \`${op.operationId}\` (${op.method.toUpperCase()} ${op.path}) with a \`reply\` ${json ? 'echoing the validated body' : 'of an empty object'}; copy them and add your handlers.`,
  };
}
