/**
 * A strict checker of the Mermaid `stateDiagram-v2` subset the docs emit, beside Mermaid's own parser
 * (`mermaid-real.ts`), which accepts more than the emitter should produce: a keyword or a non-identifier is never a
 * state id here, every id is declared before use, labels carry no quote, `;` or line break.
 */

/** Words Mermaid's state-diagram lexer treats as keywords (a bare state with one of these names breaks the diagram). */
const KEYWORDS = new Set([
  'state',
  'note',
  'class',
  'classdef',
  'style',
  'end',
  'default',
  'direction',
  'as',
  'left',
  'right',
  'of',
  'click',
  'hide',
  'empty',
  'description',
  'fork',
  'join',
  'choice',
  'concurrent',
  'accdescr',
  'acctitle',
  'scale',
  'width',
]);

export interface StateDiagram {
  states: Map<string, string>;
  transitions: { from: string; to: string; label: string }[];
}

export function parseStateDiagram(text: string): StateDiagram {
  const lines = text.split('\n');
  if (lines[0] !== 'stateDiagram-v2')
    throw new Error(`line 1: expected "stateDiagram-v2", got ${JSON.stringify(lines[0])}`);
  const states = new Map<string, string>();
  const transitions: StateDiagram['transitions'] = [];
  const checkId = (id: string, at: string) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(id))
      throw new Error(`${at}: ${JSON.stringify(id)} is not a state identifier`);
    if (KEYWORDS.has(id.toLowerCase())) throw new Error(`${at}: ${JSON.stringify(id)} is a Mermaid keyword`);
  };
  lines.slice(1).forEach((line, i) => {
    const at = `line ${i + 2}`;
    const declared = /^ {2}state "([^"\n;]+)" as (\S+)$/.exec(line);
    if (declared) {
      checkId(declared[2]!, at);
      if (states.has(declared[2]!)) throw new Error(`${at}: state ${declared[2]} declared twice`);
      states.set(declared[2]!, declared[1]!);
      return;
    }
    const arrow = /^ {2}(\[\*\]|\S+) --> (\[\*\]|\S+)(?:: ([^;\n"]+))?$/.exec(line);
    if (arrow) {
      for (const end of [arrow[1]!, arrow[2]!]) {
        if (end === '[*]') continue;
        checkId(end, at);
        if (!states.has(end)) throw new Error(`${at}: state ${end} is used before it is declared`);
      }
      transitions.push({ from: arrow[1]!, to: arrow[2]!, label: arrow[3] ?? '' });
      return;
    }
    throw new Error(`${at}: not a state declaration or a transition: ${JSON.stringify(line)}`);
  });
  return { states, transitions };
}

/** The body of every ```mermaid block of a Markdown text. */
export function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```mermaid\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
}
