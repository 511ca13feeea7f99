import type { HeaderDef, Response, ResponseContent } from '../ir/response.ts';
import { at, pair, shapeKey, type DiffContext, type Scope } from './context.ts';
import { diffStream } from './sse.ts';
import { diffType } from './types/index.ts';

const isSuccess = (status: string) => status.startsWith('2');

export function diffResponses(ctx: DiffContext, scope: Scope, a: Response[], b: Response[]): void {
  const { both, removed, added } = pair(a, b, (r) => r.status);
  for (const r of removed)
    ctx.add('changed-status', scope, `response ${r.status}`, `status ${r.status} removed`, r.status, null);
  for (const r of added) {
    // A success status beside the ones kept: another answer documented (as oasdiff judges it). The only success
    // status replaced by another is a changed status.
    if (isSuccess(r.status) && both.some(([x]) => isSuccess(x.status)))
      ctx.add(
        'new-success-status',
        scope,
        `response ${r.status}`,
        `success status ${r.status} added`,
        null,
        r.status,
      );
    else if (isSuccess(r.status))
      ctx.add(
        'changed-status',
        scope,
        `response ${r.status}`,
        `success status ${r.status} added`,
        null,
        r.status,
      );
    else
      ctx.add('new-error-status', scope, `response ${r.status}`, `status ${r.status} added`, null, r.status);
  }
  for (const [x, y] of both) diffResponse(ctx, { ...scope, positions: ['response'] }, x, y);
}

function diffResponse(ctx: DiffContext, scope: Scope, a: Response, b: Response): void {
  const loc = `response ${a.status}`;
  if (a.description !== b.description) ctx.add('docs', scope, loc, 'description changed');
  diffHeaders(ctx, scope, loc, a.headers, b.headers);
  const { both, removed, added } = pair(a.contents, b.contents, (c) => c.mediaType);
  for (const c of removed)
    ctx.add('changed-content-type', scope, loc, `content type \`${c.mediaType}\` removed`, c.mediaType, null);
  for (const c of added) {
    if (c.when)
      ctx.add(
        'opt-in-content',
        scope,
        loc,
        `content type \`${c.mediaType}\` added, selected by x-when`,
        null,
        c.mediaType,
      );
    else
      ctx.add('changed-content-type', scope, loc, `content type \`${c.mediaType}\` added`, null, c.mediaType);
  }
  for (const [x, y] of both) diffContent(ctx, scope, both.length > 1 ? `${loc} ${x.mediaType}` : loc, x, y);
}

function diffContent(
  ctx: DiffContext,
  scope: Scope,
  loc: string,
  a: ResponseContent,
  b: ResponseContent,
): void {
  if (a.kind !== b.kind)
    ctx.add('changed-content-type', scope, loc, `response kind ${a.kind} → ${b.kind}`, a.kind, b.kind);
  if (shapeKey(a.when) !== shapeKey(b.when))
    ctx.add(
      'changed-content-type',
      scope,
      loc,
      'the request condition selecting this content type (x-when) changed',
    );
  if (a.type && b.type) diffType(ctx, scope, loc, a.type, b.type);
  else if (a.type || b.type)
    ctx.add('changed-type', scope, loc, a.type ? 'response schema removed' : 'response schema added');
  if (a.sse || b.sse) diffStream(ctx, scope, loc, a.sse, b.sse);
}

export function diffHeaders(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: HeaderDef[],
  b: HeaderDef[],
): void {
  const { both, removed, added } = pair(a, b, (h) => h.name.toLowerCase());
  const loc = (h: HeaderDef) => at(location, `header ${h.name}`);
  for (const h of removed)
    ctx.judge(
      scope,
      { request: 'removed-field', response: 'removed-field' },
      loc(h),
      `header \`${h.name}\` removed`,
    );
  for (const h of added)
    ctx.judge(
      scope,
      {
        request: h.required ? 'new-required-request-field' : 'new-optional-request-field',
        response: 'new-response-field',
      },
      loc(h),
      `header \`${h.name}\` added`,
    );
  for (const [x, y] of both) {
    if (x.required && !y.required)
      ctx.judge(
        scope,
        { request: 'loosened-request', response: 'optional-in-response' },
        loc(x),
        'became optional',
      );
    if (!x.required && y.required)
      ctx.judge(
        scope,
        { request: 'became-required', response: 'narrowed-response' },
        loc(x),
        'became required',
      );
    if ((x.description ?? '') !== (y.description ?? ''))
      ctx.add('docs', scope, loc(x), 'description changed');
    diffType(ctx, scope, loc(x), x.type, y.type);
  }
}
