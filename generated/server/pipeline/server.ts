// Copied by platform-api-codegen from its runtime (templates/server/pipeline/server.ts). Do not edit: every generation replaces it.
/**
 * The transport-neutral request pipeline. For every request, in this order: shutdown (503), URL length (414),
 * header size (431), body size from `content-length` (413), `X-Client-Request-Id` (400), route (404, 405 +
 * `Allow`), path parameters (400), authentication (401, 403), rate limit (429), content type (415) and the body
 * limit of that media type (413), all decided from the head alone; then the body read with the size limit and
 * an idle timeout (413, 408) and parse (400), validation (400 with every error), the handler (501 when missing,
 * 500 when it throws, with no internals in the body). An answer given before the body was read closes the
 * connection unless the body is announced and small. Every response carries `x-request-id`,
 * `service-processing-ms` and the config's version header, if any.
 */
import { Lifecycle } from '../core/lifecycle.js';
import type { OperationMeta, NeutralRequest, NeutralResponse, Routes } from '../core/types.js';
import type { ServerOptions } from '../core/options.js';
import { failure, fail, type Answer, type Exchange } from './exchange.js';
import { start } from './head.js';
import { resolveSettings, type AnyHandler } from './settings.js';

/** The pipeline without a transport: what the adapters (adapters/node.ts, adapters/fetch.ts) turn requests into calls of. */
export interface CoreServer {
  handle(request: NeutralRequest): Promise<NeutralResponse>;
  /**
   * The same pipeline, answering synchronously when the hooks, the body and the handler are synchronous (the
   * common case): adapters call this to skip a promise per stage. Optional so hand-made servers still adapt.
   */
  run?(request: NeutralRequest): NeutralResponse | Promise<NeutralResponse>;
  /** Shutdown state shared with the adapters (optional so hand-made servers still adapt). */
  lifecycle?: Lifecycle;
}

/** The pipeline over a route table and the handlers; the stages are head.ts, auth.ts, rate-limit.ts, body.ts and handler.ts. */
export function createCoreServer(
  routes: Routes,
  handlers: Readonly<Record<string, AnyHandler | undefined>>,
  options: ServerOptions = {},
): CoreServer {
  const s = resolveSettings(routes, handlers, options);
  const lifecycle = new Lifecycle();

  function run(req: NeutralRequest): Answer {
    const f: Exchange = {
      s,
      req,
      started: performance.now(),
      requestId: s.newId(),
      extra: undefined,
      ctx: undefined,
      operationId: '',
      op: undefined as unknown as OperationMeta,
      body: undefined,
      params: undefined as unknown as Record<string, string>,
      principal: undefined,
      q: -1,
      contentType: undefined,
      mediaType: undefined,
      limit: s.maxBody,
      read: false,
    };
    try {
      if (lifecycle.closing) {
        const res = fail(f, 503, 'The server is shutting down; retry the request.', 'shutting_down', null, {
          'retry-after': '1',
        });
        res.close = true;
        return res;
      }
      return start(f);
    } catch (error) {
      return failure(f, error);
    }
  }

  return {
    run,
    handle: async (req): Promise<NeutralResponse> => run(req),
    lifecycle,
  };
}
