/** Request bodies: presence, required, accepted content types, multipart encodings, body types. */
import type { MultipartEncoding, RequestBody } from '../ir/body.ts';
import { pair, sameJson, type DiffContext, type Scope } from './context.ts';
import { diffType } from './types/index.ts';

export function diffRequestBody(
  ctx: DiffContext,
  scope: Scope,
  a: RequestBody | undefined,
  b: RequestBody | undefined,
  label = 'body',
): void {
  if (!a && !b) return;
  if (a && !b)
    return ctx.judge(
      scope,
      { request: 'removed-field', response: 'removed-field' },
      label,
      `${label} removed`,
    );
  if (!a && b) {
    const rule = b.required ? 'new-required-request-field' : 'new-optional-request-field';
    return ctx.judge(
      scope,
      { request: rule, response: 'new-response-field' },
      label,
      `${b.required ? 'required' : 'optional'} ${label} added`,
    );
  }
  const x = a!;
  const y = b!;
  if (!x.required && y.required)
    ctx.judge(
      scope,
      { request: 'became-required', response: 'narrowed-response' },
      label,
      `${label} became required`,
    );
  if (x.required && !y.required)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'optional-in-response' },
      label,
      `${label} became optional`,
    );
  if ((x.description ?? '') !== (y.description ?? '')) ctx.add('docs', scope, label, 'description changed');
  const { both, removed, added } = pair(x.contents, y.contents, (c) => c.mediaType);
  for (const c of removed)
    ctx.judge(
      scope,
      { request: 'changed-content-type', response: 'changed-content-type' },
      label,
      `content type \`${c.mediaType}\` no longer accepted`,
      c.mediaType,
      null,
    );
  // A new accepted content type is judged like any widening: loosened for requests, new data for receivers.
  for (const c of added)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'changed-content-type' },
      label,
      `content type \`${c.mediaType}\` added`,
      null,
      c.mediaType,
    );
  for (const [p, q] of both) {
    const loc = both.length > 1 ? `${label}(${p.mediaType})` : label;
    diffEncoding(ctx, scope, loc, p.encoding ?? {}, q.encoding ?? {});
    diffType(ctx, scope, loc, p.type, q.type);
  }
}

/** An entry for a field that had none is additive; a removed or changed entry changes the bytes sent. */
function diffEncoding(
  ctx: DiffContext,
  scope: Scope,
  loc: string,
  a: MultipartEncoding,
  b: MultipartEncoding,
): void {
  for (const field of Object.keys(b).filter((f) => !(f in a)))
    ctx.add('new-encoding', scope, loc, `encoding of field \`${field}\` added`, null, b[field]!);
  for (const field of Object.keys(a)) {
    if (!(field in b))
      ctx.add('changed-serialization', scope, loc, `encoding of field \`${field}\` removed`, a[field]!, null);
    else if (!sameJson(a[field], b[field]))
      ctx.add(
        'changed-serialization',
        scope,
        loc,
        `encoding of field \`${field}\` changed`,
        a[field]!,
        b[field]!,
      );
  }
}
