/**
 * A server-sent events parser (WHATWG `text/event-stream` rules) over a byte stream. Chunks may split anywhere:
 * mid-line, between `\r` and `\n`, or inside a UTF-8 sequence (the streaming `TextDecoder` keeps partial bytes).
 */
import { DEFAULT_EVENT } from '../../protocol/sse.js';
import { ResponseTooLargeError } from './errors.js';
import { DEFAULT_MAX_LINE_LENGTH } from '../internal/limits.js';

export interface ServerSentEvent {
  /** The `event:` name; `message` when absent. */
  event: string;
  /** `data:` lines joined with `\n`. */
  data: string;
  id: string | undefined;
  retry: number | undefined;
}

export class SseDecoder {
  private decoder = new TextDecoder('utf-8');
  private buffer = '';
  /** A chunk ended with `\r`: a `\n` starting the next chunk belongs to the same line end. */
  private pendingCR = false;
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private lastId: string | undefined;
  private retry: number | undefined;
  /** Characters of the `data:` lines (field name and line end included) gathered for the current event. */
  private dataLength = 0;

  /**
   * `maxLineLength` bounds one line and the data lines of one event (each counted whole with its line end), so
   * neither a line that never ends nor an event of countless short lines can fill memory.
   */
  private readonly maxLineLength: number;

  constructor(maxLineLength = DEFAULT_MAX_LINE_LENGTH) {
    this.maxLineLength = maxLineLength;
  }

  /** Feeds bytes; returns the events completed by them. */
  push(chunk: Uint8Array): ServerSentEvent[] {
    return this.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** The stream ended: flushes the decoder; an event without its terminating blank line is dropped, per the standard. */
  end(): ServerSentEvent[] {
    const events = this.feed(this.decoder.decode());
    if (this.buffer) {
      this.line(this.buffer);
      this.buffer = '';
    }
    return events;
  }

  private feed(text: string): ServerSentEvent[] {
    const out: ServerSentEvent[] = [];
    let start = 0;
    if (this.pendingCR && text.startsWith('\n')) start = 1;
    this.pendingCR = false;
    let i = start;
    let buffer = this.buffer;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const event = this.line(buffer + text.slice(start, i));
      buffer = '';
      if (event) out.push(event);
      if (c === 13) {
        if (i + 1 === text.length) this.pendingCR = true;
        else if (text.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.buffer = buffer + text.slice(start);
    if (this.buffer.length > this.maxLineLength)
      throw new ResponseTooLargeError(this.maxLineLength, 'A stream line');
    return out;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.length > this.maxLineLength)
      throw new ResponseTooLargeError(this.maxLineLength, 'A stream line');
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        // The whole line and its end count: an event of many empty `data:` lines still grows memory per line.
        this.dataLength += line.length + 1;
        if (this.dataLength > this.maxLineLength)
          throw new ResponseTooLargeError(this.maxLineLength, 'A stream event');
        this.data.push(value);
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    if (this.id !== undefined) this.lastId = this.id;
    const hasData = this.data.length > 0;
    const event: ServerSentEvent = {
      event: this.event || DEFAULT_EVENT,
      data: this.data.join('\n'),
      id: this.lastId,
      retry: this.retry,
    };
    this.data = [];
    this.dataLength = 0;
    this.event = '';
    this.id = undefined;
    return hasData ? event : undefined;
  }
}
