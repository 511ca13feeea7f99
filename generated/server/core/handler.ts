// Copied by platform-api-codegen from its runtime (templates/server/core/handler.ts). Do not edit: every generation replaces it.
/**
 * What a handler is, typed per operation by named members as Fastify's route generics are: the request parts the
 * operation has (`params`, `query`, `headers`, `body`; a part it does not have is left out, not typed as empty),
 * what it returns for its success (`result`), and every response it declares by status (`responses`), which types
 * the `reply` it receives.
 */
import type { Reply, ReplyHeaders } from './reply.js';
import type { HandlerExtras } from './types.js';

/** An operation's declared responses: the body of each, by status code, range (`4XX`) or `default`. */
export interface Responses {
  readonly [status: number]: unknown;
  readonly '1XX'?: unknown;
  readonly '2XX'?: unknown;
  readonly '3XX'?: unknown;
  readonly '4XX'?: unknown;
  readonly '5XX'?: unknown;
  readonly default?: unknown;
}

/** One operation's types by name (generated in handlers.ts). */
export interface Route {
  /** Path parameters, by identifier. */
  readonly params?: object;
  /** Query parameters, by wire name. */
  readonly query?: object;
  /** Header parameters, by wire name. */
  readonly headers?: object;
  /** The request body (`| undefined` when it is optional). */
  readonly body?: unknown;
  /** What the handler returns for the success response: its JSON value, its events, bytes or text. */
  readonly result: unknown;
  readonly responses: Responses;
}

export type Awaitable<T> = T | Promise<T>;

/** `4XX` for 404. */
type RangeOf<S extends number> = `${S}` extends `${infer D}${string}` ? `${D}XX` : never;

/** The body a response of status `S` carries: the exact status's, else its range's, else `default`'s; `never` when undeclared. */
export type BodyOf<Rs, S extends number> = S extends keyof Rs
  ? Rs[S]
  : RangeOf<S> extends keyof Rs
    ? Rs[RangeOf<S>]
    : 'default' extends keyof Rs
      ? Rs['default']
      : never;

/** `reply`'s arguments after the status: a body is optional only where the response has none. */
type ReplyArgs<B> = undefined extends B
  ? [body?: B, headers?: ReplyHeaders]
  : [body: B, headers?: ReplyHeaders];

/**
 * `reply(status, body, headers)` for one operation: a status it does not declare (with no range or `default` to
 * cover it), or a body that is not that response's type, does not compile.
 */
export type ReplyTo<Rs> = <S extends number>(
  status: S,
  ...rest: ReplyArgs<BodyOf<Rs, S>>
) => Reply<S, BodyOf<Rs, S>>;

/** Every reply an operation may return: one per declared status (a range or `default` takes any status). */
export type RepliesOf<Rs> = { [K in keyof Rs]-?: Reply<K extends number ? K : number, Rs[K]> }[keyof Rs];

/** What a handler receives: the validated, coerced request parts its operation has, who is calling, and `reply`. */
export type HandlerInput<R extends Route> = Readonly<
  Pick<R, Extract<keyof R, 'params' | 'query' | 'headers' | 'body'>>
> &
  HandlerExtras & {
    /** A response other than the plain success, typed by the operation's declared responses. */
    readonly reply: ReplyTo<R['responses']>;
  };

/** A handler: its operation's success value, or a `reply` of a declared response (or a promise of either). */
export type Handler<R extends Route> = (
  input: HandlerInput<R>,
) => Awaitable<R['result'] | RepliesOf<R['responses']>>;
