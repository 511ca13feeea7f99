/**
 * The route matcher, built once from the shared operation table (protocol/operations.ts): a path's segments are
 * split on `/` and tried against the routes with as many segments, literal segments before parameters position by
 * position (`/videos/characters` before `/videos/{video_id}`), a parameter with a literal prefix or suffix in its
 * segment (`{Sid}.json`) before a bare one, then in path order.
 */
import type { OperationFacts } from '../../protocol/operation.js';
import type { RouteMatch } from '../core/types.js';
import { bag } from '../request/fields.js';

interface Route {
  path: string;
  /**
   * Per segment: the literal it must equal, or the parameter it binds (a non-empty value between the segment's
   * literal `prefix` and `suffix`, both usually empty).
   */
  segments: ({ literal: string } | { param: string; prefix: string; suffix: string })[];
  /** HTTP method → operationId, methods in alphabetical order (the `Allow` header lists them so). */
  methods: Record<string, string>;
}

export function routerOf(
  operations: Readonly<Record<string, OperationFacts>>,
): (path: string) => RouteMatch | undefined {
  const byPath = new Map<string, Route>();
  for (const id in operations) {
    const op = operations[id]!;
    // Reached through the operation its method and path are routed to, which tries it in turn (pipeline/handler.ts).
    if (op.routedVia !== undefined) continue;
    let route = byPath.get(op.path);
    if (route === undefined) {
      const segments = op.path
        .split('/')
        .slice(1)
        .map((s) => {
          const m = PARAM_SEGMENT.exec(s);
          // `?` in a path key's literal text arrives percent-encoded (a path never holds `#`: protocol/operation.ts).
          const lit = (t: string) => t.replace(/\?/g, '%3F');
          return m ? { param: m[2]!, prefix: lit(m[1]!), suffix: lit(m[3]!) } : { literal: lit(s) };
        });
      route = { path: op.path, segments, methods: {} };
      byPath.set(op.path, route);
    }
    route.methods[op.method] = id;
  }
  // By segment count (as `path.split('/')` counts them), each group most specific first.
  const byLength = new Map<number, Route[]>();
  const rank = (r: Route) =>
    r.segments.map((seg) => ('literal' in seg ? '0' : seg.prefix || seg.suffix ? '1' : '2')).join('');
  for (const route of [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    route.methods = Object.fromEntries(Object.entries(route.methods).sort(([a], [b]) => (a < b ? -1 : 1)));
    const length = route.segments.length + 1;
    byLength.set(length, [...(byLength.get(length) ?? []), route]);
  }
  for (const group of byLength.values())
    group.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : a.path < b.path ? -1 : 1));
  // Per segment count, the routes by their first segment's literal, and those whose first segment is a parameter
  // (which come after them, by rank): a path is tried only against routes that can match its first segment.
  const compiled = new Map<number, { byFirst: Map<string, Compiled[]>; paramFirst: Compiled[] }>();
  for (const [length, group] of byLength) {
    const byFirst = new Map<string, Compiled[]>();
    const paramFirst: Compiled[] = [];
    for (const r of group) {
      const c: Compiled = {
        literalAt: [],
        literals: [],
        paramAt: [],
        params: [],
        prefixes: [],
        suffixes: [],
        methods: r.methods,
      };
      r.segments.forEach((seg, i) => {
        if ('literal' in seg) {
          c.literalAt.push(i + 1);
          c.literals.push(seg.literal);
        } else {
          c.paramAt.push(i + 1);
          c.params.push(seg.param);
          c.prefixes.push(seg.prefix);
          c.suffixes.push(seg.suffix);
        }
      });
      const first = r.segments[0]!;
      if ('literal' in first) byFirst.set(first.literal, [...(byFirst.get(first.literal) ?? []), c]);
      else paramFirst.push(c);
    }
    compiled.set(length, { byFirst, paramFirst });
  }
  return (path) => {
    const s = path.split('/');
    const group = compiled.get(s.length);
    if (group === undefined) return undefined;
    return matchIn(group.byFirst.get(s[1]!), s) ?? (s[1] === '' ? undefined : matchIn(group.paramFirst, s));
  };
}

/** A route with the positions to compare and to bind, so a match is flat loops. */
interface Compiled {
  literalAt: number[];
  literals: string[];
  paramAt: number[];
  params: string[];
  prefixes: string[];
  suffixes: string[];
  methods: Record<string, string>;
}

/** `{name}`, with any literal text before and after it in the segment. */
const PARAM_SEGMENT = /^([^{}]*)\{([^{}]+)\}([^{}]*)$/;

function matchIn(routes: Compiled[] | undefined, s: string[]): RouteMatch | undefined {
  if (routes === undefined) return undefined;
  next: for (const route of routes) {
    const { literalAt, literals, paramAt, prefixes, suffixes } = route;
    for (let i = 0; i < literalAt.length; i++) if (s[literalAt[i]!] !== literals[i]) continue next;
    for (let i = 0; i < paramAt.length; i++) {
      const v = s[paramAt[i]!]!;
      const pre = prefixes[i]!;
      const suf = suffixes[i]!;
      if (v.length <= pre.length + suf.length || !v.startsWith(pre) || !v.endsWith(suf)) continue next;
    }
    const params = bag<string>();
    for (let i = 0; i < paramAt.length; i++) {
      const v = s[paramAt[i]!]!;
      params[route.params[i]!] = v.slice(prefixes[i]!.length, v.length - suffixes[i]!.length);
    }
    return { methods: route.methods, params };
  }
  return undefined;
}
