/**
 * Stage 6: the body. Its content type against the operation's (415) and the limit of that media type (413), both
 * from the head; then the bytes read with the size, nesting and idle limits (413, 400, 408), the parts counted
 * (400) and the body parsed by media type (400). Then validation and the handler (handler.ts).
 */
import type { BodyKind } from '../../protocol/operation.js';
import { mediaTypeOf } from '../../protocol/selection.js';
import type { OperationMeta } from '../core/types.js';
import { nextTurn } from '../request/json.js';
import { countParts, LARGE_BODY_BYTES, parseBody, type Parsed } from '../request/parse.js';
import { DepthScan, readBody } from '../request/read.js';
import { announcesBody, fail, failClose, isPromise, later, type Answer, type Exchange } from './exchange.js';
import { validated } from './handler.js';

export function readRequestBody(f: Exchange): Answer {
  f.mediaType = mediaTypeOf((f.contentType = f.req.headers['content-type']));
  const spec = f.op.body;
  // An operation without a body ignores one sent anyway (HTTP allows it); `finish` decides whether to read it.
  if (!spec) return validated(f, undefined);
  const { req, s } = f;
  const { mediaType } = f;
  const kind = kindOf(spec, mediaType);
  if (kind === undefined) {
    // Decided from the head: a body of a type the operation does not take is refused before any of it is read.
    if (announcesBody(req))
      return fail(
        f,
        415,
        `Content-Type must be ${Object.keys(spec.mediaTypes).join(' or ')}.`,
        'unsupported_media_type',
        'Content-Type',
      );
    return validated(f, undefined);
  }
  // The limit of the media type sent: JSON, forms and text get the small one even where files are accepted.
  if (kind !== 'multipart' && kind !== 'binary') f.limit = Math.min(f.limit, s.maxStructured);
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > f.limit)
    return failClose(f, 413, `Request body is too large (at most ${f.limit} bytes).`, 'body_too_large');
  f.read = true;
  const whole = req.bufferedBody?.();
  if (whole !== undefined) {
    if (whole.length > f.limit) return bodyRead(f, 'too_large');
    // A body of n bytes has at most n brackets: one no longer than both limits cannot pass either, and is not scanned.
    if (kind === 'json' && whole.length > s.scanFloor) {
      const depth = new DepthScan(s.maxDepth, s.maxContainers);
      if (!depth.feed(whole)) return bodyRead(f, depth.exceeded!);
    }
    return bodyRead(f, whole);
  }
  // JSON nesting is counted as the bytes arrive, so a body of 16 M brackets stops at the limit, not after parsing.
  const depth = kind === 'json' ? new DepthScan(s.maxDepth, s.maxContainers) : undefined;
  return later(
    f,
    readBody(req.body, f.limit, depth, s.bodyTimeout, declared === undefined ? undefined : Number(declared)),
    bodyRead,
  );
}

/**
 * The kind of body a media type is read as, undefined when the operation does not take it. An own property only (a
 * `Content-Type: constructor` is not the object's constructor); an operation with one media type (most) compares
 * strings, without a keyed lookup of the header's string.
 */
function kindOf(
  spec: NonNullable<OperationMeta['body']>,
  mediaType: string | undefined,
): BodyKind | undefined {
  if (mediaType === undefined) return undefined;
  if (spec.only !== undefined) return mediaType === spec.only ? spec.mediaTypes[spec.only] : undefined;
  return Object.hasOwn(spec.mediaTypes, mediaType) ? spec.mediaTypes[mediaType] : undefined;
}

function bodyRead(
  f: Exchange,
  bytes: Uint8Array | 'too_large' | 'too_deep' | 'too_complex' | 'timeout',
): Answer {
  const s = f.s;
  if (bytes === 'timeout')
    return failClose(
      f,
      408,
      `The request body stopped arriving (nothing for ${s.bodyTimeout} ms).`,
      'body_timeout',
    );
  if (bytes === 'too_large')
    return failClose(f, 413, `Request body is too large (at most ${f.limit} bytes).`, 'body_too_large');
  if (bytes === 'too_deep')
    return failClose(
      f,
      400,
      `The request body is nested too deeply (at most ${s.maxDepth} levels).`,
      'too_deep',
    );
  if (bytes === 'too_complex')
    return failClose(
      f,
      400,
      `The request body has too many arrays and objects (at most ${s.maxContainers}).`,
      'too_complex',
    );
  const { mediaType } = f;
  // Known here: readRequestBody refused every other media type before reading.
  const kind = kindOf(f.op.body!, mediaType)!;
  if (bytes.length === 0 && kind !== 'multipart') return validated(f, undefined);
  if ((kind === 'multipart' || kind === 'form') && countParts(bytes, kind, f.contentType!) > s.maxParts) {
    return fail(
      f,
      400,
      `The request body has too many ${kind === 'form' ? 'fields' : 'parts'} (at most ${s.maxParts}).`,
      'too_many_parts',
    );
  }
  // A large body is decoded, parsed and validated in separate turns of the event loop, so other requests are
  // answered between those steps instead of after all of them (load under attack stays bounded).
  if (bytes.length > LARGE_BODY_BYTES)
    return later(
      f,
      nextTurn().then(() => parseBody(bytes, kind, f.contentType!)),
      parsedLarge,
    );
  const parsing = parseBody(bytes, kind, f.contentType!);
  return isPromise(parsing) ? later(f, parsing, parsed) : parsed(f, parsing);
}

function parsed(f: Exchange, result: Parsed): Answer {
  if (!result.ok) return fail(f, 400, result.message, result.code);
  return validated(f, result.value);
}

function parsedLarge(f: Exchange, result: Parsed): Answer {
  if (!result.ok) return fail(f, 400, result.message, result.code);
  return later(f, nextTurn(), () => validated(f, result.value));
}
