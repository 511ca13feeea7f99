/**
 * Decides the area of every schema: the area of the operations that use it (transitively), `common` when
 * several areas share it or nothing uses it. Areas are listed in tag order, then by first use.
 */
import type { Api } from '../ir/types.ts';
import { refsOf } from '../ir/walk.ts';
import { kebabCase } from '../naming/case.ts';

export function assignAreas(api: Api): void {
  const byName = new Map(api.schemas.map((s) => [s.name, s]));
  const users = new Map<string, Set<string>>();
  const reach = (names: Set<string>, area: string): void => {
    const stack = [...names];
    const seen = new Set<string>();
    while (stack.length) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      if (!users.has(name)) users.set(name, new Set());
      users.get(name)!.add(area);
      const schema = byName.get(name);
      if (schema) for (const r of refsOf(schema.type)) stack.push(r);
    }
  };
  for (const op of api.operations) {
    const refs = new Set<string>();
    for (const p of op.parameters) refsOf(p.type, refs);
    for (const c of op.requestBody?.contents ?? []) refsOf(c.type, refs);
    for (const r of op.responses) {
      if (/^[23]/.test(r.status)) {
        for (const c of r.contents) {
          if (c.type) refsOf(c.type, refs);
          for (const e of c.sse?.events ?? []) refsOf(e.type, refs);
        }
      }
    }
    reach(refs, op.area);
  }
  for (const w of api.webhooks) {
    const refs = new Set<string>();
    for (const c of w.body?.contents ?? []) refsOf(c.type, refs);
    reach(refs, 'webhooks');
  }
  for (const s of api.schemas) {
    const areas = users.get(s.name);
    s.area = areas && areas.size === 1 ? [...areas][0]! : 'common';
  }
  for (const m of api.stateMachines) m.area = byName.get(m.schema)?.area ?? 'common';
  // A gap inside a named schema belongs to the schema's area, known only now (parse saw components first).
  for (const gap of api.notShown) {
    const m = /^#\/components\/schemas\/([^/]+)/.exec(gap.pointer);
    const schema = m?.[1] ? byName.get(decodeURIComponent(m[1]).replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
    if (schema) gap.area = schema.area;
  }
  api.notShown.sort((a, b) => {
    const ka = `${a.area}\u0000${a.pointer}\u0000${a.text}`;
    const kb = `${b.area}\u0000${b.pointer}\u0000${b.text}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

  const order: string[] = [];
  const titles = new Map<string, string>();
  const add = (slug: string, title: string): void => {
    if (!titles.has(slug)) {
      titles.set(slug, title);
      order.push(slug);
    }
  };
  add('common', 'Common');
  for (const t of api.tags) add(t.area, t.name);
  for (const op of api.operations) add(op.area, op.tags[0] ?? op.area);
  if (api.webhooks.length) add('webhooks', 'Webhooks');
  for (const s of api.schemas) add(s.area, s.area);
  api.areas = order.map((slug) => ({ slug, title: titles.get(slug) ?? kebabCase(slug) }));
}
