// Copied by platform-api-codegen from its runtime (templates/server/pipeline/respond.ts). Do not edit: every generation replaces it.
/**
 * The wire response for a handler's value: the success content the request selects, then JSON, SSE events, bytes
 * or a stream, with the checks that make a bad value a handler error.
 */
import { selectWhen } from '../../protocol/selection.js';
import { Reply } from '../core/reply.js';
import type { NeutralResponse, OperationMeta, ResponseBody, SuccessMeta } from '../core/types.js';
import { frameEvents, SSE_HEADERS } from './sse.js';

const encoder = new TextEncoder();

/** The success content the request selects: the first variant whose `when` the body matches, else the default. */
export function successFor(op: OperationMeta, body: unknown): SuccessMeta {
  return (op.variants && selectWhen(op.variants, body)) || op.success;
}

export function isAsyncIterable(v: unknown): v is AsyncIterable<unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

async function* streamOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function binary(body: unknown): ResponseBody {
  if (body instanceof Uint8Array || typeof body === 'string') return body;
  if (body instanceof Blob) return streamOf(body.stream());
  if (body instanceof ReadableStream) return streamOf(body as ReadableStream<Uint8Array>);
  if (isAsyncIterable(body)) return body as AsyncIterable<Uint8Array>;
  return encoder.encode(JSON.stringify(body));
}

/**
 * Header names HTTP allows (tokens) and values it allows (RFC 9110 field-value: tab, space, visible ASCII and the
 * bytes 0x80-0xFF, as node:http checks them): checked here once, so both adapters send or refuse alike.
 */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

export function safeHeaders(headers: Readonly<Record<string, string>>): boolean {
  for (const k in headers) if (!TOKEN.test(k) || BAD_VALUE.test(String(headers[k]))) return false;
  return true;
}

/** Statuses that never carry a body (RFC 9110): a handler's body with them is an error, not silently dropped. */
const NO_BODY = new Set([204, 205, 304]);

/**
 * The stream with its first item already taken (so a throw before the first item rejects here, before any status is
 * sent); the rest follows unchanged.
 */
export async function primed(source: AsyncIterable<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const iterator = source[Symbol.asyncIterator]();
  // Held in a variable the iterator clears, so the first item is not kept for the life of the stream.
  let pending: IteratorResult<Uint8Array> | undefined = await iterator.next();
  return {
    [Symbol.asyncIterator]() {
      return {
        next: () => {
          if (pending) {
            const head = pending;
            pending = undefined;
            return Promise.resolve(head);
          }
          return iterator.next();
        },
        return: async () => (await iterator.return?.()) ?? { done: true, value: undefined },
      };
    },
  };
}

/**
 * The wire response for a handler's value. The success content the request selected decides the kind (`x-when`):
 * SSE frames events, binary sends bytes, whatever the JavaScript type of the value; a stream for a request that
 * did not ask for one, a function, or a status that cannot carry the body is a handler error (500, `onError`).
 * `undefined` where the spec describes no content answers the success status with no body; where it describes
 * one, returning nothing is a handler error too.
 */
export function toResponse(op: OperationMeta, output: unknown, success: SuccessMeta): NeutralResponse {
  const isReply = output instanceof Reply;
  const status = isReply ? output.status : success.status;
  const headers: Record<string, string> = isReply ? { ...output.headers } : {};
  const value = isReply ? output.body : output;
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new Error(`${op.operationId}: reply status ${status} is not a final HTTP status (200-599).`);
  if (isReply && !safeHeaders(headers))
    throw new Error(`${op.operationId}: a reply header has an invalid name or a value HTTP does not allow.`);
  if (typeof value === 'function' || typeof value === 'symbol')
    throw new Error(`${op.operationId}: the handler returned a ${typeof value}, not a response body.`);
  if (value === undefined || value === null) {
    if (value === undefined && !isReply && success.kind !== 'empty')
      throw new Error(
        `${op.operationId}: the handler returned nothing, but the spec describes a ${success.kind} response body.`,
      );
    return { status, headers, body: null };
  }
  if (NO_BODY.has(status)) throw new Error(`${op.operationId}: status ${status} cannot carry a body.`);
  const own = !isReply || status === success.status;
  // Without an `x-when` for its SSE content, an operation streams when the handler returns an async iterable; where
  // its success is bytes too (audio or events), a reply whose content type is text/event-stream says which.
  const asksEvents =
    isReply &&
    Object.entries(headers).some(
      ([name, v]) => name.toLowerCase() === 'content-type' && /^text\/event-stream/i.test(v),
    );
  const streams =
    success.kind === 'sse' ||
    (op.sse !== undefined &&
      !op.variants?.some((v) => v.kind === 'sse') &&
      isAsyncIterable(value) &&
      (success.kind !== 'binary' || asksEvents));
  // A whole JSON body for a stream request stays allowed (e.g. a cached answer); an iterable always frames events.
  if (own && streams && op.sse && isAsyncIterable(value)) {
    return { status, headers: { ...SSE_HEADERS, ...headers }, body: frameEvents(value, op.sse) };
  }
  if (own && success.kind === 'binary') {
    headers['content-type'] ??=
      value instanceof Blob && value.type ? value.type : (success.mediaType ?? 'application/octet-stream');
    return { status, headers, body: binary(value) };
  }
  if (isAsyncIterable(value) || value instanceof ReadableStream)
    throw new Error(
      `${op.operationId}: the handler returned a stream for a request that did not ask to stream.`,
    );
  if (typeof value === 'string' && success.kind === 'text') {
    headers['content-type'] ??= `${success.mediaType ?? 'text/plain'}; charset=utf-8`;
    return { status, headers, body: value };
  }
  headers['content-type'] ??= 'application/json';
  return { status, headers, body: JSON.stringify(value) };
}
