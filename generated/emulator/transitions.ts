// Copied by platform-api-codegen from its runtime (templates/emulator/transitions.ts). Do not edit: every generation replaces it.
/**
 * An operation that moves an item's state machine: the server's `guardState` refuses what the tables do not
 * allow (409), the request body's fields the item's schema has are stored (a `resolution` given with `resolve`),
 * the documented condition and effects apply, then the item enters the new state (which sends its webhook).
 */
import { HttpError } from '../server/core/errors.js';
import { fill } from './fill.js';
import { idWithPrefix } from './ids.js';
import { jsonOf, type HandlerInput } from './input.js';
import type { Items } from './items.js';
import type { State, Stored } from './state.js';
import { jsonText, type JsonObject, type OperationModel, type Schema } from './types.js';

export function createTransition(
  state: State,
  items: Items,
  guardState: (operationId: string, state: string) => void,
): (op: OperationModel, operationId: string, input: HandlerInput) => Stored {
  const model = state.model;

  /**
   * The documented condition on completing an upload: the parts named (`part_ids`, added through the emulator's
   * `/_emulator/.../parts`, the API's own part endpoint not being documented) add up to the `bytes` given at creation.
   */
  function checkCondition(found: Stored, body: JsonObject): void {
    if (!Array.isArray(body.part_ids) || typeof found.v.bytes !== 'number') return;
    const parts = (found.m?.parts ?? {}) as Record<string, number>;
    let total = 0;
    for (const id of body.part_ids) {
      const size = parts[jsonText(id)];
      if (size === undefined)
        throw new HttpError(
          400,
          `Part '${jsonText(id)}' is not a part of this upload.`,
          'invalid_part',
          'part_ids',
        );
      total += size;
    }
    if (total !== found.v.bytes)
      throw new HttpError(
        400,
        `The parts hold ${total} bytes; the upload was created with bytes ${found.v.bytes}.`,
        'bytes_mismatch',
        'part_ids',
      );
  }

  /**
   * Effects the tables state on fields: `` `x_at` set `` stamps the time; `` returned in `file` `` makes the item
   * (an item of its collection when it has one, so it can be retrieved).
   */
  function applyEffects(collection: string, found: Stored, effects: string): void {
    const props = propertiesOf(model.schemas[collection]);
    for (const [, field] of effects.matchAll(/`([a-z_][a-z0-9_]*)`/g)) {
      const prop = props[field!];
      if (!prop) continue;
      if (field!.endsWith('_at')) {
        found.v[field!] = state.clock.nowSeconds();
        continue;
      }
      const target = refOf(prop);
      if (!target) continue;
      // The new item's own status starts afresh, not the source's.
      const { status: _status, id: _id, object: _object, ...fields } = found.v;
      if (model.collections[target]) {
        const made: Stored = { v: items.fresh(target, fields, [], items.initialState(target)), p: [] };
        items.add(target, made);
        found.v[field!] = made.v;
        continue;
      }
      const literal = propertiesOf(model.schemas[target]).object?.const;
      const object = typeof literal === 'string' ? literal : target.toLowerCase();
      const partial = {
        ...fields,
        id: idWithPrefix(`${object}_`),
        object,
        created_at: state.clock.nowSeconds(),
      };
      found.v[field!] = fill({ $ref: `#/s/${target}` }, partial, {
        schemas: model.schemas,
        nowSeconds: state.clock.nowSeconds(),
      }) as JsonObject;
    }
  }

  return (op, operationId, input) => {
    const found = items.load(op, input, operationId);
    const machine = state.machineOf(op.collection!)!;
    const from = jsonText(found.v[machine.property]);
    guardState(operationId, from);
    const t = machine.transitions.find(
      (x) => x.from === from && 'operation' in x.on && x.on.operation === operationId,
    )!;
    const body = jsonOf(input.body);
    checkCondition(found, body);
    found.v = items.merged(op.collection!, found, body);
    applyEffects(op.collection!, found, t.effects ?? '');
    state.enter(op.collection!, found, t.to, from);
    return found;
  };
}

function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  return (schema?.properties as Record<string, Schema> | undefined) ?? {};
}

function refOf(schema: Schema): string | undefined {
  if (typeof schema.$ref === 'string') return schema.$ref.slice(4);
  for (const alt of ((schema.oneOf ?? schema.anyOf) as Schema[] | undefined) ?? [])
    if (typeof alt.$ref === 'string') return alt.$ref.slice(4);
  return undefined;
}
