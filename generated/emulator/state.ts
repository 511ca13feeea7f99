// Copied by platform-api-codegen from its runtime (templates/emulator/state.ts). Do not edit: every generation replaces it.
/**
 * Resources and their lifecycles. Each collection's items live in the store under the collection's name, keyed by
 * id (by parent ids and id where ids are unique only under their parents); an item with parents is also indexed
 * under them (`<collection>@<parent ids>`), so a list under a parent pages through exactly its children. A state
 * machine's next time-driven step (documented, or assumed where the documents show none) is kept in the store's
 * `_schedule` collection and applied when the clock reaches it, in time order, before any request is answered.
 */
import type { EmulatorStore, ListOptions } from './store/index.js';
import type { Clock } from './clock.js';
import {
  jsonText,
  type CollectionModel,
  type EmulatorModel,
  type Json,
  type JsonObject,
  type MachineModel,
} from './types.js';

export interface Stored {
  /** The item as the API answers it. */
  v: JsonObject;
  /** Parent ids (outermost first). */
  p: string[];
  /** Emulator-only facts (upload parts and the like). */
  m?: JsonObject;
}

export interface Transition {
  machine: string;
  collection: string;
  stored: Stored;
  from: string | null;
  to: string;
}

interface Due {
  collection: string;
  key: string;
  to: string;
  at: number;
}

const SCHEDULE = '_schedule';
/** Joins parent ids and ids into one store key (a separator no id in a URL path holds). */
const join = (parts: readonly string[]) => parts.join('\u001f');

export class State {
  private due: Due[];

  constructor(
    readonly model: EmulatorModel,
    readonly store: EmulatorStore,
    readonly clock: Clock,
    /** Delay of each time-driven step, by `machine:from->to`; `null` turns an assumed step off. */
    readonly delays: (
      machine: MachineModel,
      from: string,
      to: string,
      documentedMs: number | undefined,
    ) => number | null,
    private readonly onTransition: (t: Transition) => void,
  ) {
    this.due = (store.list(SCHEDULE, { order: 'asc', limit: 1_000_000 }).items as unknown as Due[]).sort(
      (a, b) => a.at - b.at,
    );
  }

  collection(name: string): CollectionModel {
    return this.model.collections[name]!;
  }

  /** The collection a config or a control endpoint names: by its name, or one of its list or create paths. */
  collectionNamed(name: string): CollectionModel | undefined {
    return Object.values(this.model.collections).find((c) => c.name === name || c.paths.includes(name));
  }

  /** The item's key in its collection: its id, with its parent ids where ids are unique only under them. */
  key(collection: string, parents: readonly string[], id: string): string {
    return this.collection(collection).scoped ? join([...parents, id]) : id;
  }

  /** The item, if the collection holds it (under `parents`, when given, for an address that names them). */
  get(collection: string, parents: readonly string[], id: string): Stored | undefined {
    this.sweep();
    const key = this.key(collection, parents, id);
    const found = this.store.get(collection, key) as unknown as Stored | undefined;
    // An address naming parents finds only the item under them.
    if (found && parents.length && join(found.p.slice(-parents.length)) !== join(parents)) return undefined;
    return found;
  }

  put(collection: string, stored: Stored): void {
    const key = this.key(collection, stored.p, jsonText(stored.v.id));
    this.store.transaction(() => {
      this.store.put(collection, key, stored as unknown as Json);
      if (stored.p.length) this.store.put(`${collection}@${join(stored.p)}`, key, key);
    });
  }

  remove(collection: string, stored: Stored): boolean {
    const key = this.key(collection, stored.p, jsonText(stored.v.id));
    return this.store.transaction(() => {
      this.unschedule(collection, key);
      if (stored.p.length) this.store.delete(`${collection}@${join(stored.p)}`, key);
      return this.store.delete(collection, key);
    });
  }

  /**
   * One page of the collection in insertion order, all of it or under `parents`; cursors (`after`, `before`) are
   * item ids.
   */
  list(
    collection: string,
    parents: readonly string[],
    options: ListOptions,
  ): { items: Stored[]; hasMore: boolean } {
    this.sweep();
    const scoped = this.collection(collection).scoped;
    const cursor = (id: string | undefined) => (id === undefined || !scoped ? id : join([...parents, id]));
    const after = cursor(options.after);
    const before = cursor(options.before);
    const paging = { ...options, ...(after ? { after } : {}), ...(before ? { before } : {}) };
    if (!parents.length) {
      const page = this.store.list(collection, paging);
      return { items: page.items as unknown as Stored[], hasMore: page.hasMore };
    }
    const page = this.store.list(`${collection}@${join(parents)}`, paging);
    const items = (page.items as string[]).flatMap((k) => {
      const found = this.store.get(collection, k) as unknown as Stored | undefined;
      return found ? [found] : [];
    });
    return { items, hasMore: page.hasMore };
  }

  /** Every item under `parents` (for counts); a bounded number. */
  all(collection: string, parents: readonly string[]): Stored[] {
    return this.list(collection, parents, { order: 'asc', limit: 1_000_000 }).items;
  }

  machineOf(collection: string): MachineModel | undefined {
    const name = this.model.collections[collection]?.machine;
    return name ? this.model.machines[name] : undefined;
  }

  /**
   * Puts the item in state `to` (from `from`; null at creation) at time `at`: sets `<state>_at` where the schema has
   * it, stores it, schedules the next time-driven step and reports the transition.
   */
  enter(collection: string, stored: Stored, to: string, from: string | null, at = this.clock.now()): void {
    const machine = this.machineOf(collection);
    if (!machine) return this.put(collection, stored);
    stored.v[machine.property] = to;
    const stamp = `${to}_at`;
    if (this.declares(machine.schema, stamp)) stored.v[stamp] = Math.floor(at / 1000);
    const key = this.key(collection, stored.p, jsonText(stored.v.id));
    this.store.transaction(() => {
      this.put(collection, stored);
      this.unschedule(collection, key);
      const next = this.nextStep(machine, to);
      // A step applied late (the clock jumped) times the next one from when it was due, not from now.
      if (next) this.schedule({ collection, key, to: next.to, at: at + next.ms });
    });
    this.onTransition({ machine: machine.name, collection, stored, from, to });
  }

  /** When a time-driven step from `state` will happen (ms from now), if one will; used for `expires_at`. */
  nextStep(machine: MachineModel, state: string): { to: string; ms: number } | undefined {
    const steps: { to: string; ms: number }[] = [];
    for (const t of machine.transitions) {
      if (t.from !== state || !('after' in t.on)) continue;
      const ms = this.delays(machine, state, t.to, t.on.seconds * 1000);
      if (ms !== null) steps.push({ to: t.to, ms });
    }
    for (const a of this.model.assumedProgressions) {
      if (a.machine !== machine.name || a.from !== state) continue;
      const ms = this.delays(machine, state, a.to, undefined);
      if (ms !== null) steps.push({ to: a.to, ms });
    }
    return steps.sort((a, b) => a.ms - b.ms)[0];
  }

  declares(schema: string, property: string): boolean {
    const s = this.model.schemas[schema];
    return !!s && typeof s.properties === 'object' && s.properties !== null && property in s.properties;
  }

  /** Applies every step whose time has come, oldest first (a step may schedule the next one). */
  sweep(): void {
    const now = this.clock.now();
    while (this.due.length && this.due[0]!.at <= now) {
      const step = this.due[0]!;
      // One step is one transaction; when the store cannot save it, the schedule in memory is put back as it was,
      // so the step stays due and a later sweep applies it.
      const before = [...this.due];
      try {
        this.store.transaction(() => {
          this.due.shift();
          this.store.delete(SCHEDULE, `${step.collection}#${step.key}`);
          const stored = this.store.get(step.collection, step.key) as unknown as Stored | undefined;
          const machine = this.machineOf(step.collection);
          if (!stored || !machine) return;
          const from = jsonText(stored.v[machine.property]);
          this.enter(step.collection, stored, step.to, from, step.at);
        });
      } catch (error) {
        this.due.splice(0, this.due.length, ...before);
        throw error;
      }
    }
  }

  /** Milliseconds until the next scheduled step, if any. */
  nextDueIn(): number | undefined {
    return this.due.length ? Math.max(0, this.due[0]!.at - this.clock.now()) : undefined;
  }

  private schedule(d: Due): void {
    this.store.put(SCHEDULE, `${d.collection}#${d.key}`, d as unknown as Json);
    const i = this.due.findIndex((x) => x.at > d.at);
    this.due.splice(i < 0 ? this.due.length : i, 0, d);
  }

  private unschedule(collection: string, key: string): void {
    const i = this.due.findIndex((d) => d.collection === collection && d.key === key);
    if (i >= 0) {
      this.due.splice(i, 1);
      this.store.delete(SCHEDULE, `${collection}#${key}`);
    }
  }
}
