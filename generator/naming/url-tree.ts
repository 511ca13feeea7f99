/**
 * Pure helpers of the URL-tree rule under `auto` (README, "SDK naming"): the scopes an API's paths start from, the
 * vendor's name in a title.
 */
import { words } from './case.ts';

/**
 * The scopes of an API's paths: a first resource and its parameter (`/accounts/{account_id}`) that at least a quarter
 * of the paths (and at least 20) start from, with at least five different resources below it. An API scoped so can
 * have several kinds of owner (Cloudflare's accounts and zones): then any other first resource and parameter with five
 * or more resources below it is a scope too (`/zones/{zone_id}`).
 */
export function scopesOf(paths: string[]): Set<string> {
  const below = new Map<string, { paths: number; resources: Set<string> }>();
  for (const path of paths) {
    const m = SCOPE.exec(path);
    if (!m) continue;
    const key = scopeKey(m[1]!);
    const scope = below.get(key) ?? { paths: 0, resources: new Set<string>() };
    scope.paths++;
    scope.resources.add(m[2]!);
    below.set(key, scope);
  }
  const unique = new Set(paths).size;
  const owners = [...below].filter(([, s]) => s.resources.size >= 5);
  const scoped = owners.some(([, s]) => s.paths >= 20 && s.paths * 4 >= unique);
  return new Set(scoped ? owners.map(([key]) => key) : []);
}

/** A path's first resource and its parameter, after a version (`/2010-04-01/Accounts/{AccountSid}`), and what follows. */
const SCOPE = /^((?:\/(?:\d{4}-\d{2}-\d{2}|v\d+[^/]*))?\/[A-Za-z][\w-]*\/\{[^}]+\})\/([A-Za-z][\w-]*)/;
/** One scope whatever its parameter is called (`/accounts/{account_id}`, `/accounts/{account_identifier}`). */
const scopeKey = (prefix: string) => prefix.replace(/\{[^}]+\}/g, '{}');

/** The scope a path starts from, as written in the path (`/accounts/{account_id}`), when it is one of `scopes`. */
export function scopeOf(path: string, scopes: ReadonlySet<string>): string | undefined {
  const m = SCOPE.exec(path);
  return m && scopes.has(scopeKey(m[1]!)) ? m[1] : undefined;
}

/** The vendor's name from the API's title, in lower-case words: "Twilio - Api" → `['twilio']`. */
export function vendorWords(title: string): string[] {
  const first = words(title)[0]?.toLowerCase();
  return first && !/^(api|the|open)$/.test(first) ? [first] : [];
}
