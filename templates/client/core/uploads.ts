/**
 * Multipart bodies. A file may be a `File`, `Blob`, `Uint8Array`/`Buffer`, `ArrayBuffer`, a `Response`, or any
 * async iterable of bytes such as a Node readable stream (`fs.createReadStream`), whose `path` gives the filename.
 * Streams are read into memory first: `fetch` cannot stream a `FormData` body, and a buffered body can be retried.
 */
import type { FieldEncoding } from '../../protocol/operation.js';

export type { FieldEncoding };

/** Something with a name and bytes, as `toFile` returns. */
export type Uploadable = Blob | Uint8Array | ArrayBuffer | Response | AsyncIterable<Uint8Array | string>;

/** The request type of a multipart operation: every `Blob` in the spec's type accepts any `Uploadable`. */
export type WithUploads<T> = T extends Blob
  ? Uploadable
  : T extends readonly (infer U)[]
    ? WithUploads<U>[]
    : T extends object
      ? { [K in keyof T]: WithUploads<T[K]> }
      : T;

export interface FileOptions {
  /** MIME type, e.g. `audio/mpeg`. */
  type?: string;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array | string> {
  return (
    value != null &&
    typeof value === 'object' &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

export function isUploadable(value: unknown): value is Uploadable {
  return (
    value instanceof Blob ||
    value instanceof Uint8Array ||
    value instanceof ArrayBuffer ||
    value instanceof Response ||
    isAsyncIterable(value)
  );
}

/** Whether a body holds a file anywhere (JSON-or-multipart operations send multipart then). */
export function containsUploadable(value: unknown, depth = 0): boolean {
  if (isUploadable(value)) return true;
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return (Array.isArray(value) ? value : Object.values(value)).some((v) => containsUploadable(v, depth + 1));
}

function basename(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path) return undefined;
  return path.split(/[\\/]/).pop() || undefined;
}

/** A `File` from any uploadable, keeping its name and type when it has them. */
export async function toFile(value: Uploadable, name?: string, options: FileOptions = {}): Promise<File> {
  const own = (value as { name?: unknown }).name;
  const fileName =
    name ??
    (typeof own === 'string' ? own : undefined) ??
    basename((value as { path?: unknown }).path) ??
    'upload';
  const ownType = value instanceof Blob ? value.type : undefined;
  const type = options.type ?? (ownType || undefined);
  const init: FilePropertyBag = type ? { type } : {};
  if (value instanceof File && name === undefined && !options.type) return value;
  if (value instanceof Blob) return new File([value], fileName, init);
  if (value instanceof Uint8Array) return new File([value as Uint8Array<ArrayBuffer>], fileName, init);
  if (value instanceof ArrayBuffer) return new File([value], fileName, init);
  if (value instanceof Response)
    return new File(
      [await value.arrayBuffer()],
      basename(new URL(value.url || 'http://x/upload').pathname) ?? fileName,
      init,
    );
  const parts: BlobPart[] = [];
  for await (const chunk of value)
    parts.push(typeof chunk === 'string' ? chunk : (chunk as Uint8Array<ArrayBuffer>));
  return new File(parts, fileName, init);
}

/**
 * A `FormData` from an object: files as file parts, arrays as repeated fields (the OpenAPI default, `explode`) or
 * one comma-joined field (`explode: false`), objects as JSON, scalars as text; `undefined` and `null` are omitted.
 */
export async function toFormData(
  body: Record<string, unknown>,
  encoding: Record<string, FieldEncoding> = {},
): Promise<FormData> {
  const form = new FormData();
  const append = async (name: string, value: unknown, enc: FieldEncoding | undefined): Promise<void> => {
    if (value === undefined || value === null) return;
    if (isUploadable(value)) {
      const file = await toFile(value, undefined, {});
      const type = file.type || enc?.contentType?.split(',')[0]?.trim();
      form.append(name, type && !file.type ? new File([file], file.name, { type }) : file);
    } else if (typeof value === 'object') {
      // FormData cannot type a text field, so the JSON goes as plain text (servers parse it by the schema).
      form.append(name, JSON.stringify(value));
    } else {
      // oxlint-disable-next-line typescript/no-base-to-string -- objects took the branch above: a scalar is left
      form.append(name, String(value));
    }
  };
  for (const [name, value] of Object.entries(body)) {
    const enc = encoding[name];
    if (Array.isArray(value)) {
      if (enc?.explode === false && value.every((v) => !isUploadable(v) && typeof v !== 'object'))
        form.append(name, value.join(','));
      else for (const item of value) await append(name, item, enc);
    } else {
      await append(name, value, enc);
    }
  }
  return form;
}
