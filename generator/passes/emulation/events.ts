/**
 * Which declared webhook an item's lifecycle sends (decision table, "Webhooks"). Only the events the spec declares
 * are sent. An item of a collection sends the webhook whose name, or whose payload's constant `type`, is
 * `<resource>.<what>`: `<resource>` the collection's schema name, its items' `object` value or its state machine's
 * name (compared without case or separators: `fine_tuning.job` is `FineTuningJob`), and `<what>` `created` on a
 * create, `deleted` on a delete, or the state its machine enters (creation included). None matches: no event.
 * The payload is a value of its declared schema built from the stored item, placed where the schema holds the
 * item's schema (`data.ticket`), else in `data`.
 */
import { propertiesOf } from '../../ir/queries.ts';
import type { EmulatedCollection, EmulatedEvent } from '../../ir/emulation.ts';
import type { TypeNode } from '../../ir/schema.ts';
import type { StateMachine } from '../../ir/state-machine.ts';
import type { Api } from './shape.ts';
import { idRule } from './ids.ts';
import { literalString } from './shape.ts';

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The path to a property whose type is the named schema, breadth first, at most three levels down. */
function pathTo(api: Api, node: TypeNode, schema: string): string[] | undefined {
  let level: { node: TypeNode; path: string[] }[] = [{ node, path: [] }];
  for (let depth = 0; depth < 3 && level.length; depth++) {
    const next: typeof level = [];
    for (const { node: n, path } of level)
      for (const p of propertiesOf(api, n)) {
        if (p.type.kind === 'ref' && p.type.target === schema) return [...path, p.name];
        next.push({ node: p.type, path: [...path, p.name] });
      }
    level = next;
  }
  return undefined;
}

export function decideEvents(
  api: Api,
  collections: EmulatedCollection[],
  machines: ReadonlyMap<string, StateMachine>,
): EmulatedEvent[] {
  return [...api.webhooks]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((w) => {
      const payload = w.body?.contents.find((c) => c.kind === 'json')?.type;
      const type =
        payload && literalString(api, propertiesOf(api, payload).find((p) => p.name === 'type')?.type);
      const names = [...new Set([w.name, ...(type ? [type] : [])])];
      const fires: EmulatedEvent['fires'] = [];
      for (const c of collections) {
        const resources = new Set([c.name, c.object, c.machine].filter((r): r is string => !!r).map(norm));
        const machine = c.machine ? machines.get(c.machine) : undefined;
        for (const state of ['created', 'deleted', ...(machine?.states ?? [])]) {
          const matches = names.some((n) => {
            const parts = n.split('.');
            return (
              parts.length > 1 && parts.at(-1) === state && resources.has(norm(parts.slice(0, -1).join('')))
            );
          });
          if (!matches || fires.some((f) => f.collection === c.name && f.state === state)) continue;
          const itemPath = payload
            ? payload.kind === 'ref' && payload.target === c.name
              ? []
              : (pathTo(api, payload, c.name) ??
                (propertiesOf(api, payload).some((p) => p.name === 'data') ? ['data'] : undefined))
            : undefined;
          fires.push({ collection: c.name, state, ...(itemPath ? { itemPath } : {}) });
        }
      }
      const id = payload && propertiesOf(api, payload).find((p) => p.name === 'id');
      return {
        name: w.name,
        fires,
        ...(id ? { id: idRule(api, id, []).rule } : {}),
      };
    });
}
