/**
 * Mermaid's own parser on Node: it needs a DOM (DOMPurify hooks into `window` when the module loads), so jsdom
 * provides one. Used only to check the diagrams of the generated docs. The DOM globals exist only while Mermaid
 * runs: test files share a worker, and a global `window` makes other code (swagger-parser's path resolution, the
 * client's browser check) believe it runs in a browser.
 */
import { JSDOM } from 'jsdom';

type Mermaid = { initialize(config: object): void; parse(text: string): Promise<unknown> };
let loaded: Promise<Mermaid> | undefined;
const dom = new JSDOM('<!doctype html><html><body></body></html>');

async function withDom<T>(fn: () => Promise<T>): Promise<T> {
  const g = globalThis as Record<string, unknown>;
  const saved = { window: g.window, document: g.document };
  Object.assign(g, { window: dom.window, document: dom.window.document });
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete g[key];
      else g[key] = value;
    }
  }
}

async function load(): Promise<Mermaid> {
  const { default: mermaid } = (await import('mermaid')) as unknown as { default: Mermaid };
  mermaid.initialize({ startOnLoad: false });
  return mermaid;
}

/** Resolves when Mermaid parses the diagram; rejects with Mermaid's message otherwise. */
export async function mermaidParse(text: string): Promise<void> {
  await withDom(async () => {
    loaded ??= load();
    await (await loaded).parse(text);
  });
}
