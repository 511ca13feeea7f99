/**
 * Request bodies and responses: media types, their kinds, `encoding`, `x-sse` and `x-when`. Responses are sorted by
 * status, their headers by lower-cased name, contents by media type.
 */
import { fail, joinPointer } from '../diagnostics.ts';
import { by, sortedBy } from '../ir/order.ts';
import type { BodyKind, MultipartEncoding, RequestBody } from '../ir/body.ts';
import type {
  HeaderDef,
  ParsedResponse,
  ParsedResponseContent,
  ResponseKind,
  SseStream,
} from '../ir/response.ts';
import { deref, isObject, readNotShown, type Json, type ParseContext } from './context.ts';
import { checkExtensions } from './extensions.ts';
import type { SchemaParser } from './schema/index.ts';

/**
 * Every media type has a kind: JSON and `+json`; multipart; form; text (`text/*`, XML, YAML, SDP and their
 * `+xml`/`+yaml` forms, sent and read as strings); anything else binary.
 */
export function bodyKind(mediaType: string): BodyKind {
  const mt = mediaType.toLowerCase().split(';')[0]!.trim();
  if (
    mt === 'application/json' ||
    mt.endsWith('+json') ||
    mt === 'application/x-ndjson' ||
    mt === 'application/jsonl'
  )
    return mt === 'application/json' || mt.endsWith('+json') ? 'json' : 'text';
  if (mt.startsWith('multipart/')) return 'multipart';
  if (mt === 'application/x-www-form-urlencoded') return 'form';
  if (mt.startsWith('text/') || /[/+](xml|yaml|x-yaml|sdp)$/.test(mt)) return 'text';
  return 'binary';
}

export function responseKind(mediaType: string): ResponseKind {
  const mt = mediaType.toLowerCase().split(';')[0]!.trim();
  if (mt === 'text/event-stream') return 'sse';
  const kind = bodyKind(mt);
  // A multipart or form response is read as bytes: no client parses them.
  return kind === 'multipart' || kind === 'form' ? 'binary' : kind;
}

export function parseRequestBody(
  ctx: ParseContext,
  schemas: SchemaParser,
  raw: unknown,
  pointer: string,
): RequestBody {
  const { value: body, pointer: at } = deref(ctx, raw, pointer);
  checkExtensions(ctx, body, at, 'other');
  let bodyContent: Json;
  if (isObject(body.content)) bodyContent = body.content;
  else {
    ctx.diagnostics.report(
      'invalid-openapi',
      'a request body needs content',
      ctx.locate(at),
      'read as a body of any bytes',
    );
    bodyContent = { 'application/octet-stream': {} };
  }
  const contents = Object.keys(bodyContent).map((mediaType) => {
    const mAt = joinPointer(at, 'content', mediaType);
    const media = isObject(bodyContent[mediaType]) ? bodyContent[mediaType] : {};
    checkExtensions(ctx, media, mAt, 'media');
    const kind = bodyKind(mediaType);
    const type =
      media.schema === undefined
        ? { kind: 'unknown' as const, nullable: false, pointer: mAt }
        : schemas.parse(media.schema, joinPointer(mAt, 'schema'));
    const content: RequestBody['contents'][number] = { mediaType, kind, type };
    if (isObject(media.encoding)) {
      const encoding: MultipartEncoding = {};
      for (const [field, enc] of Object.entries(media.encoding)) {
        if (!isObject(enc)) continue;
        const e: MultipartEncoding[string] = {};
        if (typeof enc.contentType === 'string') e.contentType = enc.contentType;
        if (typeof enc.explode === 'boolean') e.explode = enc.explode;
        if (typeof enc.style === 'string') e.style = enc.style;
        encoding[field] = e;
      }
      content.encoding = encoding;
    }
    return content;
  });
  const out: RequestBody = {
    required: body.required === true,
    contents: contents.sort(by((c) => c.mediaType)),
  };
  if (typeof body.description === 'string') out.description = body.description.trim();
  return out;
}

export function parseHeaders(
  ctx: ParseContext,
  schemas: SchemaParser,
  raw: unknown,
  pointer: string,
): HeaderDef[] {
  if (raw === undefined) return [];
  if (!isObject(raw)) fail('invalid-openapi', 'headers must be an object', ctx.locate(pointer));
  return Object.keys(raw).map((name) => {
    const { value: h, pointer: at, component } = deref(ctx, raw[name], joinPointer(pointer, name));
    checkExtensions(ctx, h, at, 'header');
    const type =
      h.schema === undefined
        ? { kind: 'string' as const, nullable: false, pointer: at }
        : schemas.parse(h.schema, joinPointer(at, 'schema'));
    const header: HeaderDef = { name, required: h.required === true, type };
    if (component) header.component = component;
    if (typeof h.description === 'string') header.description = h.description.trim();
    return header;
  });
}

/**
 * The event schemas of a stream: in a split spec they are the media type's `schema` (one event schema, or a
 * `oneOf`/`anyOf` of them in the order of `x-sse.events`), where every tool follows the references; in a
 * single-file spec they may instead sit on each event (`x-sse.events[i].schema`) beside a `{type: string}` schema.
 */
function streamMembers(
  ctx: ParseContext,
  media: Json,
  mediaAt: string,
  count: number,
): { schema: unknown; pointer: string }[] | undefined {
  const s = media.schema;
  if (s === undefined || (isObject(s) && s.type === 'string' && s.$ref === undefined)) return undefined;
  const at = joinPointer(mediaAt, 'schema');
  const key = isObject(s)
    ? Array.isArray(s.oneOf)
      ? 'oneOf'
      : Array.isArray(s.anyOf)
        ? 'anyOf'
        : undefined
    : undefined;
  const members =
    key && isObject(s)
      ? (s[key] as unknown[]).map((m, i) => ({ schema: m, pointer: joinPointer(at, key, i) }))
      : [{ schema: s, pointer: at }];
  if (members.length !== count) {
    fail(
      'invalid-extension',
      `the schema of a text/event-stream media type gives ${members.length} event schema(s), x-sse names ${count} event(s)`,
      ctx.locate(at),
    );
  }
  return members;
}

function parseSse(
  ctx: ParseContext,
  schemas: SchemaParser,
  media: Json,
  mediaAt: string,
  area: string,
  subject: string,
): SseStream {
  const raw = media['x-sse'];
  const pointer = joinPointer(mediaAt, 'x-sse');
  if (!isObject(raw)) fail('invalid-extension', 'x-sse must be an object', ctx.locate(pointer));
  checkExtensions(ctx, raw, pointer, 'sse');
  for (const k of Object.keys(raw)) {
    if (!['framing', 'terminator', 'events', 'x-not-shown'].includes(k))
      fail('invalid-extension', `x-sse: unknown key '${k}'`, ctx.locate(joinPointer(pointer, k)));
  }
  if (raw.framing !== 'data-only' && raw.framing !== 'named')
    fail(
      'invalid-extension',
      "x-sse.framing must be 'data-only' or 'named'",
      ctx.locate(joinPointer(pointer, 'framing')),
    );
  const events = raw.events ?? [];
  if (!Array.isArray(events))
    fail('invalid-extension', 'x-sse.events must be a list', ctx.locate(joinPointer(pointer, 'events')));
  const members = streamMembers(ctx, media, mediaAt, events.length);
  const stream: SseStream = {
    framing: raw.framing,
    events: events.map((e, i) => {
      const at = joinPointer(pointer, 'events', i);
      if (!isObject(e)) fail('invalid-extension', 'each x-sse event must be an object', ctx.locate(at));
      const name = typeof e.name === 'string' ? e.name : 'message';
      const member = members?.[i];
      if (member && e.schema !== undefined) {
        fail(
          'invalid-extension',
          "an x-sse event's schema is the media type's schema here; drop x-sse.events[].schema",
          ctx.locate(joinPointer(at, 'schema')),
        );
      }
      if (!member && e.schema === undefined)
        fail('invalid-extension', 'each x-sse event needs a schema', ctx.locate(at));
      return {
        name,
        type: member
          ? schemas.parse(member.schema, member.pointer)
          : schemas.parse(e.schema, joinPointer(at, 'schema')),
      };
    }),
  };
  if (typeof raw.terminator === 'string') stream.terminator = raw.terminator;
  const notShown = readNotShown(ctx, raw, pointer, `${subject} event stream`, area);
  if (notShown) stream.notShown = notShown;
  if (stream.framing === 'data-only' && stream.events.length > 1) {
    fail(
      'invalid-extension',
      'a data-only stream has one event shape (name it `message`)',
      ctx.locate(pointer),
    );
  }
  return stream;
}

export function parseResponses(
  ctx: ParseContext,
  schemas: SchemaParser,
  raw: unknown,
  pointer: string,
  area: string,
  subject: string,
): ParsedResponse[] {
  if (!isObject(raw)) fail('invalid-openapi', 'responses must be an object', ctx.locate(pointer));
  const responses = Object.keys(raw).map((status) => {
    const { value: r, pointer: at, component } = deref(ctx, raw[status], joinPointer(pointer, status));
    checkExtensions(ctx, r, at, 'response');
    readNotShown(ctx, r, at, `${subject} response ${status}`, area);
    const contents: ParsedResponseContent[] = isObject(r.content)
      ? Object.keys(r.content).map((mediaType) => {
          const mAt = joinPointer(at, 'content', mediaType);
          const media = (r.content as Json)[mediaType];
          const m = isObject(media) ? media : {};
          checkExtensions(ctx, m, mAt, 'media');
          const kind = responseKind(mediaType);
          const content: ParsedResponseContent = { mediaType, kind };
          if (m.schema !== undefined && kind !== 'sse')
            content.type = schemas.parse(m.schema, joinPointer(mAt, 'schema'));
          if (m['x-when'] !== undefined)
            content.when = schemas.parse(m['x-when'], joinPointer(mAt, 'x-when'));
          if (kind === 'sse') {
            // Without x-sse the stream has one event type whose payload is the media schema (OpenAPI's reading).
            content.sse =
              m['x-sse'] === undefined
                ? {
                    framing: 'data-only',
                    events: [
                      {
                        name: 'message',
                        type:
                          m.schema === undefined
                            ? { kind: 'unknown', nullable: false, pointer: mAt }
                            : schemas.parse(m.schema, joinPointer(mAt, 'schema')),
                      },
                    ],
                  }
                : parseSse(ctx, schemas, m, mAt, area, subject);
          } else if (m['x-sse'] !== undefined) {
            fail(
              'invalid-extension',
              'x-sse belongs on a text/event-stream media type',
              ctx.locate(joinPointer(mAt, 'x-sse')),
            );
          }
          readNotShown(ctx, m, mAt, `${subject} response ${status} ${mediaType}`, area);
          return content;
        })
      : [];
    const defaults = contents.filter((c) => !c.when);
    if (defaults.length > 1 && contents.length > 1 && contents.some((c) => c.when)) {
      fail(
        'invalid-extension',
        'only one media type of a response may lack x-when (the default)',
        ctx.locate(at),
      );
    }
    const response: ParsedResponse = {
      status,
      description: typeof r.description === 'string' ? r.description.trim() : '',
      headers: sortedBy(parseHeaders(ctx, schemas, r.headers, joinPointer(at, 'headers')), (h) =>
        h.name.toLowerCase(),
      ),
      contents: sortedBy(contents, (c) => c.mediaType),
    };
    if (component) response.component = component;
    return response;
  });
  return responses.sort(by((r) => r.status));
}
