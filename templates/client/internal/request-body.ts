/** The request body as the operation sends it (JSON, multipart, URL-encoded form, text or bytes), with its content type. */
import { formPairs } from '../../protocol/form.js';
import { withJsonType, type HeaderBag } from './headers.js';
import { bodyContentType, type OperationSpec } from './operation.js';
import { containsUploadable, toFormData } from '../core/uploads.js';

/** Any body but a plain JSON one (which the caller sends without a bag); sets or clears the content type in `headers`. */
export async function encodeBody(
  op: OperationSpec,
  body: unknown,
  headers: HeaderBag,
): Promise<BodyInit | undefined> {
  if (op.body === 'form' || op.body === 'text' || op.body === 'binary') return rawBody(op, body, headers);
  const multipart = op.body === 'multipart' || (op.body === 'json|multipart' && containsUploadable(body));
  if (!multipart) {
    withJsonType(headers, op);
    return JSON.stringify(body);
  }
  headers.delete('Content-Type'); // fetch sets it with the boundary
  return toFormData(body as Record<string, unknown>, op.requestBody?.encoding ?? {});
}

/** Form, text and binary bodies: form fields URL-encoded; text and bytes sent as given with their media type. */
function rawBody(op: OperationSpec, body: unknown, headers: HeaderBag): BodyInit {
  if (op.body === 'form') {
    const form = new URLSearchParams(
      formPairs((body ?? {}) as Record<string, unknown>, op.requestBody?.encoding),
    );
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return form;
  }
  if (!headers.has('Content-Type'))
    headers.set('Content-Type', bodyContentType(op) ?? 'application/octet-stream');
  if (
    typeof body === 'string' ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  )
    return body as BodyInit;
  return JSON.stringify(body);
}
