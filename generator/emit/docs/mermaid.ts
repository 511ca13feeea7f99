import type { StateMachine } from '../../ir/state-machine.ts';

/** One identifier per state, unique even when two names differ only in characters an identifier cannot hold. */
function stateIds(states: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const state of states) {
    const stem = `s_${state.replace(/[^A-Za-z0-9_]/g, '_')}`;
    let id = stem;
    for (let n = 2; taken.has(id); n++) id = `${stem}_${n}`;
    taken.add(id);
    ids.set(state, id);
  }
  return ids;
}

/** Text shown in a quoted name or after a transition's colon: no quotes, no statement separators, no line breaks. */
function label(text: string): string {
  return text.replace(/["\n\r;]/g, ' ').replace(/%%/g, '% %');
}

export function stateDiagram(m: StateMachine): string {
  const ids = stateIds(m.states);
  const id = (s: string) => ids.get(s) ?? stateIds([s]).get(s)!;
  const lines = ['stateDiagram-v2'];
  for (const s of m.states) lines.push(`  state "${label(s)}" as ${id(s)}`);
  for (const t of m.transitions) {
    const on =
      t.on.kind === 'operation'
        ? t.on.operationId
        : `after ${t.on.after}${t.on.bound === 'at_most' ? ' (at most)' : ''}`;
    lines.push(`  ${t.from === null ? '[*]' : id(t.from)} --> ${id(t.to)}: ${label(on)}`);
  }
  return lines.join('\n');
}
