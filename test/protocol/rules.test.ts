/**
 * The protocol module's rules, which the client and the server both import (templates/protocol/): the envelope
 * written and read back, `x-when` selection by own properties, the media type of a content type, and the one
 * `X-Client-Request-Id` rule. Over real HTTP, test/server/client-server.test.ts and adapters.test.ts check that
 * both sides apply them.
 */
import { describe, expect, it } from 'vitest';
import {
  errorBody,
  errorJson,
  errorType,
  INTERNAL_ERROR_JSON,
  receivedError,
} from '../../templates/protocol/envelope.ts';
import { CLIENT_REQUEST_ID_RULE, isValidClientRequestId } from '../../templates/protocol/request-id.ts';
import { matchesWhen, mediaTypeOf, selectWhen, type When } from '../../templates/protocol/selection.ts';

describe('the error envelope', () => {
  it('is written with every field, in the order the adapters always sent', () => {
    // The adapters' last-resort 500 was hand-written JSON before: the writer gives the same bytes.
    expect(INTERNAL_ERROR_JSON).toBe(
      '{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":"internal_error"}}',
    );
    expect(JSON.parse(errorJson(404, 'No route for /x.', 'not_found'))).toEqual({
      error: { message: 'No route for /x.', type: 'not_found_error', param: null, code: 'not_found' },
    });
    expect(errorBody(400, 'bad', 'invalid_request', '/body/a')).toEqual({
      error: { message: 'bad', type: 'invalid_request_error', param: '/body/a', code: 'invalid_request' },
    });
    expect([401, 403, 409, 429, 501, 502, 418].map(errorType)).toEqual([
      'authentication_error',
      'permission_error',
      'invalid_state_error',
      'rate_limit_error',
      'not_implemented_error',
      'server_error',
      'invalid_request_error',
    ]);
  });

  it('is read back from what the server wrote, and from bodies of other shapes', () => {
    expect(receivedError(JSON.parse(errorJson(429, 'slow', 'rate_limit_exceeded')))).toEqual({
      message: 'slow',
      type: 'rate_limit_error',
      param: null,
      code: 'rate_limit_exceeded',
    });
    expect(receivedError({ message: 'flat', code: 'x' })).toEqual({ message: 'flat', code: 'x' });
    expect(receivedError({ error: 'a string' })).toEqual({ error: 'a string' });
    for (const body of [undefined, null, 'text', 42]) expect(receivedError(body)).toBeUndefined();
  });
});

describe('x-when selection', () => {
  const variants: { name: string; when: When }[] = [
    { name: 'stream', when: { stream: [true] } },
    { name: 'named', when: { format: ['a', 'b'], stream: [false] } },
  ];
  it('selects by own properties with a listed value, the first match winning', () => {
    expect(selectWhen(variants, { stream: true })?.name).toBe('stream');
    expect(selectWhen(variants, { stream: false, format: 'b' })?.name).toBe('named');
    expect(selectWhen(variants, { stream: false })).toBeUndefined();
    expect(selectWhen(variants, { stream: 'true' })).toBeUndefined();
  });
  it('never selects by an inherited field, nor for a body that is not an object', () => {
    expect(selectWhen(variants, Object.create({ stream: true }))).toBeUndefined();
    // oxlint-disable-next-line typescript/unbound-method -- the function is data here (an inherited name), never called
    expect(matchesWhen({ toString: [Object.prototype.toString] }, {})).toBe(false);
    for (const body of [undefined, null, true, 'stream']) expect(selectWhen(variants, body)).toBeUndefined();
  });
});

describe('media types', () => {
  it('are the content type without parameters, trimmed and lower case', () => {
    expect(mediaTypeOf('Text/Event-Stream; charset=utf-8')).toBe('text/event-stream');
    expect(mediaTypeOf(' application/json ')).toBe('application/json');
    expect(mediaTypeOf('text/event-streamed')).toBe('text/event-streamed');
    expect(mediaTypeOf(null)).toBeUndefined();
    expect(mediaTypeOf(undefined)).toBeUndefined();
  });
});

describe('the X-Client-Request-Id rule', () => {
  it.each([
    ['a', true],
    [' ~!', true],
    ['x'.repeat(512), true],
    ['', false],
    ['x'.repeat(513), false],
    ['a\tb', false],
    ['a\u007fb', false],
    ['naïve', false],
    ['line\nbreak', false],
  ])('%j → %s', (id, valid) => {
    expect(isValidClientRequestId(id)).toBe(valid);
  });
  it("is stated once, for both sides' messages", () => {
    expect(CLIENT_REQUEST_ID_RULE).toBe('1 to 512 printable ASCII characters');
  });
});
