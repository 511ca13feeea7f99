/**
 * `generated/server/`: a server skeleton for the API. On top, the files generated for the API:
 *   index.ts      createServer(handlers, options) → { handle, node, fetch }, and what users import
 *   handlers.ts   the typed `Handlers` interface
 *   routes.ts     validators by operationId, beside the shared protocol/operations.ts (routed by pipeline/router.ts)
 *   README.md     mounting (node:http, Express, Fastify, Hono), handlers, Reply, errors, streams, hooks, limits
 *   brand.ts      the codegen config's version header and access-token policy
 * Below them the hand-written runtime (every .ts file under templates/server/ but brand.ts, verbatim):
 *   core/         what handlers, hooks and adapters are written against: types, options, limits, errors, reply,
 *                 state guards, shutdown
 *   pipeline/     the stages in order (server.ts runs them: head, auth, rate-limit, body, handler) and the response
 *   request/      reading what a request carries: body bytes with limits, parsing by media type, query fields
 *   adapters/     node:http (node.ts) and web-standard fetch (fetch.ts)
 *   package.json, CHANGELOG.md   the package (`build` assembles it with the validators/, types/ and tables/ it imports)
 */
import { DEFAULT_CONFIG, initialVersion, type CodegenConfig } from '../../config/types.ts';
import type { Api } from '../../ir/api.ts';
import type { Operation } from '../../ir/operation.ts';
import type { GeneratedFile } from '../contract.ts';
import { constantsModule, publishFacts, releaseFiles } from '../package-json.ts';
import { printFile } from '../ts/project.ts';
import { dataKey, dataLiteral, typeKey } from '../ts/literal.ts';
import { importRegistry } from '../ts/imports.ts';
import { renderTemplate, verbatimFolder } from '../templates.ts';
import { handlersFile } from './handlers.ts';
import { routesFile } from './routes.ts';
import { credentials, guardExample, sample } from '../readme-facts.ts';

/**
 * The runtime's exports by name, not `export *`: the model types are exported with `export type *` too, and a
 * named export wins over a star export, so a schema named like a runtime export (`Reply`, `Principal`) is no
 * error; such a type stays importable from the `./types` subpath.
 */
const INDEX = [
  `import type { CloseOptions } from './core/lifecycle.js';`,
  `import type { ServerOptions } from './core/options.js';`,
  `import { toFetchHandler, type FetchHandler } from './adapters/fetch.js';`,
  `import { toNodeListener, type NodeListener } from './adapters/node.js';`,
  `import type { Handlers } from './handlers.js';`,
  `import { createCoreServer, type CoreServer } from './pipeline/server.js';`,
  `import { routes } from './routes.js';`,
  `export { createCoreServer, type CoreServer } from './pipeline/server.js';`,
  `export {
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
} from './core/limits.js';`,
  `export type { RateLimitDecision, ServerOptions } from './core/options.js';`,
  `export { Reply, reply, type ReplyHeaders } from './core/reply.js';`,
  `export type {
  BinaryBody,
  HandlerExtras,
  NeutralRequest,
  NeutralResponse,
  OperationMeta,
  Principal,
  RequestContext,
  ResponseBody,
  RouteMatch,
  Routes,
  SuccessMeta,
} from './core/types.js';`,
  `export { errorBody, errorType, HttpError, type ErrorBody } from './core/errors.js';`,
  `import { allowed, stateMachines, type StateMachine } from '../tables/state-machines.js';`,
  `import { createStateGuards, type StateGuards } from './core/guard.js';`,
  `export type { StateGuards } from './core/guard.js';`,
  `export type { Awaitable, BodyOf, Handler, HandlerInput, RepliesOf, ReplyTo, Responses, Route } from './core/handler.js';`,
  `export type { Handlers } from './handlers.js';`,
  `export { DEFAULT_CLOSE_TIMEOUT_MS, ServerClosingError, type Closable, type CloseOptions } from './core/lifecycle.js';`,
  `export { BodyConsumedError, NODE_MAX_HEADER_SIZE, NODE_SERVER_OPTIONS, toNodeListener, type NodeListener } from './adapters/node.js';`,
  `export { toFetchHandler, type FetchHandler } from './adapters/fetch.js';`,
  `export { operations, matchRoute, routes } from './routes.js';`,
  `export type { NamedEvent } from './pipeline/sse.js';`,
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
  `/** The API's server: every request goes through the stages of pipeline/, then to \`handlers[operationId]\`. */
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
      publishFacts(api, config, initialVersion(config, api.version)),
    ),
    // brand.ts holds the config's defaults; the constants module above writes the config's values in its place.
    ...verbatimFolder('server', ['brand.ts']),
    routesFile(api),
    handlersFile(api),
    indexFile(api),
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
 * The README's mounting examples answer one operation with a `reply` of its declared success (a sample value of its
 * type, so the example compiles against the typed `reply`): the first one (in spec order) that takes a JSON body and
 * answers JSON, preferably without path parameters, else the first one, so the examples run for any spec.
 */
function readmeExample(api: Api): { exampleHandler: string; exampleNote: string } {
  const answersJson = (o: Operation) => o.success?.contents.some((c) => c.kind === 'json');
  const candidates = api.operations.filter(
    (o) => o.requestBody?.contents.some((c) => c.kind === 'json') && answersJson(o),
  );
  // An operation without path parameters keeps the example's request simple.
  const op = candidates.find((o) => !o.path.includes('{')) ?? candidates[0] ?? api.operations[0];
  if (!op)
    return { exampleHandler: '', exampleNote: 'The API has no operations: every request answers 404.' };
  const key = dataKey(op.operationId);
  const where = `\`${op.operationId}\` (${op.method.toUpperCase()} ${op.path})`;
  if (!op.success)
    return {
      exampleHandler: `${key}: () => undefined,`,
      exampleNote: `The examples below answer ${where}, which declares no success response, with nothing; copy them and add your handlers.`,
    };
  // A declared status: the success's own, else 200 under its range or `default`.
  const status = /^\d{3}$/.test(op.success.status) ? op.success.status : '200';
  const body = exampleBody(api, op.successDefault ?? op.success.contents[0]);
  return {
    exampleHandler: `${key}: ({ reply }) => reply(${status}${body === undefined ? '' : `, ${body}`}),`,
    exampleNote: `The examples below answer ${where} with a \`reply\` of its declared success${body === undefined ? '' : ' (a sample of its type)'}; copy them and add your handlers.`,
  };
}

/** A value of a success content's type, as TypeScript source; undefined for a response without a body. */
function exampleBody(
  api: Api,
  content: Operation['successVariants'][number] | undefined,
): string | undefined {
  switch (content?.kind) {
    case undefined:
    case 'empty':
      return undefined;
    case 'json':
      return content.type ? sample(api, content.type) : '{}';
    case 'text':
      return "'…'";
    case 'binary':
      return 'new Uint8Array()';
    case 'sse':
      return '(async function* () {})()';
  }
}

/**
 * The index: the runtime's exports and `createServer` (INDEX), and the state guards typed by operation: each
 * operation a state machine restricts, with the states of those machines (as `createStateGuards` finds them at run
 * time; test/server/guards.test.ts holds the two to the same answer).
 */
function indexFile(api: Api): GeneratedFile {
  const path = 'server/index.ts';
  const use = importRegistry(api, path);
  const guarded = guardedOperations(api).map(
    ({ operationId, machines }) =>
      `${typeKey(operationId)}: ${machines.map((m) => use.from('tables/state-machines.ts', m.typeName, true)).join(' | ')};`,
  );
  const statements = [
    `/** The states each operation a state machine restricts is checked against (\`guardState\`), by operationId. */
export interface GuardedStates {${guarded.length ? `\n  ${guarded.join('\n  ')}\n` : ''}}`,
    `const guards: StateGuards<GuardedStates> = createStateGuards<GuardedStates, StateMachine<string>>(Object.values(stateMachines) as readonly StateMachine<string>[], allowed);`,
    `/**
 * Throws HttpError(409) unless the state tables allow \`operationId\` on a resource in \`state\`. Call it from handlers;
 * an operation no state machine restricts, or a state its machine does not have, does not compile.
 */
export const guardState: StateGuards<GuardedStates>['guardState'] = guards.guardState;`,
    `/** The states in which \`operationId\` is allowed. */
export const allowedStates: StateGuards<GuardedStates>['allowedStates'] = guards.allowedStates;`,
  ];
  return { path, contents: printFile(path, [...use.declarations(), ...INDEX, ...statements]) };
}

/** Each operation some state machine restricts (a guard names it, or it moves a resource out of a state), in operationId order. */
export function guardedOperations(api: Api): { operationId: string; machines: Api['stateMachines'] }[] {
  return [...api.operations]
    .map((o) => o.operationId)
    .sort()
    .map((operationId) => ({
      operationId,
      machines: api.stateMachines.filter(
        (m) =>
          m.guards.some((g) => g.operationId === operationId) ||
          m.transitions.some(
            (t) => t.on.kind === 'operation' && t.on.operationId === operationId && t.from !== null,
          ),
      ),
    }))
    .filter((g) => g.machines.length > 0);
}
