/** The order of a resource's methods in the client: openai-node's CRUD order, then the spec's own. */
import type { Location } from '../diagnostics.ts';
import type { ParsedOperation } from '../ir/operation.ts';

/** A resource's methods named so come first, in this order (openai-node's); the others follow in the spec's order. */
const CRUD_ORDER = ['create', 'retrieve', 'update', 'list', 'delete'];

/**
 * Each operation's place in the spec as written: its path item's place in `paths` (where the root document lists
 * it, even when the item itself is in another file), then the operation's within the item. The parsed model keeps
 * operations sorted by path; the source positions keep the author's order. Unlocated ones keep the model's order.
 */
function specOrder(
  operations: readonly ParsedOperation[],
  locate: (pointer: string) => Location,
): Map<string, number> {
  const key = (op: ParsedOperation, i: number) => {
    const item = locate(op.pointer.slice(0, op.pointer.lastIndexOf('/')));
    const own = locate(op.pointer);
    return { op, i, item, own };
  };
  const at = (l: Location) => [l.line ?? Number.MAX_SAFE_INTEGER, l.column ?? 0] as const;
  const sorted = operations.map(key).sort((a, b) => {
    const fa = a.item.file ?? '';
    const fb = b.item.file ?? '';
    if (fa !== fb) return fa < fb ? -1 : 1;
    const [la, ca] = at(a.item);
    const [lb, cb] = at(b.item);
    if (la !== lb) return la - lb;
    if (ca !== cb) return ca - cb;
    const [oa, pa] = at(a.own);
    const [ob, pb] = at(b.own);
    return oa !== ob ? oa - ob : pa !== pb ? pa - pb : a.i - b.i;
  });
  return new Map(sorted.map((k, n) => [k.op.operationId, n]));
}

/** A method's rank among its resource's: the CRUD names by CRUD_ORDER, then the others in the spec's order. */
export function methodRank(
  operations: readonly ParsedOperation[],
  locate: (pointer: string) => Location,
): (method: { name: string; operationId: string }) => number {
  const order = specOrder(operations, locate);
  return (m) => {
    const crud = CRUD_ORDER.indexOf(m.name);
    return crud === -1 ? CRUD_ORDER.length + order.get(m.operationId)! : crud;
  };
}
