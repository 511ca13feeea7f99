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

const resolveNull = (resolve: (value: never) => void) => resolve(null as never);

export class APIPromise<T> extends Promise<T> {
  private parsed: Promise<T> | undefined;
  protected readonly raw: Promise<RawResult>;
  private readonly parse: (raw: RawResult) => T | Promise<T>;

  constructor(raw: Promise<RawResult>, parse: (raw: RawResult) => T | Promise<T>) {
    // The executor's value is never read: then/catch/finally delegate to the parsed promise.
    super(resolveNull);
    this.raw = raw;
    this.parse = parse;
  }

  // Derived promises (from then/catch) are plain promises.
  static override get [Symbol.species]() {
    return Promise;
  }

  private data(): Promise<T> {
    this.parsed ??= this.raw.then(this.parse);
    return this.parsed;
  }

  /** The raw response, body unread (the typed data is then not parsed). */
  asResponse(): Promise<Response> {
    return this.raw.then((r) => r.response);
  }

  async withResponse(): Promise<WithResponse<T>> {
    const [{ response }, data] = await Promise.all([this.raw, this.data()]);
    return { data, response, requestId: response.headers.get('x-request-id') ?? undefined, rateLimit: parseRateLimit(response.headers) };
  }

  override then<R1 = T, R2 = never>(onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
    return this.data().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.data().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.data().finally(onfinally);
  }
}
