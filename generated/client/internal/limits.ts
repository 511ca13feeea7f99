// Copied by platform-api-codegen from its runtime (templates/client/internal/limits.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/**
 * Bounds on what the client reads from a response: body size, the silence allowed between chunks of a stream.
 * A response that breaks them fails locally and is never retried (asking again would only repeat the cost).
 */
import { APITimeoutError, ResponseTooLargeError } from '../core/errors.js';

/** Default cap on a JSON or text response body, in bytes. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Default cap on one line (and one event's data) of a server-sent event stream, in characters. */
export const DEFAULT_MAX_LINE_LENGTH = 16 * 1024 * 1024;
/** An error body is read up to this many bytes; the rest is dropped (the status is what matters). */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Reads a body as text, at most `limit` bytes. Over the limit: throws `ResponseTooLargeError`, or with `truncate`
 * returns the first `limit` bytes and cancels the rest. `declared` may come from elsewhere (the dispatcher's raw
 * headers) when it is known to be read the same way. Not async itself: a body of a declared length within the
 * limit is fetch's own `text()` promise, with no promise of ours around it.
 */
export function readText(
  response: Response,
  limit: number,
  truncate = false,
  declared = declaredLength(response),
): Promise<string> {
  // fetch never delivers more than a declared, uncompressed Content-Length: within the limit, read it whole.
  if (Number.isFinite(declared) && declared <= limit) return response.text();
  return readCapped(response, limit, truncate, declared);
}

/**
 * The body's size as its headers declare it, NaN when they do not. With a Content-Encoding the declared length is the
 * compressed size: only the bytes read count then.
 */
export function declaredLength(response: Response): number {
  const headers = response.headers;
  const encoding = headers.get('content-encoding');
  const length = encoding && encoding !== 'identity' ? null : headers.get('content-length');
  return length === null ? NaN : Number(length);
}

async function readCapped(
  response: Response,
  limit: number,
  truncate: boolean,
  declared: number,
): Promise<string> {
  if (!truncate && Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(limit);
  }
  const body = response.body;
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) throw new ResponseTooLargeError(limit);
      return text + decoder.decode(value.subarray(0, value.byteLength - (size - limit)));
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * A body that errors with `APITimeoutError` (and cancels the request) when the server sends nothing for `ms` while
 * the reader waits. The clock runs only while a read is pending, so a slow consumer is not a stalled server.
 */
export function withIdleTimeout(
  body: ReadableStream<Uint8Array>,
  ms: number,
  controller: AbortController,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new APITimeoutError(`The stream sent nothing for ${ms} ms (idleTimeout).`)),
            ms,
          );
        });
        try {
          const chunk = await Promise.race([reader.read(), stalled]);
          if (chunk.done) out.close();
          else out.enqueue(chunk.value);
        } catch (error) {
          if (error instanceof APITimeoutError) controller.abort();
          out.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
