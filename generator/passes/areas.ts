/**
 * Decides the area of every schema: the area of the operations that use it (transitively), `common` when
 * several areas share it or nothing uses it. Areas are listed in tag order, then by first use.
 */
import { by } from '../ir/order.ts';
import type { NotShown, ParsedApi } from '../ir/api.ts';
import { refsOf } from '../ir/walk.ts';
import { kebabCase } from '../naming/case.ts';
import { decodeToken } from '../diagnostics.ts';

/** What the areas pass decides. */
export interface AreaTable {
  /** Component name of every named schema → its area slug. */
  schemas: ReadonlyMap<string, string>;
  /** State machine name → the area of its resource's schema. */
  machines: ReadonlyMap<string, string>;
  /** Every `x-not-shown` entry with its area, sorted by area, then pointer, then text. */
  notShown: NotShown[];
  /** Every area in order (see `Api.areas`): slug and title. */
  areas: { slug: string; title: string }[];
}

export function decideAreas(api: ParsedApi): AreaTable {
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
  const schemas = new Map<string, string>();
  for (const s of api.schemas) {
    const areas = users.get(s.name);
    schemas.set(s.name, areas?.size === 1 ? [...areas][0]! : 'common');
  }
  const machines = new Map(api.stateMachines.map((m) => [m.name, schemas.get(m.schema) ?? 'common']));
  // A gap inside a named schema belongs to the schema's area, known only now (parse saw components first).
  const notShown = api.notShown
    .map((gap): NotShown => {
      const m = /^#\/components\/schemas\/([^/]+)/.exec(gap.pointer);
      const schema = m?.[1] ? decodeToken(m[1]) : undefined;
      return {
        ...gap,
        area: (schema !== undefined ? schemas.get(schema) : undefined) ?? gap.area ?? 'common',
      };
    })
    .sort(by((n) => `${n.area}\u0000${n.pointer}\u0000${n.text}`));

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
  for (const s of api.schemas) add(schemas.get(s.name)!, schemas.get(s.name)!);
  return {
    schemas,
    machines,
    notShown,
    areas: order.map((slug) => ({ slug, title: titles.get(slug) ?? kebabCase(slug) })),
  };
}
