/** Webhooks: event types added or removed, and their headers and payloads (received data, like responses). */
import { pair, type DiffContext, type Scope } from './context.ts';
import { diffRequestBody } from './request-body.ts';
import { diffHeaders } from './responses.ts';

export function diffWebhooks(ctx: DiffContext): void {
  const { both, removed, added } = pair(ctx.base.webhooks, ctx.head.webhooks, (w) => w.name);
  for (const w of added)
    ctx.add(
      'new-webhook',
      { area: 'webhooks', subject: `webhook ${w.name}` },
      '',
      'webhook event type added',
    );
  for (const w of removed)
    ctx.add(
      'removed-webhook',
      { area: 'webhooks', subject: `webhook ${w.name}` },
      '',
      'webhook event type removed',
    );
  for (const [a, b] of both) {
    const scope: Scope = { area: 'webhooks', subject: `webhook ${a.name}`, positions: ['response'] };
    if ((a.summary ?? '') !== (b.summary ?? '') || (a.description ?? '') !== (b.description ?? ''))
      ctx.add('docs', scope, '', 'description changed');
    const asHeader = (p: (typeof a.headers)[number]) => ({
      name: p.name,
      required: p.required,
      type: p.type,
      description: p.description,
    });
    diffHeaders(ctx, scope, '', a.headers.map(asHeader), b.headers.map(asHeader));
    diffRequestBody(ctx, scope, a.body, b.body, 'payload');
  }
}
