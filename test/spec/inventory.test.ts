/**
 * The spec against the hand-written inventory of the API's design documents (test/spec/inventory.ts): every
 * operation of the operation table and no other, every enum exact (as sets: nothing missing, nothing extra), every state
 * machine (states, transitions, guards). The spec is bundled with swagger-parser exactly as the lint does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/load/index.ts';
import { ENUMS, MACHINES, OPERATIONS, WEBHOOKS, type EnumEntry, type MachineEntry } from './inventory.ts';
import { durationSeconds, SpecQuery, type Json } from './spec-query.ts';
import { API_SURFACE } from '../helpers/public-specs.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SPEC = path.join(ROOT, 'spec', 'openapi.yaml');

let q: SpecQuery;
beforeAll(async () => {
  q = new SpecQuery((await loadSpec(SPEC)).document);
});

const fmt = (vals: unknown[]) => '[' + vals.map((v) => JSON.stringify(v)).join(', ') + ']';
const sameSet = (a: unknown[], b: unknown[]) =>
  a.length === b.length &&
  a.every((x) => b.some((y) => JSON.stringify(x) === JSON.stringify(y))) &&
  b.every((y) => a.some((x) => JSON.stringify(x) === JSON.stringify(y)));

// ---- operations --------------------------------------------------------------------------------------------

describe('operations', () => {
  it('the inventory transcribes every row of the API surface table (test/fixtures/api-surface/)', () => {
    const table = readFileSync(API_SURFACE, 'utf8')
      .split('\n')
      .map((l) => /^\|\s*([a-zA-Z]+)\s*\|\s*(GET|POST|DELETE|PUT|PATCH)\s*\|\s*(\/\S*)/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ operationId: m[1]!, method: m[2]!.toLowerCase(), path: m[3]! }));
    expect(table.length).toBeGreaterThan(0);
    const mine = OPERATIONS.map((o) => `${o.operationId} ${o.method.toUpperCase()} ${o.path}`);
    const theirs = table.map((o) => `${o.operationId} ${o.method.toUpperCase()} ${o.path}`);
    const notInTable = mine.filter((k) => !theirs.includes(k));
    const notInInventory = theirs.filter((k) => !mine.includes(k));
    expect({ notInTable, notInInventory }, 'inventory.ts OPERATIONS vs the api-surface.md table').toEqual({
      notInTable: [],
      notInInventory: [],
    });
  });

  it.each(OPERATIONS)('$operationId is $method $path', ({ operationId, method, path: p }) => {
    const found = q.operations().filter((o) => o.operationId === operationId);
    expect(
      found.length,
      `${operationId}: ${found.length === 0 ? 'missing from the spec' : 'defined more than once'}`,
    ).toBe(1);
    const o = found[0]!;
    expect(`${o.method} ${o.path}`, `${operationId} is at ${o.method.toUpperCase()} ${o.path}`).toBe(
      `${method} ${p}`,
    );
  });

  it('the spec has no operation outside the API surface table', () => {
    const known = new Set(OPERATIONS.map((o) => `${o.operationId} ${o.method} ${o.path}`));
    const extra = q
      .operations()
      .map((o) => `${o.operationId ?? '(no operationId)'} ${o.method} ${o.path}`)
      .filter((k) => !known.has(k));
    expect(extra, `operations not in api-surface.md: ${extra.join('; ')}`).toEqual([]);
  });

  it('webhooks are exactly the ones the seeds show', () => {
    expect(Object.keys(q.doc.webhooks ?? {}).sort()).toEqual([...WEBHOOKS].sort());
  });
});

// ---- enums ---------------------------------------------------------------------------------------------------

describe('enums', () => {
  it('inventory ids are unique', () => {
    const ids = ENUMS.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each(ENUMS.map((e) => [e.id, e] as const))('%s', (_id, e: EnumEntry) => {
    const { found, misses } = q.locate(e.where);
    expect(found.length, `${e.id} (${e.seed}): not found: ${misses.join('; ')}`).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const { label, set } of found) {
      if (!sameSet(set.values, e.values)) {
        const missing = e.values.filter((v) => !set.values.includes(v));
        const extra = set.values.filter((v) => !e.values.includes(v as string));
        problems.push(
          `${label}: ${set.values.length === 0 ? 'no enum/const values' : `values ${fmt(set.values)}`}, seeds ${fmt(e.values)}` +
            `${missing.length ? `; missing ${fmt(missing)}` : ''}${extra.length ? `; extra ${fmt(extra)}` : ''}`,
        );
      }
      if (e.open === true && !set.open)
        problems.push(
          `${label}: the seeds accept any string besides the known values; the spec has no plain-string branch`,
        );
      if (e.open === false && set.open)
        problems.push(`${label}: the seeds give a closed set; the spec also accepts any string`);
    }
    expect(problems, `${e.id} (${e.seed}):\n  ${problems.join('\n  ')}`).toEqual([]);
  });
});

// ---- state machines -------------------------------------------------------------------------------------------

function machines(): Record<string, Json> {
  const m = q.doc['x-state-machines'];
  return m && typeof m === 'object' ? m : {};
}

/** The `object` value of the resource a spec machine points at, if its schema fixes one. */
function objectOf(machine: Json): string | undefined {
  if (typeof machine?.schema !== 'string') return undefined;
  const schema = q.at(machine.schema);
  if (!schema) return undefined;
  const w = q.walk(schema, ['object']);
  const { values, open } = q.values(w.reached);
  return values.length === 1 && !open ? String(values[0]) : undefined;
}

function findMachine(entry: MachineEntry): [string, Json] | undefined {
  const all = Object.entries(machines());
  return all.find(([, m]) => objectOf(m) === entry.object) ?? all.find(([k]) => entry.keys.includes(k));
}

const transitionKey = (t: Json) => {
  const on = t?.on ?? {};
  const trigger =
    'operation' in on
      ? `on ${on.operation}`
      : `after ${durationSeconds(String(on.after)) ?? on.after}s${on.bound ? ` ${on.bound}` : ''}`;
  return `${t?.from ?? '(none)'} -> ${t?.to} ${trigger}`;
};

describe('state machines', () => {
  it.each(MACHINES.map((m) => [m.name, m] as const))('%s', (_name, entry: MachineEntry) => {
    const hit = findMachine(entry);
    expect(
      hit,
      `no x-state-machines entry for ${entry.name} (schema with object "${entry.object}", or key ${entry.keys.join('/')})`,
    ).toBeDefined();
    const [key, m] = hit!;
    const problems: string[] = [];
    if (m.property !== entry.property)
      problems.push(`property is ${JSON.stringify(m.property)}, seeds: ${entry.property}`);
    const states: unknown[] = Array.isArray(m.states) ? m.states : [];
    if (!sameSet(states, entry.states)) problems.push(`states ${fmt(states)}, seeds ${fmt(entry.states)}`);

    const transitions: Json[] = Array.isArray(m.transitions) ? m.transitions : [];
    if (transitions.length !== entry.transitions.length)
      problems.push(`${transitions.length} transitions, seeds show ${entry.transitions.length}`);
    const have = transitions.map(transitionKey);
    for (const t of entry.transitions) {
      const k = transitionKey(t);
      if (!have.includes(k))
        problems.push(`missing transition ${k} (spec has: ${have.join('; ') || 'none'})`);
    }

    const guards: Json[] = Array.isArray(m.guards) ? m.guards : [];
    for (const g of entry.guards) {
      const sg = guards.find((x) => x?.operation === g.operation);
      if (!sg) problems.push(`missing guard on ${g.operation} (states ${fmt(g.states)})`);
      else {
        if (!sameSet(sg.states ?? [], g.states))
          problems.push(`guard ${g.operation}: states ${fmt(sg.states ?? [])}, seeds ${fmt(g.states)}`);
        if (g.target && sg.target !== g.target)
          problems.push(`guard ${g.operation}: target ${JSON.stringify(sg.target)}, expected ${g.target}`);
      }
    }
    // A guard the seeds do not state as a rule is accepted only when it restates a transition: the guarded
    // operation triggers transitions, and the guard's states are exactly their `from` states.
    for (const sg of guards) {
      if (entry.guards.some((g) => g.operation === sg?.operation)) continue;
      const from = entry.transitions
        .filter((t) => 'operation' in t.on && t.on.operation === sg?.operation)
        .map((t) => t.from);
      if (from.length === 0 || from.includes(null) || !sameSet(sg?.states ?? [], from)) {
        problems.push(
          `guard on ${sg?.operation} (states ${fmt(sg?.states ?? [])}) is neither a rule of the seeds nor implied by a transition`,
        );
      }
    }
    if (entry.complete !== undefined && m.complete !== entry.complete)
      problems.push(`complete is ${JSON.stringify(m.complete)}, expected ${entry.complete}`);
    expect(problems, `state machine ${key} (${entry.seed}):\n  ${problems.join('\n  ')}`).toEqual([]);
  });

  it('the spec has no state machine outside the seeds', () => {
    const matched = new Set(
      MACHINES.map(findMachine)
        .filter((h): h is [string, Json] => h !== undefined)
        .map(([k]) => k),
    );
    const extra = Object.keys(machines()).filter((k) => !matched.has(k));
    expect(extra, `state machines not in the seeds: ${extra.join(', ')}`).toEqual([]);
  });
});
