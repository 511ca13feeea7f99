/**
 * Parsing a request body by its media type: JSON (sliced when large, json.ts), multipart/form-data and URL-encoded
 * forms (their parts or fields counted first, without parsing, so the limit holds before any work), text or bytes.
 * Fields become prototype-less records.
 */
import type { BodyKind } from '../../protocol/operation.js';
import { addTo, bag } from './fields.js';
import { parseJson, parseJsonSliced } from './json.js';

/** A request body parsed by its media type, or why it could not be (a 400 with this message and code). */
export type Parsed = { ok: true; value: unknown } | { ok: false; message: string; code: string };

/** Bodies above this size are parsed and validated in turns of their own (see `bodyRead`). */
export const LARGE_BODY_BYTES = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseBody(bytes: Uint8Array, kind: BodyKind, contentType: string): Parsed | Promise<Parsed> {
  switch (kind) {
    case 'json': {
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        return INVALID_ENCODING;
      }
      // A large body is parsed in slices, so other requests are answered meanwhile (see json.ts).
      if (bytes.length > LARGE_BODY_BYTES)
        return parseJsonSliced(text).then(
          (value): Parsed => ({ ok: true, value }),
          () => INVALID_JSON,
        );
      try {
        return { ok: true, value: parseJson(text) };
      } catch {
        return INVALID_JSON;
      }
    }
    case 'multipart':
      return parseMultipart(bytes, contentType);
    case 'form':
      return parseForm(bytes, contentType);
    case 'text':
      try {
        return { ok: true, value: utf8.decode(bytes) };
      } catch {
        return INVALID_ENCODING;
      }
    case 'binary':
      return { ok: true, value: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }) };
  }
}

const INVALID_ENCODING: Parsed = {
  ok: false,
  message: 'The request body is not valid UTF-8.',
  code: 'invalid_encoding',
};
const INVALID_JSON: Parsed = {
  ok: false,
  message: 'The request body is not valid JSON.',
  code: 'invalid_json',
};

const INVALID_MULTIPART: Parsed = {
  ok: false,
  message: 'The multipart body could not be parsed (malformed or truncated).',
  code: 'invalid_multipart',
};
const CRLF2 = Buffer.from('\r\n\r\n');
const YIELD_EVERY_BYTES = 2 * 1024 * 1024;
const lenient = new TextDecoder('utf-8');

function boundaryOf(contentType: string): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/** Parts of a multipart body (boundary delimiters) or fields of a form (`&`-separated), counted without parsing. */
export function countParts(bytes: Uint8Array, kind: 'multipart' | 'form', contentType: string): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'form') {
    let n = 1;
    for (let at = buf.indexOf(0x26); at !== -1; at = buf.indexOf(0x26, at + 1)) n++;
    return n;
  }
  const boundary = boundaryOf(contentType);
  if (!boundary) return 0;
  const delimiter = Buffer.from(`--${boundary}`);
  let n = -1; // the closing delimiter starts no part
  for (let at = buf.indexOf(delimiter); at !== -1; at = buf.indexOf(delimiter, at + delimiter.length)) n++;
  return n;
}

/** A parameter of a `Content-Disposition` header (`name="image[]"`), quoted or not. */
function dispositionParam(header: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!.trim();
}

/**
 * The name a handler gets for an uploaded file: its base name, as browsers send it and RFC 7578 §4.2 asks (the
 * part after the last `/` or `\`), without control characters; `.` and `..` are no name (`''`). So a name can be
 * joined to a folder without leaving it (`../../etc/passwd` arrives as `passwd`).
 */
export function safeFilename(raw: string): string {
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
  return base === '.' || base === '..' ? '' : base;
}

/**
 * multipart/form-data (RFC 7578) over the whole body with native `indexOf` searches: files become `File`s (a
 * copy of their bytes), other parts UTF-8 strings. Much cheaper than the platform's `FormData` parser on large
 * bodies, which blocks the event loop for a hundred milliseconds and more on 32 MiB.
 */
async function parseMultipart(bytes: Uint8Array, contentType: string): Promise<Parsed> {
  const boundary = boundaryOf(contentType);
  if (!boundary) return INVALID_MULTIPART;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const fields = bag<unknown>();
  let at = buf.indexOf(delimiter);
  if (at === -1) return INVALID_MULTIPART;
  let since = at;
  for (;;) {
    // Other requests get a turn every 2 MiB, so one large upload does not hold the event loop for its whole parse.
    if (at - since > YIELD_EVERY_BYTES) {
      since = at;
      await new Promise((resolve) => setImmediate(resolve));
    }
    let pos = at + delimiter.length;
    if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) return { ok: true, value: fields };
    if (buf[pos] !== 0x0d || buf[pos + 1] !== 0x0a) return INVALID_MULTIPART;
    pos += 2;
    const headEnd = buf.indexOf(CRLF2, pos);
    if (headEnd === -1) return INVALID_MULTIPART;
    let disposition: string | undefined;
    let type: string | undefined;
    for (const line of buf.toString('utf8', pos, headEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      if (name === 'content-disposition') disposition = line.slice(colon + 1).trim();
      else if (name === 'content-type') type = line.slice(colon + 1).trim();
    }
    const end = buf.indexOf(next, headEnd + 4);
    if (end === -1 || disposition === undefined || !/^form-data\b/i.test(disposition))
      return INVALID_MULTIPART;
    const name = dispositionParam(disposition, 'name');
    if (name === undefined) return INVALID_MULTIPART;
    const filename = dispositionParam(disposition, 'filename');
    const data = buf.subarray(headEnd + 4, end);
    addTo(
      fields,
      name,
      filename !== undefined
        ? new File([data as Uint8Array<ArrayBuffer>], safeFilename(filename), {
            type: type ?? 'application/octet-stream',
          })
        : lenient.decode(data),
    );
    at = end + 2;
  }
}

async function parseForm(bytes: Uint8Array, contentType: string): Promise<Parsed> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    return INVALID_MULTIPART;
  }
  const fields = bag<unknown>();
  // Field names stay as sent: the spec names repeated fields with their brackets (`image[]`, `include[]`).
  form.forEach((value, key) => addTo(fields, key, value));
  return { ok: true, value: fields };
}
