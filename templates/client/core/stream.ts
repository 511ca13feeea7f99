/** A typed, async-iterable stream of server-sent events: chunks parsed as JSON, `[DONE]` ends it. */
import { APIConnectionError, APIError, APIUserAbortError, ClientError } from './errors.js';
import { SseDecoder, type ServerSentEvent } from './sse.js';

export interface StreamOptions {
  /** The data value that ends the stream (`[DONE]`): a stream that ends without it was interrupted. */
  terminator?: string;
  /** Known event names of a named-event stream; typed iteration skips the others. */
  events?: readonly string[];
  /** Longest line and event data, in characters (see `ClientOptions.maxLineLength`). */
  maxLineLength?: number;
}

export class Stream<T> implements AsyncIterable<T> {
  private consumed = false;

  readonly response: Response;
  /** Aborting it cancels the underlying request. */
  readonly controller: AbortController;
  private readonly options: StreamOptions;

  constructor(response: Response, controller: AbortController, options: StreamOptions = {}) {
    this.response = response;
    this.controller = controller;
    this.options = options;
  }

  /** The raw events, before JSON parsing. */
  async *events(): AsyncGenerator<ServerSentEvent> {
    if (this.consumed) throw new Error('A stream can be iterated only once; use tee() to read it twice.');
    this.consumed = true;
    const body = this.response.body;
    if (!body) throw new APIConnectionError('The response has no body.');
    const reader = body.getReader();
    const decoder = new SseDecoder(this.options.maxLineLength);
    let done = false;
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          // The idle timeout errors the body with its own `APITimeoutError`.
          if (error instanceof ClientError) throw error;
          if (this.controller.signal.aborted) throw new APIUserAbortError();
          throw new APIConnectionError('The stream was interrupted.', { cause: error });
        }
        const events = chunk.done ? decoder.end() : decoder.push(chunk.value);
        for (const event of events) {
          if (this.options.terminator !== undefined && event.data === this.options.terminator) {
            done = true;
            return;
          }
          yield event;
        }
        if (chunk.done) break;
      }
      if (this.options.terminator !== undefined) {
        throw new APIConnectionError(
          `The stream ended before ${this.options.terminator}: it was interrupted.`,
        );
      }
      done = true;
    } finally {
      // `break` in a for-await, an error, or an early return: release the connection.
      if (!done) this.controller.abort();
      else void reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const event of this.events()) {
      const value = safeJson(event.data);
      if (event.event === 'error')
        throw new APIError(
          undefined,
          value === NOT_JSON ? event.data : value,
          'The server sent an error event.',
          this.response.headers,
        );
      // An event type this client does not know (added later, compatibly) is not typed as a known one.
      if (this.options.events && !this.options.events.includes(event.event)) continue;
      if (value === NOT_JSON)
        throw new APIError(
          undefined,
          event.data,
          `Could not parse a stream event as JSON: ${event.data.slice(0, 200)}`,
          this.response.headers,
        );
      yield value as T;
    }
  }

  /** Two independent streams over the same events. */
  tee(): [Stream<T>, Stream<T>] {
    const [a, b] = this.response.body!.tee();
    const make = (body: ReadableStream<Uint8Array>) =>
      new Stream<T>(
        new Response(body, { headers: this.response.headers, status: this.response.status }),
        this.controller,
        this.options,
      );
    this.consumed = true;
    return [make(a), make(b)];
  }
}

const NOT_JSON = Symbol('not json');
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
