/**
 * The promise every call returns: awaits to the typed data, and `withResponse()` also gives the raw `Response`,
 * the request id and the parsed rate-limit headers. The body is parsed once, whichever is used.
 */
import { parseRateLimit, type RateLimitInfo } from './rate-limit.js';

export interface RawResult {
  response: Response;
  /** Cancels the request; always present for streams and downloads, absent for a body already read. */
  controller: AbortController | undefined;
  /** The body, already read, for JSON and text responses. */
  text?: string;
}

export interface WithResponse<T> {
  data: T;
  response: Response;
  requestId: string | undefined;
  rateLimit: RateLimitInfo;
}

const ignore = () => undefined;

/**
 * Settles with the parsed data itself, parsed as soon as the response is in (parsing never reads more of a stream
 * or download: a `Stream` starts reading when iterated). So `await` takes it as the promise it is: see the
 * `constructor` below.
 */
export class APIPromise<T> extends Promise<T> {
  protected readonly raw: Promise<RawResult>;

  constructor(raw: Promise<RawResult>, parse: (raw: RawResult) => T | Promise<T>) {
    let settle!: (value: T | Promise<T>) => void;
    let fail!: (reason: unknown) => void;
    super((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    this.raw = raw;
    raw.then((r) => {
      try {
        settle(parse(r));
      } catch (error) {
        fail(error);
      }
    }, fail);
  }

  /** The raw response, body unread for a stream or download; the data is then not awaited, and its failure not reported. */
  asResponse(): Promise<Response> {
    this.then(undefined, ignore);
    return this.raw.then((r) => r.response);
  }

  async withResponse(): Promise<WithResponse<T>> {
    const [{ response }, data] = await Promise.all([this.raw, this]);
    return {
      data,
      response,
      requestId: response.headers.get('x-request-id') ?? undefined,
      rateLimit: parseRateLimit(response.headers),
    };
  }
}

/**
 * `await` takes a promise as it is only when its `constructor` is `Promise`; for any other it calls `then` in a job
 * of its own, a promise and two turns of the microtask queue more per call. An APIPromise settles with its own data,
 * so it is safe to be taken as it is: `instanceof APIPromise` still holds, and promises derived from it (`then`,
 * `catch`, `finally`) are plain promises.
 */
export function awaitAsPromise(type: { prototype: object }): void {
  Object.defineProperty(type.prototype, 'constructor', {
    value: Promise,
    writable: true,
    configurable: true,
  });
}
awaitAsPromise(APIPromise);
