// Copied by platform-api-codegen from its runtime (templates/server/pipeline/handler.ts). Do not edit: every generation replaces it.
/**
 * Stages 7 and 8: validation of the whole request (400 with every error), then the handler (501 when missing) and
 * its value turned into the response; a stream's first item is taken before the status is sent.
 */
import { errorBody } from '../../protocol/envelope.js';
import { Reply, type ReplyHeaders } from '../core/reply.js';
import type { NeutralRequest, OperationMeta, Principal } from '../core/types.js';
import type { RequestInput, ValidationResult } from '../../validators/runtime.js';
import { parseQuery } from '../request/fields.js';
import { fail, finish, isPromise, json, later, report, type Answer, type Exchange } from './exchange.js';
import { primed, successFor, toResponse } from './respond.js';

/**
 * What handlers receive; `signal` is a prototype getter so the adapters make the AbortSignal on first use only, and
 * `reply` a prototype method (it reads no state), so neither costs anything per request.
 */
class Input {
  readonly #req: NeutralRequest;
  readonly params: unknown;
  readonly query: unknown;
  readonly headers: unknown;
  readonly body: unknown;
  readonly principal: Principal | undefined;
  readonly requestId: string;
  readonly operationId: string;

  constructor(
    params: unknown,
    query: unknown,
    headers: unknown,
    body: unknown,
    principal: Principal | undefined,
    requestId: string,
    operationId: string,
    req: NeutralRequest,
  ) {
    this.params = params;
    this.query = query;
    this.headers = headers;
    this.body = body;
    this.principal = principal;
    this.requestId = requestId;
    this.operationId = operationId;
    this.#req = req;
  }
  get signal(): AbortSignal {
    return this.#req.signal;
  }
  reply(status: number, body?: unknown, headers?: ReplyHeaders): Reply {
    return new Reply(status, body, headers);
  }
}

export function validated(f: Exchange, body: unknown): Answer {
  const { req, q } = f;
  const input = {
    path: f.params,
    query: parseQuery(q === -1 ? '' : req.url.slice(q + 1)),
    headers: req.headers,
    body,
    mediaType: f.mediaType,
  };
  const result = f.op.candidates ? firstAccepting(f, f.op.candidates, input) : f.op.validate(input);
  if (!result.ok) {
    const first = result.errors[0]!;
    // Messages that end a sentence themselves (the wording of the spec's rules) get no second full stop.
    const text = /[.!?]$/.test(first.message) ? first.message.slice(0, -1) : first.message;
    const message =
      result.errors.length === 1
        ? `${first.path} ${text}.`
        : `${first.path} ${text} (and ${result.errors.length - 1} more errors).`;
    const envelope = errorBody(400, message, 'invalid_request', first.path);
    envelope.error.errors = result.errors;
    return finish(f, json(400, envelope));
  }
  const handler = f.s.handlers[f.operationId];
  if (!handler) return fail(f, 501, `${f.operationId} is not implemented by this server.`, 'not_implemented');
  const value = result.value as { path: unknown; query: unknown; headers: unknown; body: unknown };
  f.body = value.body;
  const returned = (handler as (input: unknown) => unknown)(
    new Input(
      value.path,
      value.query,
      value.headers,
      value.body,
      f.principal,
      f.requestId,
      f.operationId,
      req,
    ),
  );
  return isPromise(returned) ? later(f, returned, answered) : answered(f, returned);
}

/**
 * The first of the operations sharing the request's method and path whose validator accepts it becomes the
 * request's operation; when none does, the last one's errors answer it (protocol/operation.ts, `candidates`).
 */
function firstAccepting(
  f: Exchange,
  candidates: readonly OperationMeta[],
  input: RequestInput,
): ValidationResult<unknown> {
  let result!: ValidationResult<unknown>;
  for (const op of candidates) {
    result = op.validate(input);
    if (!result.ok) continue;
    f.op = op;
    f.operationId = op.operationId;
    if (f.ctx) f.ctx.operationId = op.operationId;
    break;
  }
  return result;
}

function answered(f: Exchange, output: unknown): Answer {
  const res = toResponse(f.op, output, successFor(f.op, f.body));
  const body = res.body;
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) return finish(f, res);
  // Take the first item before the status is sent, so an early throw is still a proper error response.
  return later(f, primed(body), (g, stream) => {
    res.body = reported(g, stream);
    return finish(g, res);
  });
}

/** A stream that fails midway calls `onError` like any handler error; the adapters then end it as an error. */
async function* reported(f: Exchange, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* source;
  } catch (error) {
    report(f, error);
    throw error;
  }
}
