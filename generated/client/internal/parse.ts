// Copied by platform-api-codegen from its runtime (templates/client/internal/parse.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/** Reading a response body: an error body as JSON or text, a success body as the operation's response kind says. */
import type { RawResult } from '../core/api-promise.js';
import { APIError, excerpt } from '../core/errors.js';
import type { ResponseSpec } from './operation.js';
import { Stream } from '../core/stream.js';

/** An error response's body: JSON when it parses, else the text; undefined when empty. */
export function parseErrorBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function parseJson(raw: RawResult): unknown {
  const text = raw.text ?? '';
  try {
    return JSON.parse(text);
  } catch (error) {
    // The operation declares a JSON body: an empty one is an error, not `undefined` typed as the response. (JSON.parse
    // refuses an empty or blank text, so the check costs nothing on the way that succeeds.)
    if (!text.trim())
      throw new APIError(
        raw.response.status,
        text,
        'The response body is empty, but the operation returns JSON.',
        raw.response.headers,
      );
    throw new APIError(
      raw.response.status,
      text,
      `The response is not valid JSON: ${excerpt(text, 200)}`,
      raw.response.headers,
      { cause: error },
    );
  }
}

export function parseResult(
  raw: RawResult,
  expected: ResponseSpec,
  maxLineLength: number | undefined,
): unknown {
  switch (expected.kind) {
    case 'json':
      return parseJson(raw);
    case 'text':
      return raw.text ?? '';
    case 'empty':
      return undefined;
    case 'binary':
      return raw.response;
    case 'sse':
      return new Stream(raw.response, raw.controller!, {
        ...(maxLineLength === undefined ? {} : { maxLineLength }),
        ...(expected.terminator === undefined ? {} : { terminator: expected.terminator }),
        ...(expected.events === undefined ? {} : { events: expected.events }),
      });
  }
}
