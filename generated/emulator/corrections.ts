// Copied by platform-api-codegen from its runtime (templates/emulator/corrections.ts). Do not edit: every generation replaces it.
/**
 * The config's corrections of the decision table (`collections`, `operations`; the generated README lists every
 * decision): the model with them applied, each checked against the model, a wrong one refused with what is known.
 * An operation given another kind takes its path parameters as that kind reads them: the last is the item's id for
 * an item kind (retrieve, update, delete, transition, derive, action), all are parents for a create or a list.
 */
import type { EmulatorConfig } from './config.js';
import type { EmulatorModel, OperationKind, OperationModel } from './types.js';

const KINDS: OperationKind[] = [
  'create',
  'retrieve',
  'update',
  'delete',
  'list',
  'transition',
  'derive',
  'action',
  'token',
  'compute',
];
const ITEM_KINDS = new Set<OperationKind>(['retrieve', 'update', 'delete', 'transition', 'derive', 'action']);

export function corrected(model: EmulatorModel, config: EmulatorConfig): EmulatorModel {
  const fail = (where: string, message: string): never => {
    throw new Error(`config ${where}: ${message}`);
  };
  const known = (what: Record<string, unknown>) => Object.keys(what).join(', ');
  // Own keys only: a name such as `constructor` names nothing (Object.prototype's members are not the model's).
  function own<T>(table: Record<string, T>, key: string): T | undefined {
    return Object.hasOwn(table, key) ? table[key] : undefined;
  }
  const collections = { ...model.collections };
  for (const [name, fix] of Object.entries(config.collections ?? {})) {
    const c =
      collections[name] ??
      fail(`collections.${name}`, `no collection ${name} (known: ${known(collections)})`);
    const next = { ...c };
    if (fix.idPrefix !== undefined && next.id.type === 'string')
      next.id = { ...next.id, prefix: fix.idPrefix };
    else if (fix.idPrefix !== undefined)
      fail(`collections.${name}.idPrefix`, 'the collection has integer ids');
    if (fix.parentField === null) delete next.parentField;
    else if (fix.parentField !== undefined) next.parentField = fix.parentField;
    collections[name] = next;
  }
  const operations = { ...model.operations };
  for (const [id, fix] of Object.entries(config.operations ?? {})) {
    const op =
      own(operations, id) ?? fail(`operations.${id}`, `no operation ${id} (known: ${known(operations)})`);
    const kind = (fix.kind ?? op.kind) as OperationKind;
    if (!KINDS.includes(kind)) fail(`operations.${id}.kind`, `must be one of ${KINDS.join(', ')}`);
    const collection = fix.collection ?? op.collection;
    const next: OperationModel = { ...op, kind, parentParams: [] };
    delete next.collection;
    delete next.idParam;
    if (kind !== 'token' && kind !== 'compute') {
      if (!collection || !own(collections, collection))
        fail(`operations.${id}.collection`, `a ${kind} needs a collection (known: ${known(collections)})`);
      next.collection = collection!;
      if (ITEM_KINDS.has(kind)) {
        if (!op.pathParams.length) fail(`operations.${id}.kind`, `a ${kind} needs the item's id in the path`);
        next.idParam = op.pathParams.at(-1)!;
        next.parentParams = op.pathParams.slice(0, -1);
      } else next.parentParams = [...op.pathParams];
      if (kind === 'transition' && !own(collections, collection!)!.machine)
        fail(`operations.${id}.kind`, `${collection} has no state machine`);
    }
    operations[id] = next;
  }
  return { ...model, collections, operations };
}
