// Copied by platform-api-codegen from its runtime (templates/protocol/sse.ts). Do not edit: every generation replaces it.
/**
 * Server-sent events as both packages frame and read them (the spec's `x-sse`): the media type, the event name a
 * stream without `event:` lines uses, and how a stream is framed.
 */

export const EVENT_STREAM = 'text/event-stream';
/** The event name of a data-only stream's events (WHATWG: an event without an `event:` field is a `message`). */
export const DEFAULT_EVENT = 'message';

/**
 * `data-only` streams write each payload as one `data:` line and may end with a terminator (`data: [DONE]`);
 * `named` streams write `event: <name>` before each payload.
 */
export interface SseFraming {
  framing: 'data-only' | 'named';
  /** The data value of the last event, which ends the stream. */
  terminator?: string;
}
