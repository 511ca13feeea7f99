import type { Operation } from '../ir/operation.ts';
import { pair, sameJson, type DiffContext, type Scope } from './context.ts';
import { diffParameters } from './parameters.ts';
import { diffRequestBody } from './request-body.ts';
import { diffResponses } from './responses.ts';
import { reportSecurity, securityKey } from './security.ts';

const route = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;

export function diffOperations(ctx: DiffContext): void {
  const { both, removed, added } = pair(ctx.base.operations, ctx.head.operations, (o) => o.operationId);
  // Same method and path under a new operationId: the same API operation, renamed in the generated code only (the
  // handler map key and the client's names change, the requests and responses do not).
  // oxlint-disable-next-line unicorn/no-useless-spread -- a copy: the loop splices `removed`
  for (const gone of [...removed]) {
    const twin = added.find((o) => route(o) === route(gone));
    if (!twin) continue;
    removed.splice(removed.indexOf(gone), 1);
    added.splice(added.indexOf(twin), 1);
    ctx.add(
      'client-call-renamed',
      { area: twin.area, subject: `operation ${gone.operationId}` },
      '',
      `operationId renamed to ${twin.operationId} (${route(twin)})`,
      gone.operationId,
      twin.operationId,
    );
    diffOperation(ctx, gone, twin);
  }
  for (const op of removed)
    ctx.add(
      'removed-operation',
      { area: op.area, subject: `operation ${op.operationId}` },
      '',
      `operation removed (${route(op)})`,
    );
  for (const op of added)
    ctx.add(
      'new-resource',
      { area: op.area, subject: `operation ${op.operationId}` },
      '',
      `operation added (${route(op)}, \`${op.sdkPath.join('.')}\`)`,
    );
  for (const [a, b] of both) diffOperation(ctx, a, b);
}

function diffOperation(ctx: DiffContext, a: Operation, b: Operation): void {
  const scope: Scope = { area: b.area, subject: `operation ${b.operationId}`, positions: ['request'] };
  if (route(a) !== route(b))
    ctx.add('removed-operation', scope, '', `moved from ${route(a)} to ${route(b)}`, route(a), route(b));
  if (a.sdkPath.join('.') !== b.sdkPath.join('.'))
    ctx.add(
      'client-call-renamed',
      scope,
      '',
      `client call renamed: \`${a.sdkPath.join('.')}\` → \`${b.sdkPath.join('.')}\``,
      a.sdkPath.join('.'),
      b.sdkPath.join('.'),
    );
  if (!a.deprecated && b.deprecated) ctx.add('deprecated', scope, '', 'operation deprecated');
  if (a.deprecated && !b.deprecated) ctx.add('docs', scope, '', 'no longer deprecated');
  if ((a.summary ?? '') !== (b.summary ?? '')) ctx.add('docs', scope, '', 'summary changed');
  if ((a.description ?? '') !== (b.description ?? '')) ctx.add('docs', scope, '', 'description changed');
  if (!sameJson([...a.tags].sort(), [...b.tags].sort()))
    ctx.add('docs', scope, '', `tags ${a.tags.join(', ')} → ${b.tags.join(', ')}`);
  if (
    !sameJson(
      a.servers.map((s) => s.url),
      b.servers.map((s) => s.url),
    )
  )
    ctx.add(
      'changed-server',
      scope,
      '',
      'operation servers changed',
      a.servers.map((s) => s.url),
      b.servers.map((s) => s.url),
    );
  // Effective security: reported here only when it is not just the document-wide change (reported once).
  const followsGlobal =
    securityKey(a.security) === securityKey(ctx.base.security) &&
    securityKey(b.security) === securityKey(ctx.head.security);
  if (!followsGlobal) reportSecurity(ctx, scope, 'security requirements', a.security, b.security);
  diffParameters(ctx, scope, a.parameters, b.parameters);
  diffRequestBody(ctx, scope, a.requestBody, b.requestBody);
  diffResponses(ctx, scope, a.responses, b.responses);
}
