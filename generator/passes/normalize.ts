/**
 * Sorts everything whose order comes from object keys of the input, so that output is byte-identical whatever
 * the key order of the spec. List order (enum values, union members, transitions) is meaningful and kept.
 */
import type { Api, TypeNode } from '../ir/types.ts';
import { walkApi } from '../ir/walk.ts';

const by = <T>(key: (x: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

export function normalizeOrder(api: Api): void {
  api.schemas.sort(by((s) => s.name));
  api.operations.sort(by((o) => `${o.path} ${o.method}`));
  api.webhooks.sort(by((w) => w.name));
  api.stateMachines.sort(by((m) => m.name));
  api.tags.sort(by((t) => t.name));
  api.headers.sort(by((h) => h.name));
  api.notShown.sort(by((n) => `${n.area}\u0000${n.pointer}\u0000${n.text}`));
  const areaOrder = (slug: string) => (slug === 'common' ? '' : slug);
  api.areas.sort(by((a) => areaOrder(a.slug)));
  for (const op of api.operations) {
    op.parameters.sort(by((p) => `${p.in}\u0000${p.name}`));
    op.responses.sort(by((r) => r.status));
    for (const r of op.responses) {
      r.headers.sort(by((h) => h.name.toLowerCase()));
      r.contents.sort(by((c) => c.mediaType));
    }
    op.requestBody?.contents.sort(by((c) => c.mediaType));
  }
  for (const w of api.webhooks) w.headers.sort(by((p) => p.name));
  walkApi(api, ({ node }) => sortNode(node));
}

function sortNode(node: TypeNode): void {
  if (node.kind === 'object') node.properties.sort(by((p) => p.name));
  if (node.kind === 'union' && node.discriminator) node.discriminator.mapping.sort(by((m) => m.value));
}
