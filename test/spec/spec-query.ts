/**
 * Read-only queries over a BUNDLED OpenAPI document (local `#/...` refs only), for the inventory test.
 * See test/spec/inventory.ts for the lookup rules these implement.
 */
import type { EnumLocation, Seg } from './inventory.ts';

export type Json = any;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const isObject = (v: unknown): v is Record<string, Json> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export interface Op {
  operationId: string | undefined;
  method: string;
  path: string;
  op: Json;
  item: Json;
}

export interface Walked {
  /** Schemas reached at the end of the path (before looking into their branches for values). */
  reached: Json[];
  /** Where the walk stopped, with the properties available there. */
  stopped?: { at: Seg[]; available: string[] };
}

export interface ValueSet {
  values: unknown[];
  /** A plain-string branch (no enum/const) was met: "known values, any string accepted". */
  open: boolean;
}

export class SpecQuery {
  constructor(readonly doc: Json) {}

  deref(node: Json): Json {
    let cur = node;
    for (let i = 0; i < 50 && isObject(cur) && typeof cur.$ref === 'string'; i++) {
      const ref: string = cur.$ref;
      if (!ref.startsWith('#')) throw new Error(`non-local $ref in the bundled spec: ${ref}`);
      cur = this.at(ref);
      if (cur === undefined) throw new Error(`unresolved $ref ${ref}`);
    }
    return cur;
  }

  at(pointer: string): Json {
    if (pointer === '#' || pointer === '') return this.doc;
    let cur: Json = this.doc;
    for (const raw of pointer.replace(/^#\//, '').split('/')) {
      const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(cur) && !Array.isArray(cur)) return undefined;
      cur = (cur as Json)[seg];
    }
    return cur;
  }

  operations(): Op[] {
    const out: Op[] = [];
    for (const [p, rawItem] of Object.entries<Json>(this.doc.paths ?? {})) {
      if (p.startsWith('x-')) continue;
      const item = this.deref(rawItem);
      for (const m of METHODS) {
        if (isObject(item?.[m]))
          out.push({ operationId: item[m].operationId, method: m, path: p, op: item[m], item });
      }
    }
    return out;
  }

  operation(id: string): Op | undefined {
    return this.operations().find((o) => o.operationId === id);
  }

  /** The schema, and recursively the members of its allOf/anyOf/oneOf, each dereferenced (no duplicates). */
  expand(node: Json, out: Json[] = []): Json[] {
    const n = this.deref(node);
    if (!isObject(n) || out.includes(n)) return out;
    out.push(n);
    for (const k of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(n[k])) for (const b of n[k]) this.expand(b, out);
    return out;
  }

  walk(root: Json, path: Seg[]): Walked {
    let cur: Json[] = [root];
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!;
      const next: Json[] = [];
      const available = new Set<string>();
      for (const node of cur) {
        for (const n of this.expand(node)) {
          let child: Json;
          if (seg === '[]') child = n.items;
          else if (seg === '{}')
            child = isObject(n.additionalProperties) ? n.additionalProperties : undefined;
          else child = isObject(n.properties) ? n.properties[seg] : undefined;
          if (isObject(n.properties)) Object.keys(n.properties).forEach((k) => available.add(k));
          if (n.items !== undefined) available.add('[]');
          if (isObject(n.additionalProperties)) available.add('{}');
          if (child !== undefined) {
            const d = this.deref(child);
            if (!next.includes(d)) next.push(d);
          }
        }
      }
      if (next.length === 0)
        return { reached: [], stopped: { at: path.slice(0, i + 1), available: [...available].sort() } };
      cur = next;
    }
    return { reached: cur };
  }

  values(leaves: Json[]): ValueSet {
    const values: unknown[] = [];
    let open = false;
    const add = (v: unknown) => {
      if (v !== null && !values.some((x) => JSON.stringify(x) === JSON.stringify(v))) values.push(v);
    };
    for (const leaf of leaves) {
      for (const n of this.expand(leaf)) {
        if ('const' in n) add(n.const);
        else if (Array.isArray(n.enum)) n.enum.forEach(add);
        else if (!n.anyOf && !n.oneOf && !n.allOf) {
          const types = typeof n.type === 'string' ? [n.type] : Array.isArray(n.type) ? n.type : [];
          if (types.includes('string')) open = true;
        }
      }
    }
    return { values, open };
  }

  /** [media type, schema] of the request body, or of the response with that status. */
  media(o: Op, where: 'request' | 'response', status = '200'): [string, Json][] {
    const holder = where === 'request' ? this.deref(o.op.requestBody) : this.deref(o.op.responses?.[status]);
    if (!isObject(holder) || !isObject(holder.content)) return [];
    return Object.entries<Json>(holder.content)
      .filter(([, m]) => isObject(m) && m.schema !== undefined)
      .map(([mt, m]) => [mt, m.schema]);
  }

  /** The parameter named `name`, or undefined (`Json` is `any`, so the type cannot say so). */
  parameter(o: Op, name: string): Json {
    const all = [...(o.item.parameters ?? []), ...(o.op.parameters ?? [])].map((p: Json) => this.deref(p));
    return all.reverse().find((p: Json) => p?.name === name);
  }

  /** Value sets of an enum location: one per media type that reaches the path (or one for a parameter). */
  locate(where: EnumLocation): { found: { label: string; set: ValueSet }[]; misses: string[] } {
    const o = this.operation(where.operationId);
    if (!o) return { found: [], misses: [`operation ${where.operationId} is not in the spec`] };
    if (where.in === 'parameter') {
      const p = this.parameter(o, where.name);
      if (!p) return { found: [], misses: [`${where.operationId} has no parameter \`${where.name}\``] };
      return { found: [{ label: `parameter ${where.name}`, set: this.values([p.schema]) }], misses: [] };
    }
    const media = this.media(o, where.in, where.in === 'response' ? where.status : undefined);
    if (media.length === 0)
      return { found: [], misses: [`${where.operationId} has no ${where.in} body schema`] };
    const paths = [where.path, ...(where.alternatives ?? [])];
    const misses: string[] = [];
    for (const path of paths) {
      const found: { label: string; set: ValueSet }[] = [];
      for (const [mt, schema] of media) {
        const w = this.walk(schema, path);
        if (w.reached.length > 0)
          found.push({ label: `${where.in} ${mt} ${path.join('.')}`, set: this.values(w.reached) });
        else
          misses.push(
            `${where.in} ${mt}: no \`${w.stopped!.at.join('.')}\` (available there: ${w.stopped!.available.join(', ') || 'nothing'})`,
          );
      }
      if (found.length > 0) return { found, misses: [] };
    }
    return { found: [], misses };
  }
}

/** Seconds of an ISO 8601 duration (PnW, PnDTnHnMnS). */
export function durationSeconds(text: string): number | undefined {
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return undefined;
  const [, w, d, h, min, s] = m;
  return (
    Number(w ?? 0) * 604800 +
    Number(d ?? 0) * 86400 +
    Number(h ?? 0) * 3600 +
    Number(min ?? 0) * 60 +
    Number(s ?? 0)
  );
}
