// Copied by platform-api-codegen from its runtime (templates/emulator/state.ts). Do not edit: every generation replaces it.
/**
 * Resources and their lifecycles. Items live in the store under their collection's path and parent ids; a state
 * machine's next time-driven step (documented, or assumed where the documents show none) is kept in the store's
 * `_schedule` collection and applied when the clock reaches it, in time order, before any request is answered.
 */
import type { EmulatorStore } from './store/index.js';
import type { Clock } from './clock.js';
import { jsonText, type EmulatorModel, type Json, type JsonObject, type MachineModel } from './types.js';

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
  parents: string[];
  item: JsonObject;
  from: string | null;
  to: string;
}

interface Due {
  key: string;
  collection: string;
  id: string;
  to: string;
  at: number;
}

const SCHEDULE = '_schedule';

export const collectionKey = (collection: string, parents: readonly string[]) =>
  parents.length ? `${collection}|${parents.join('|')}` : collection;

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

  get(collection: string, parents: readonly string[], id: string): Stored | undefined {
    this.sweep();
    return this.store.get(collectionKey(collection, parents), id) as unknown as Stored | undefined;
  }

  put(collection: string, stored: Stored): void {
    this.store.put(collectionKey(collection, stored.p), jsonText(stored.v.id), stored as unknown as Json);
  }

  remove(collection: string, parents: readonly string[], id: string): boolean {
    const key = collectionKey(collection, parents);
    this.unschedule(key, id);
    return this.store.delete(key, id);
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
    const key = collectionKey(collection, stored.p);
    const id = jsonText(stored.v.id);
    this.store.transaction(() => {
      this.put(collection, stored);
      this.unschedule(key, id);
      const next = this.nextStep(machine, to);
      // A step applied late (the clock jumped) times the next one from when it was due, not from now.
      if (next) this.schedule({ key, collection, id, to: next.to, at: at + next.ms });
    });
    this.onTransition({ machine: machine.name, collection, parents: stored.p, item: stored.v, from, to });
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
          this.store.delete(SCHEDULE, `${step.key}#${step.id}`);
          const stored = this.store.get(step.key, step.id) as unknown as Stored | undefined;
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
    this.store.put(SCHEDULE, `${d.key}#${d.id}`, d as unknown as Json);
    const i = this.due.findIndex((x) => x.at > d.at);
    this.due.splice(i < 0 ? this.due.length : i, 0, d);
  }

  private unschedule(key: string, id: string): void {
    const i = this.due.findIndex((d) => d.key === key && d.id === id);
    if (i >= 0) {
      this.due.splice(i, 1);
      this.store.delete(SCHEDULE, `${key}#${id}`);
    }
  }
}
