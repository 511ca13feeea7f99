/**
 * Where a server-sent event stream's event schemas are read from (generator/parse/media.ts, spec/EXTENSIONS.md):
 * the text/event-stream media type's `schema` (one schema, or a oneOf/anyOf in the order of `x-sse.events`), which
 * other tools read, or, beside a `{type: string}` schema, each `x-sse` event's own `schema`. Both give the same IR.
 */
import { describe, expect, it } from 'vitest';
import { Diagnostics, GeneratorError } from '../../generator/diagnostics.ts';
import type { Response } from '../../generator/ir/response.ts';
import type { ParseContext } from '../../generator/parse/context.ts';
import { parseResponses } from '../../generator/parse/media.ts';
import { createSchemaParser } from '../../generator/parse/schema/index.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const event = (type: string) => ({
  type: 'object',
  required: ['type'],
  properties: { type: { const: type } },
});

function parse(media: Record<string, unknown>): Response {
  const ctx: ParseContext = {
    document: {
      openapi: '3.1.0',
      components: { schemas: { Chunk: event('chunk'), Partial: event('partial'), Done: event('done') } },
    },
    version: '3.1',
    locate: (pointer) => ({ pointer }),
    notShown: [],
    diagnostics: new Diagnostics('strict'),
  };
  const responses = { '200': { description: 'ok', content: { 'text/event-stream': media } } };
  return parseResponses(
    ctx,
    createSchemaParser(ctx, () => 'test'),
    responses,
    '#/r',
    'test',
    'streamThings',
  )[0]!;
}

/** The events as [name, referenced schema] pairs. */
function events(media: Record<string, unknown>): [string, string][] {
  const sse = parse(media).contents[0]!.sse!;
  return sse.events.map((e) => [e.name, e.type.kind === 'ref' ? e.type.target : e.type.kind]);
}

function errorOf(media: Record<string, unknown>): GeneratorError {
  try {
    parse(media);
  } catch (e) {
    if (e instanceof GeneratorError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('SSE event schemas on the media type', () => {
  it('a single schema is the one event of a data-only stream', () => {
    expect(
      events({
        schema: ref('Chunk'),
        'x-sse': { framing: 'data-only', terminator: '[DONE]', events: [{ name: 'message' }] },
      }),
    ).toEqual([['message', 'Chunk']]);
  });

  it('oneOf members pair with the named events in order', () => {
    const media = {
      schema: { oneOf: [ref('Partial'), ref('Done')] },
      'x-sse': { framing: 'named', events: [{ name: 'x.partial' }, { name: 'x.done' }] },
    };
    expect(events(media)).toEqual([
      ['x.partial', 'Partial'],
      ['x.done', 'Done'],
    ]);
  });

  it('anyOf works like oneOf', () => {
    const media = {
      schema: { anyOf: [ref('Partial'), ref('Done')] },
      'x-sse': { framing: 'named', events: [{ name: 'x.partial' }, { name: 'x.done' }] },
    };
    expect(events(media)).toEqual([
      ['x.partial', 'Partial'],
      ['x.done', 'Done'],
    ]);
  });

  it('gives the same events as the schemas written on x-sse beside a {type: string} schema', () => {
    const onMedia = {
      schema: { oneOf: [ref('Partial'), ref('Done')] },
      'x-sse': { framing: 'named', events: [{ name: 'a' }, { name: 'b' }] },
    };
    const onEvents = {
      schema: { type: 'string' },
      'x-sse': {
        framing: 'named',
        events: [
          { name: 'a', schema: ref('Partial') },
          { name: 'b', schema: ref('Done') },
        ],
      },
    };
    expect(events(onMedia)).toEqual(events(onEvents));
    // The raw stream's schema is not a body type either way.
    expect(parse(onMedia).contents[0]!.type).toBeUndefined();
  });

  it('a stream whose events are not shown keeps {type: string} and no events', () => {
    const media = {
      schema: { type: 'string' },
      'x-sse': { framing: 'data-only', events: [], 'x-not-shown': 'Event payloads: not shown.' },
    };
    expect(events(media)).toEqual([]);
  });
});

describe('SSE event schema errors', () => {
  it('more schemas than events is a located error', () => {
    const e = errorOf({
      schema: { oneOf: [ref('Partial'), ref('Done')] },
      'x-sse': { framing: 'named', events: [{ name: 'x.partial' }] },
    });
    expect(e.code).toBe('invalid-extension');
    expect(e.message).toBe(
      'the schema of a text/event-stream media type gives 2 event schema(s), x-sse names 1 event(s)',
    );
    expect(e.location.pointer).toBe('#/r/200/content/text~1event-stream/schema');
  });

  it('a schema in both places is an error at the event', () => {
    const e = errorOf({
      schema: ref('Chunk'),
      'x-sse': { framing: 'data-only', events: [{ name: 'message', schema: ref('Chunk') }] },
    });
    expect(e.code).toBe('invalid-extension');
    expect(e.message).toMatch(/drop x-sse\.events\[\]\.schema/);
    expect(e.location.pointer).toBe('#/r/200/content/text~1event-stream/x-sse/events/0/schema');
  });

  it('an event with no schema anywhere is an error', () => {
    const e = errorOf({
      schema: { type: 'string' },
      'x-sse': { framing: 'data-only', events: [{ name: 'message' }] },
    });
    expect(e.code).toBe('invalid-extension');
    expect(e.message).toBe('each x-sse event needs a schema');
    expect(e.location.pointer).toBe('#/r/200/content/text~1event-stream/x-sse/events/0');
  });
});

describe('the Spectral rule platform-x-sse agrees (spec/lint/functions/mediaExtensions.js)', () => {
  type Rule = (doc: unknown, options: { check: string }) => { message: string; path: (string | number)[] }[];
  // A specifier in a variable: the ruleset's functions are plain JavaScript without type declarations.
  const modulePath = '../../spec/lint/functions/mediaExtensions.js';
  const rule = async (): Promise<Rule> => ((await import(modulePath)) as { default: Rule }).default;

  const lint = async (media: Record<string, unknown>) => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/things': {
          post: {
            operationId: 'streamThings',
            responses: { '200': { description: 'ok', content: { 'text/event-stream': media } } },
          },
        },
      },
      components: { schemas: { Chunk: event('chunk'), Partial: event('partial'), Done: event('done') } },
    };
    return (await rule())(doc, { check: 'sse' }).map((r) => r.message);
  };

  it('accepts the event schemas on the media type, one or a oneOf in event order', async () => {
    expect(
      await lint({ schema: ref('Chunk'), 'x-sse': { framing: 'data-only', events: [{ name: 'message' }] } }),
    ).toEqual([]);
    expect(
      await lint({
        schema: { oneOf: [ref('Partial'), ref('Done')] },
        'x-sse': { framing: 'named', events: [{ name: 'a' }, { name: 'b' }] },
      }),
    ).toEqual([]);
  });

  it('accepts the schemas on the events beside {type: string}', async () => {
    expect(
      await lint({
        schema: { type: 'string' },
        'x-sse': { framing: 'data-only', events: [{ name: 'message', schema: ref('Chunk') }] },
      }),
    ).toEqual([]);
  });

  it('reports a count that differs, a schema in both places, and a missing or broken schema', async () => {
    expect(
      await lint({
        schema: { oneOf: [ref('Partial'), ref('Done')] },
        'x-sse': { framing: 'named', events: [{ name: 'a' }] },
      }),
    ).toEqual([
      'streamThings (POST /things): #/paths/~1things/post/responses/200/content/text~1event-stream/schema: the schema gives 2 event schema(s), x-sse names 1 event(s); list them in the same order.',
    ]);
    expect(
      (
        await lint({
          schema: ref('Chunk'),
          'x-sse': { framing: 'data-only', events: [{ name: 'message', schema: ref('Chunk') }] },
        })
      )[0],
    ).toMatch(
      /event "message": its schema is the media type's schema \(member 0\); drop x-sse.events\[0\].schema\.$/,
    );
    expect((await lint({ 'x-sse': { framing: 'data-only', events: [{ name: 'message' }] } }))[0]).toMatch(
      /a text\/event-stream media type needs a schema/,
    );
    expect(
      (
        await lint({
          schema: { oneOf: [ref('Partial'), ref('Gone')] },
          'x-sse': { framing: 'named', events: [{ name: 'a' }, { name: 'b' }] },
        })
      )[0],
    ).toMatch(/schema\/oneOf\/1: event schema: unresolved \$ref #\/components\/schemas\/Gone\.$/);
  });
});
