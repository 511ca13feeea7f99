/**
 * A client built in a web page exposes its API key to every visitor, so construction there is refused unless
 * the caller opts in (`dangerouslyAllowBrowser: true`, as openai-node names it): for a key that is meant to be
 * public, or a proxy that swaps it. Node, Deno, Bun and workers have no `document`, so they are not browsers.
 */
export function isBrowser(): boolean {
  const g = globalThis as { document?: unknown; navigator?: unknown };
  return typeof g.document === 'object' && g.document !== null && typeof g.navigator === 'object';
}
