/**
 * The collections of an API (decision table, "Collections"): an item schema (a named schema with an `id`) is a
 * collection when the spec retrieves it at an item address (`GET /tickets/{ticket_id}`), lists it
 * (`GET /projects/{project_id}/tickets`), or creates it where it is already one or has a state machine
 * (`POST /projects/{project_id}/tickets`; an item with a machine only actions name, `POST /jobs/{id}/cancel`, has
 * one too). One schema is one collection, whatever paths reach it: a ticket created under its project is a ticket,
 * retrieved at its own address and listed wherever the spec lists tickets.
 * - Its parent is the collection whose item address a create, list or item path extends (`/projects/{}` of
 *   `/projects/{}/tickets`), its parent field the item's property named like that path parameter (`project_id`) or
 *   `<parent noun>_id`.
 * - Its ids are unique across the collection unless every item address names the parents too
 *   (`/vector_stores/{id}/files/{file_id}`): then only under them (`scoped`).
 */
import { propertiesOf, resolveNode } from '../../ir/queries.ts';
import type { EmulatedCollection } from '../../ir/emulation.ts';
import type { Operation } from '../../ir/operation.ts';
import type { StateMachine } from '../../ir/state-machine.ts';
import type { Api } from './shape.ts';
import { singular } from '../../naming/sdk-rules.ts';
import { idRule } from './ids.ts';
import {
  isItem,
  isParam,
  jsonSuccess,
  listItem,
  objectValue,
  parentPath,
  property,
  refName,
  segments,
  template,
} from './shape.ts';

const CREATED = ['created_at', 'createdAt', 'created', 'creation_time', 'created_time', 'inserted_at'];
const UPDATED = ['updated_at', 'updatedAt', 'modified_at', 'modifiedAt', 'last_modified', 'updated'];

interface Draft {
  name: string;
  /** Other schemas whose values are its items: a list's summaries, a create's answer. */
  views: string[];
  items: Map<string, Operation[]>;
  lists: Map<string, Operation[]>;
  creates: Map<string, Operation[]>;
}

const add = (into: Map<string, Operation[]>, path: string, op: Operation) =>
  into.set(path, [...(into.get(path) ?? []), op]);

export function machineOfSchema(api: Api): Map<string, StateMachine> {
  return new Map(api.stateMachines.map((m) => [m.schema.replace('#/components/schemas/', ''), m]));
}

export function decideCollections(api: Api): EmulatedCollection[] {
  const machines = machineOfSchema(api);
  const drafts = new Map<string, Draft>();
  const draft = (name: string) => {
    let d = drafts.get(name);
    if (!d)
      drafts.set(name, (d = { name, views: [], items: new Map(), lists: new Map(), creates: new Map() }));
    return d;
  };
  for (const op of api.operations) {
    const last = segments(op.wirePath).at(-1);
    const answer = refName(jsonSuccess(op));
    if (op.method === 'get' && isParam(last) && isItem(api, answer))
      add(draft(answer).items, op.wirePath, op);
    const listed = listItem(api, op);
    if (!isParam(last) && isItem(api, listed)) add(draft(listed).lists, op.wirePath, op);
  }
  for (const op of api.operations) {
    const segs = segments(op.wirePath);
    const answer = refName(jsonSuccess(op));
    if (op.method === 'post' && segs.length >= 2 && isParam(segs.at(-2)) && !isParam(segs.at(-1)))
      if (isItem(api, answer) && machines.has(answer) && !drafts.has(answer))
        add(draft(answer).items, parentPath(op.wirePath), op);
  }
  // A list of one schema at `/x` beside an item address `/x/{id}` of another is one collection: the list answers
  // summaries of the items (GitHub's `base-gist` list beside its `gist-simple` items).
  const owner = new Map<string, string>();
  for (const d of drafts.values()) for (const p of d.items.keys()) owner.set(template(p), d.name);
  const alias = new Map<string, string>();
  for (const d of Array.from(drafts.values())) {
    if (d.items.size) continue;
    const target = [...d.lists.keys()]
      .map((p) => owner.get(`${template(p)}/{}`))
      .find((n) => n && n !== d.name);
    if (!target) continue;
    const t = drafts.get(target)!;
    for (const [p, ops] of d.lists) for (const op of ops) add(t.lists, p, op);
    t.views.push(d.name);
    alias.set(d.name, target);
    drafts.delete(d.name);
  }
  // A POST below one of the item's own addresses (`/tickets/{ticket_id}/resolve`) acts on that item: no create.
  const belowOwnItem = (d: Draft, path: string) => {
    const item = template(parentPath(path));
    return (
      [...d.items.keys()].some((p) => template(p) === item) ||
      [...d.lists.keys()].some((p) => `${template(p)}/{}` === item)
    );
  };
  for (const op of api.operations) {
    const schema = refName(jsonSuccess(op));
    if (op.method !== 'post' || isParam(segments(op.wirePath).at(-1)) || !isItem(api, schema)) continue;
    const answer = alias.get(schema) ?? schema;
    const existing = drafts.get(answer);
    if (existing && belowOwnItem(existing, op.wirePath)) continue;
    if (existing || machines.has(answer)) add(draft(answer).creates, op.wirePath, op);
  }
  const byItemTemplate = new Map<string, string>();
  for (const d of drafts.values()) for (const p of d.items.keys()) byItemTemplate.set(template(p), d.name);
  const collections = [...drafts.values()]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((d) => collection(api, d, byItemTemplate, machines));
  for (const c of collections) {
    if (!c.parent) continue;
    const parent = collections.find((p) => p.name === c.parent)!;
    const noun = singular(childNoun(c, parent) ?? '');
    const counts = `${noun}_counts`;
    const ids = `${noun}_ids`;
    const createBody = api.operations
      .filter((o) => parent.creates.includes(o.wirePath) && o.method === 'post')
      .flatMap((o) => o.requestBody?.contents.filter((x) => x.kind === 'json') ?? []);
    parent.children.push({
      collection: c.name,
      ...(noun && property(api, parent.name, counts) ? { counts } : {}),
      ...(noun && createBody.some((b) => propertiesOf(api, b.type).some((p) => p.name === ids))
        ? { ids }
        : {}),
    });
  }
  return collections;
}

/** The child's last path segment below its parent's item address (`files` of `/vector_stores/{}/files`). */
function childNoun(child: EmulatedCollection, parent: EmulatedCollection): string | undefined {
  const under = new Set(parent.items.map(template));
  const path = [...child.lists, ...child.creates, ...child.items.map((i) => parentPath(i))].find((p) =>
    under.has(template(parentPath(p))),
  );
  return path ? segments(path).at(-1) : undefined;
}

function collection(
  api: Api,
  d: Draft,
  byItemTemplate: Map<string, string>,
  machines: Map<string, StateMachine>,
): EmulatedCollection {
  const items = [...d.items.keys()];
  const retrieve = [...d.items.values(), ...d.lists.values(), ...d.creates.values()].flat()[0]!;
  const object = objectValue(api, d.name);
  const idParams = [...d.items.values()].flat().flatMap((op) => {
    const name = segments(op.wirePath).at(-1)!.slice(1, -1);
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    return param ? [param.type] : [];
  });
  const { rule, source } = idRule(api, property(api, d.name, 'id'), idParams, object);
  // The parent: the collection whose item address a create (else a list, else an item address) of this one extends.
  let parent: string | undefined;
  let parentField: string | undefined;
  for (const path of [...d.creates.keys(), ...d.lists.keys(), ...items.map((i) => parentPath(i))]) {
    const segs = segments(path);
    const at = segs.findLastIndex(isParam);
    if (at < 0) continue;
    const owner = byItemTemplate.get(template(`/${segs.slice(0, at + 1).join('/')}`));
    if (!owner || owner === d.name) continue;
    parent = owner;
    const param = segs[at]!.slice(1, -1);
    const noun = segs[at - 1] ? singular(segs[at - 1]!) : '';
    parentField = [param, `${noun}_id`, `${noun}Id`].find((f) => {
      const node = property(api, d.name, f)?.type;
      const kind = node && resolveNode(api, node).kind;
      return kind === 'string' || kind === 'number';
    });
    break;
  }
  const stamp = (names: string[]) => names.find((n) => property(api, d.name, n));
  const created = stamp(CREATED);
  const updated = stamp(UPDATED);
  const machine = machines.get(d.name)?.name;
  return {
    name: d.name,
    views: d.views,
    resource: retrieve.sdkPath.slice(0, -1).join('.'),
    items,
    lists: [...d.lists.keys()],
    creates: [...d.creates.keys()],
    scoped: items.length > 0 && items.every((p) => segments(p).filter(isParam).length > 1),
    ...(parent ? { parent } : {}),
    ...(parentField ? { parentField } : {}),
    id: rule,
    idSource: source,
    ...(object ? { object } : {}),
    ...(machine ? { machine } : {}),
    stamps: { ...(created ? { created } : {}), ...(updated ? { updated } : {}) },
    children: [],
  };
}
