// Copied by platform-api-codegen from its runtime (templates/server/parse-body.ts). Do not edit: every generation replaces it.
/** Parsing a request body by its media type: JSON (sliced when large), multipart, form, text or bytes. */
import { parseJson, parseJsonSliced } from './json.js';
import type { BodyKind } from '../protocol/operation.js';
import type { Parsed } from './meta.js';
import { parseForm, parseMultipart } from './multipart.js';

export type { Parsed } from './meta.js';

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
        return { ok: false, message: 'The request body is not valid UTF-8.', code: 'invalid_encoding' };
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
        return { ok: false, message: 'The request body is not valid UTF-8.', code: 'invalid_encoding' };
      }
    case 'binary':
      return { ok: true, value: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }) };
  }
}

const INVALID_JSON: Parsed = {
  ok: false,
  message: 'The request body is not valid JSON.',
  code: 'invalid_json',
};
