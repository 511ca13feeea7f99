/**
 * Reads each response content's `x-when` as a selector (body field → allowed values), once, for every emitter:
 * the client picks its return type and parser by it, the server its media type. Only required properties with
 * `const` or `enum` values are supported; anything else is an `unsupported` error naming the operation.
 */
import { fail } from '../diagnostics.ts';
import { resolveNode } from '../ir/queries.ts';
import type { ParsedApi as Api } from '../ir/api.ts';
import type { Scalar } from '../ir/base.ts';
import type { ParsedResponseContent, ResponseSelector } from '../ir/response.ts';
import type { TypeNode } from '../ir/schema.ts';

function scalarsOf(api: Api, node: TypeNode): Scalar[] | undefined {
  const n = resolveNode(api, node);
  if (n.kind === 'literal') return [n.value];
  if (n.kind === 'enum') return [...n.values];
  if (n.kind === 'union') {
    const parts = n.variants.map((v) => scalarsOf(api, v));
    return parts.every((p): p is Scalar[] => p !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/** The selector of every operation's response content that has an `x-when`, by the content. */
export type SelectorTable = ReadonlyMap<ParsedResponseContent, ResponseSelector>;

export function decideSelectors(api: Api, locate: (pointer: string) => object): SelectorTable {
  const out = new Map<ParsedResponseContent, ResponseSelector>();
  for (const op of api.operations) {
    for (const response of op.responses) {
      for (const content of response.contents) {
        if (!content.when) continue;
        const node = resolveNode(api, content.when);
        const selector =
          node.kind === 'object'
            ? node.properties.map((p) => ({ field: p.name, values: scalarsOf(api, p.type) }))
            : [];
        if (!selector.length || selector.some((f) => !f.values)) {
          fail(
            'unsupported',
            `x-when of ${op.operationId} (${content.mediaType}) must name body properties with const or enum values`,
            locate(content.when.pointer),
          );
        }
        out.set(content, selector as ResponseSelector);
      }
    }
  }
  return out;
}
