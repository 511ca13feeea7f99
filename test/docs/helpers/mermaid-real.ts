/**
 * Mermaid's own parser on Node: it needs a DOM (DOMPurify hooks into `window` when the module loads), so jsdom
 * provides one before the import. Used only to check the diagrams of the generated docs.
 */
import { JSDOM } from 'jsdom';

type Mermaid = { initialize(config: object): void; parse(text: string): Promise<unknown> };
let loaded: Promise<Mermaid> | undefined;

async function load(): Promise<Mermaid> {
  const dom = new JSDOM('<!doctype html><html><body></body></html>');
  Object.assign(globalThis, { window: dom.window, document: dom.window.document });
  const { default: mermaid } = (await import('mermaid')) as unknown as { default: Mermaid };
  mermaid.initialize({ startOnLoad: false });
  return mermaid;
}

/** Resolves when Mermaid parses the diagram; rejects with Mermaid's message otherwise. */
export async function mermaidParse(text: string): Promise<void> {
  loaded ??= load();
  await (await loaded).parse(text);
}
