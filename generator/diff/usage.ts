import type { Api } from '../ir/api.ts';
import type { TypeNode } from '../ir/schema.ts';
import { refsOf } from '../ir/walk.ts';
import type { Position } from './types.ts';

export interface SchemaUsage {
  /** Schema name → positions it is used in. */
  positions: Map<string, Set<Position>>;
  /** Schema name → operationIds and `webhook <name>`s that reach it. */
  users: Map<string, Set<string>>;
}

export function schemaUsage(api: Api): SchemaUsage {
  const byName = new Map(api.schemas.map((s) => [s.name, s]));
  const out = new Map<string, Set<Position>>();
  const users = new Map<string, Set<string>>();
  // Each schema's own references, walked once (a large spec reaches the same schemas from hundreds of operations).
  const direct = new Map<string, string[]>();
  const refsOfSchema = (name: string): string[] => {
    let refs = direct.get(name);
    if (!refs) {
      const schema = byName.get(name);
      refs = schema ? [...refsOf(schema.type)] : [];
      direct.set(name, refs);
    }
    return refs;
  };
  let user = '';
  const mark = (node: TypeNode, position: Position) => {
    const queue = [...refsOf(node)];
    const seen = new Set<string>();
    while (queue.length) {
      const name = queue.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      users.set(name, (users.get(name) ?? new Set()).add(user));
      out.set(name, (out.get(name) ?? new Set<Position>()).add(position));
      queue.push(...refsOfSchema(name));
    }
  };
  for (const op of api.operations) {
    user = op.operationId;
    for (const p of op.parameters) mark(p.type, 'request');
    for (const c of op.requestBody?.contents ?? []) mark(c.type, 'request');
    for (const r of op.responses) {
      for (const h of r.headers) mark(h.type, 'response');
      for (const c of r.contents) {
        if (c.type) mark(c.type, 'response');
        for (const e of c.sse?.events ?? []) mark(e.type, 'response');
      }
    }
  }
  // Webhook deliveries are received by the client's receiver: event data, like a response.
  for (const w of api.webhooks) {
    user = `webhook ${w.name}`;
    for (const h of w.headers) mark(h.type, 'response');
    for (const c of w.body?.contents ?? []) mark(c.type, 'response');
  }
  return { positions: out, users };
}

/** Positions of a schema across both versions; a schema used nowhere is judged both ways. */
export function positionsOf(
  name: string,
  base: Map<string, Set<Position>>,
  head: Map<string, Set<Position>>,
): Position[] {
  const set = new Set([...(base.get(name) ?? []), ...(head.get(name) ?? [])]);
  const list = (['request', 'response'] as const).filter((p) => set.has(p));
  return list.length ? list : ['request', 'response'];
}
