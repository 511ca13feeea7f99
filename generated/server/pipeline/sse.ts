// Copied by platform-api-codegen from its runtime (templates/server/pipeline/sse.ts). Do not edit: every generation replaces it.
/**
 * Server-sent event framing as the spec's `x-sse` says: `data-only` streams write each payload as one `data:`
 * line and end with the terminator (`data: [DONE]`); `named` streams write `event: <name>` before each payload.
 */

import { EVENT_STREAM, type SseFraming } from '../../protocol/sse.js';

export type { SseFraming } from '../../protocol/sse.js';

/** One event of a `named` stream, as handlers yield it. */
export interface NamedEvent<N extends string = string, T = unknown> {
  event: N;
  data: T;
}

const encoder = new TextEncoder();

/** JSON on one line: `JSON.stringify` never emits raw newlines, so one `data:` line per event is enough. */
function dataLine(value: unknown): string {
  return `data: ${typeof value === 'string' ? value.replace(/[\r\n]+/g, ' ') : JSON.stringify(value)}\n`;
}

/** Frames each item of `source` as one event; returns it to the caller as bytes, one chunk per event. */
export async function* frameEvents(
  source: AsyncIterable<unknown>,
  sse: SseFraming,
): AsyncGenerator<Uint8Array> {
  for await (const item of source) {
    if (sse.framing === 'named') {
      const { event, data } = item as NamedEvent;
      yield encoder.encode(`event: ${String(event).replace(/[\r\n]+/g, ' ')}\n${dataLine(data)}\n`);
    } else {
      yield encoder.encode(`${dataLine(item)}\n`);
    }
  }
  if (sse.terminator !== undefined) yield encoder.encode(`data: ${sse.terminator}\n\n`);
}

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': `${EVENT_STREAM}; charset=utf-8`,
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};
