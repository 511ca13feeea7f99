/**
 * Request bodies: reading with the size and JSON limits enforced while the bytes arrive, counting multipart parts
 * and form fields, and parsing by media type (JSON, multipart, form, text, bytes); query strings too.
 */
import { parseJson, parseJsonSliced } from './json.js';
/** A record without a prototype, so `__proto__` in a query or form is just a key. */
export function bag<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function addTo(target: Record<string, unknown>, key: string, value: unknown): void {
  const existing = target[key];
  if (existing === undefined) target[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[key] = [existing, value];
}

/**
 * Counts JSON nesting over raw bytes, chunk by chunk (strings and escapes skipped), so the limit holds before
 * `JSON.parse` sees the body. Malformed JSON is left to the parser.
 */
export class DepthScan {
  depth = 0;
  containers = 0;
  inString = false;
  escaped = false;
  /** Which limit was passed, once `feed` returned false. */
  exceeded: 'too_deep' | 'too_complex' | undefined;
  readonly max: number;
  readonly maxContainers: number;
  constructor(max: number, maxContainers: number) {
    this.max = max;
    this.maxContainers = maxContainers;
  }
  /** False once the nesting or the number of arrays and objects went past its limit. */
  feed(bytes: Uint8Array): boolean {
    let { depth, inString, escaped, containers } = this;
    const max = this.max;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) inString = false;
      } else if (b === 0x22) inString = true;
      else if (b === 0x5b || b === 0x7b) {
        if (++depth > max) return !(this.exceeded = 'too_deep');
        if (++containers > this.maxContainers) return !(this.exceeded = 'too_complex');
      } else if (b === 0x5d || b === 0x7d) depth--;
    }
    this.containers = containers;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
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


/**
 * The body, with the limits checked as each chunk arrives. `idleMs` bounds the wait for the next chunk, so a
 * client trickling its body (or stopping) does not hold the request: 'timeout' then. With the length announced
 * (`expected`), each chunk is copied into place as it arrives: no copy of the whole body at the end, which for
 * 32 MiB would hold the event loop for milliseconds.
 */
export async function readBody(source: AsyncIterable<Uint8Array> | null, limit: number, depth: DepthScan | undefined, idleMs: number, expected?: number): Promise<Uint8Array | 'too_large' | 'too_deep' | 'too_complex' | 'timeout'> {
  if (!source) return new Uint8Array(0);
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let whole = expected !== undefined && expected > 0 && expected <= limit ? new Uint8Array(expected) : undefined;
  let total = 0;
  let done = false;
  let timedOut = false;
  // One timer for the whole read, re-armed from the last chunk's time when it fires early (no timer and no promise
  // per chunk). When it expires, `return()` ends the read that is waiting (both adapters' sources allow it).
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const idle = Date.now() - last;
    if (idle < idleMs) return void (timer = setTimeout(check, idleMs - idle));
    timedOut = true;
    iterator.return?.()?.catch(() => undefined);
  };
  timer = setTimeout(check, idleMs);
  try {
    for (;;) {
      const next = await iterator.next();
      if (timedOut) return 'timeout';
      if (next.done) {
        done = true;
        break;
      }
      last = Date.now();
      const chunk = next.value;
      const at = total;
      total += chunk.length;
      if (total > limit) return 'too_large';
      if (depth && !depth.feed(chunk)) return depth.exceeded!;
      if (whole && total <= whole.length) whole.set(chunk, at);
      else {
        // More than announced (an adapter that does not frame by length): back to a list of chunks.
        if (whole) chunks.push(whole.subarray(0, at));
        whole = undefined;
        chunks.push(chunk);
      }
    }
  } finally {
    clearTimeout(timer);
    // Stopped early: let the source stop reading.
    if (!done && !timedOut) iterator.return?.()?.catch(() => undefined);
  }
  if (whole) return total === whole.length ? whole : whole.subarray(0, total);
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string; code: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseBody(bytes: Uint8Array, kind: 'json' | 'multipart' | 'form' | 'binary' | 'text', contentType: string): Parsed | Promise<Parsed> {
  switch (kind) {
    case 'json': {
      let text: string;
      try {
        text = utf8.decode(bytes);
      } catch {
        return { ok: false, message: 'The request body is not valid UTF-8.', code: 'invalid_encoding' };
      }
      // A large body is parsed in slices, so other requests are answered meanwhile (see json.ts).
      if (bytes.length > LARGE_BODY_BYTES) return parseJsonSliced(text).then((value): Parsed => ({ ok: true, value }), () => INVALID_JSON);
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
        return { ok: false, message: 'The request body is not valid UTF-8.', code: 'invalid_encoding' };
      }
    case 'binary':
      return { ok: true, value: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }) };
  }
}

const NO_QUERY: Readonly<Record<string, string | string[]>> = Object.freeze(bag<string | string[]>());

const INVALID_JSON: Parsed = { ok: false, message: 'The request body is not valid JSON.', code: 'invalid_json' };
const INVALID_MULTIPART: Parsed = { ok: false, message: 'The multipart body could not be parsed (malformed or truncated).', code: 'invalid_multipart' };
const CRLF2 = Buffer.from('\r\n\r\n');
const YIELD_EVERY_BYTES = 2 * 1024 * 1024;
/** Bodies above this size are parsed and validated in turns of their own (see `bodyRead`). */
export const LARGE_BODY_BYTES = 64 * 1024;

const lenient = new TextDecoder('utf-8');

function boundaryOf(contentType: string): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/** A parameter of a `Content-Disposition` header (`name="image[]"`), quoted or not. */
function dispositionParam(header: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!.trim();
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
    if (end === -1 || disposition === undefined || !/^form-data\b/i.test(disposition)) return INVALID_MULTIPART;
    const name = dispositionParam(disposition, 'name');
    if (name === undefined) return INVALID_MULTIPART;
    const filename = dispositionParam(disposition, 'filename');
    const data = buf.subarray(headEnd + 4, end);
    addTo(fields, name, filename !== undefined ? new File([data as Uint8Array<ArrayBuffer>], filename, { type: type ?? 'application/octet-stream' }) : lenient.decode(data));
    at = end + 2;
  }
}

async function parseForm(bytes: Uint8Array, contentType: string): Promise<Parsed> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { ok: false, message: 'The multipart body could not be parsed (malformed or truncated).', code: 'invalid_multipart' };
  }
  const fields = bag<unknown>();
  // Field names stay as sent: the spec names repeated fields with their brackets (`image[]`, `include[]`).
  form.forEach((value, key) => addTo(fields, key, value));
  return { ok: true, value: fields };
}

export function parseQuery(search: string): Readonly<Record<string, string | string[]>> {
  if (!search) return NO_QUERY;
  const out = bag<string | string[]>();
  for (const [k, v] of new URLSearchParams(search)) addTo(out, k, v);
  return out;
}

