/**
 * The declared webhooks an item's lifecycle sends (the emulation pass decides which: the emulator's README,
 * "Webhooks"): on a create (`created`), a delete (`deleted`) and each state the item enters. The payload is a value
 * of the webhook's declared schema made from the stored item, placed where the schema holds it, with the event's
 * id (its id rule), `type` (the webhook's name) and creation time (now).
 */
import { fill } from './fill.js';
import { newId } from './ids.js';
import type { Clock } from './clock.js';
import type { EmulatorModel, Json, JsonObject } from './types.js';

export type Emit = (collection: string, what: string, item: JsonObject) => void;

/** `send(type, id, payload)` for each declared event `what` of an item of `collection` triggers. */
export function lifecycleEvents(
  model: EmulatorModel,
  clock: Clock,
  send: (type: string, id: string, payload: Json) => void,
): Emit {
  const by = new Map<string, { event: EmulatorModel['events'][number]; itemPath?: string[] }[]>();
  for (const event of model.events)
    for (const f of event.fires) {
      const key = `${f.collection}\u0000${f.state}`;
      by.set(key, [...(by.get(key) ?? []), { event, ...(f.itemPath ? { itemPath: f.itemPath } : {}) }]);
    }
  return (collection, what, item) => {
    for (const { event, itemPath } of by.get(`${collection}\u0000${what}`) ?? []) {
      const id = newId(event.id);
      let partial: JsonObject = { id, type: event.name, object: 'event', created_at: clock.nowSeconds() };
      if (itemPath?.length === 0) partial = { ...item, ...partial, id };
      else if (itemPath) {
        let node = partial;
        for (const k of itemPath.slice(0, -1)) node = node[k] = { ...(node[k] as JsonObject | undefined) };
        node[itemPath.at(-1)!] = item;
      }
      const payload = fill(event.schema, partial, { schemas: model.schemas, nowSeconds: clock.nowSeconds() });
      const made = (payload as JsonObject | null)?.id;
      send(event.name, typeof made === 'string' ? made : id, payload);
    }
  };
}
