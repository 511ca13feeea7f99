/** State diagrams: state names that are Mermaid keywords are escaped, and every diagram in generated/docs parses. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateDiagram } from '../../generator/emit/docs/mermaid.ts';
import type { StateMachine } from '../../generator/ir/state-machine.ts';
import { mermaidParse } from './helpers/mermaid-real.ts';
import { mermaidBlocks, parseStateDiagram } from './helpers/mermaid-state.ts';

const docs = path.resolve(import.meta.dirname, '../../generated/docs');

function machine(states: string[], transitions: StateMachine['transitions']): StateMachine {
  return {
    name: 'm',
    typeName: 'M',
    constName: 'mMachine',
    schema: 'M',
    property: 'status',
    states,
    initialStates: [states[0]!],
    transitions,
    guards: [],
    complete: true,
    area: 'common',
    pointer: '#/x-state-machines/m',
  };
}

describe('Mermaid state diagrams', () => {
  it('escapes keyword and non-identifier state names and keeps their text', () => {
    const states = ['default', 'note', 'class', 'style', 'end', 'in-progress', 'in_progress', 'state'];
    const diagram = stateDiagram(
      machine(states, [
        { from: null, to: 'default', on: { kind: 'operation', operationId: 'createThing' } },
        { from: 'default', to: 'end', on: { kind: 'operation', operationId: 'finish' } },
        { from: 'in-progress', to: 'in_progress', on: { kind: 'operation', operationId: 'a"b;c' } },
      ]),
    );
    const parsed = parseStateDiagram(diagram);
    expect([...parsed.states.values()]).toEqual(states);
    expect(parsed.states.get('s_default')).toBe('default');
    expect(new Set(parsed.states.keys()).size).toBe(states.length);
    expect(parsed.transitions).toEqual([
      { from: '[*]', to: 's_default', label: 'createThing' },
      { from: 's_default', to: 's_end', label: 'finish' },
      { from: 's_in_progress', to: 's_in_progress_2', label: 'a b c' },
    ]);
  });

  it('the checker rejects what breaks Mermaid: a bare keyword state, an undeclared or non-identifier id', () => {
    expect(() => parseStateDiagram('stateDiagram-v2\n  default: default')).toThrow(/not a state declaration/);
    expect(() => parseStateDiagram('stateDiagram-v2\n  state "default" as default')).toThrow(
      /Mermaid keyword/,
    );
    expect(() => parseStateDiagram('stateDiagram-v2\n  state "a" as s_a\n  s_a --> s_b: x')).toThrow(
      /used before it is declared/,
    );
    expect(() => parseStateDiagram('stateDiagram-v2\n  state "a-b" as a-b')).toThrow(
      /not a state identifier/,
    );
    expect(() => parseStateDiagram('graph TD')).toThrow(/stateDiagram-v2/);
  });

  it("Mermaid's parser accepts the escaped keyword states and rejects the bare ones", async () => {
    const keywords = ['default', 'note', 'class', 'style'];
    const escaped = stateDiagram(
      machine(
        keywords,
        keywords.slice(1).map((to, i) => ({
          from: keywords[i]!,
          to,
          on: { kind: 'operation' as const, operationId: `op${i}` },
        })),
      ),
    );
    await mermaidParse(escaped);
    for (const word of keywords)
      await expect(
        mermaidParse(`stateDiagram-v2\n  ${word}: ${word}\n  [*] --> ${word}`),
        word,
      ).rejects.toThrow(/Parse error/);
  });

  it("every diagram in generated/docs parses with Mermaid's parser", async () => {
    const diagrams = readdirSync(docs)
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => mermaidBlocks(readFileSync(path.join(docs, f), 'utf8')).map((d) => ({ file: f, d })));
    expect(diagrams.length).toBeGreaterThan(3);
    for (const { file, d } of diagrams) await expect(mermaidParse(d), file).resolves.toBeUndefined();
  });

  it('every diagram in generated/docs is in the checked subset', () => {
    const diagrams = readdirSync(docs)
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => mermaidBlocks(readFileSync(path.join(docs, f), 'utf8')).map((d) => ({ file: f, d })));
    expect(diagrams.length).toBeGreaterThan(3);
    for (const { file, d } of diagrams) {
      expect(() => parseStateDiagram(d), file).not.toThrow();
      expect(parseStateDiagram(d).states.size, file).toBeGreaterThan(0);
    }
  });
});
