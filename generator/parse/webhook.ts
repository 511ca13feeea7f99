/** OpenAPI 3.1 `webhooks` → parsed webhooks, sorted by event name (then method), their headers by name. */
import { fail, joinPointer } from '../diagnostics.ts';
import { by, sortedBy } from '../ir/order.ts';
import type { ParsedWebhook } from '../ir/webhook.ts';
import { isObject, readNotShown, type ParseContext } from './context.ts';
import { checkExtensions } from './extensions.ts';
import { parseRequestBody, parseResponses } from './media.ts';
import { METHODS } from './operation.ts';
import { parseParameters } from './parameter.ts';
import type { SchemaParser } from './schema/index.ts';

export function parseWebhooks(ctx: ParseContext, schemas: SchemaParser): ParsedWebhook[] {
  const raw = ctx.document.webhooks;
  if (raw === undefined) return [];
  if (!isObject(raw)) fail('invalid-openapi', 'webhooks must be an object', ctx.locate('#/webhooks'));
  const out: ParsedWebhook[] = [];
  for (const name of Object.keys(raw)) {
    const itemAt = joinPointer('#/webhooks', name);
    const item = raw[name];
    if (!isObject(item)) fail('invalid-openapi', 'a webhook must be a path item', ctx.locate(itemAt));
    checkExtensions(ctx, item, itemAt, 'path');
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const at = joinPointer(itemAt, method);
      checkExtensions(ctx, op, at, 'operation');
      const subject = `webhook ${name}`;
      const webhook: ParsedWebhook = {
        name,
        method,
        headers: sortedBy(
          parseParameters(
            ctx,
            schemas,
            [{ raw: op.parameters, pointer: joinPointer(at, 'parameters') }],
            'webhooks',
            subject,
          ),
          (p) => p.name,
        ),
        responses: parseResponses(
          ctx,
          schemas,
          op.responses ?? {},
          joinPointer(at, 'responses'),
          'webhooks',
          subject,
        ),
        pointer: at,
      };
      if (typeof op.summary === 'string') webhook.summary = op.summary.trim();
      if (typeof op.description === 'string') webhook.description = op.description.trim();
      if (op.requestBody !== undefined)
        webhook.body = parseRequestBody(ctx, schemas, op.requestBody, joinPointer(at, 'requestBody'));
      const notShown = readNotShown(ctx, op, at, subject, 'webhooks');
      if (notShown) webhook.notShown = notShown;
      readNotShown(ctx, item, itemAt, subject, 'webhooks');
      out.push(webhook);
    }
  }
  return out.sort(by((w) => w.name));
}
