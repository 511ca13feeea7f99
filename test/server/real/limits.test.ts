/**
 * Every documented limit of the real spec, derived mechanically from the IR: for each operation, each node of its
 * request body (JSON, and the top-level fields of multipart bodies), query and header parameters, and each of its
 * constraints (bounds, lengths, item and property counts, enum, const, pattern, format, required,
 * additionalProperties), a request just inside reaches the handler and one just outside gets 400 whose envelope
 * names the field by JSON pointer. ajv, compiled from the same bundled document, is the oracle that a generated
 * value really is inside/outside (cases it cannot confirm are listed in the last test, not silently dropped).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestBodyContent } from '../../../generator/ir/body.ts';
import type { Operation } from '../../../generator/ir/operation.ts';
import type { TypeNode } from '../../../generator/ir/schema.ts';
import type { Running } from '../helpers.ts';
import { validRequest } from './requests.ts';
import { along, bounds, sites, type Step } from './values.ts';
import { errorPaths, nodeOracle, operations, oracle, send, start, values } from './shared.ts';

interface Case {
  name: string;
  op: Operation;
  content?: RequestBodyContent;
  /** Where the request puts the value. */
  where: 'body' | 'query' | 'header';
  param?: string;
  /** The pointers the 400 may name: the field itself, or (inside a union variant) the union. */
  pointers: string[];
  inside?: unknown;
  outside: unknown;
}

const cases: Case[] = [];
const unconfirmed: string[] = [];
const keys = new Set<string>();

function unionPointers(root: string, steps: Step[]): string[] {
  // Pointers of the unions on the way: a value failing every variant is reported at the union.
  const out: string[] = [];
  let p = root;
  for (const s of steps) {
    if ('variant' in s) out.push(p);
    if ('prop' in s) p += `/${s.prop.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if ('item' in s) p += '/0';
  }
  return out;
}

for (const op of operations) {
  for (const content of op.requestBody?.contents ?? []) {
    const multipart = content.kind === 'multipart';
    const ok = content.kind === 'json' ? oracle(op, content.mediaType) : undefined;
    for (const site of sites(values, content.type)) {
      // Multipart bodies: top-level fields (and items of top-level arrays) only; nested values travel as JSON text.
      const props = site.steps.filter((s) => 'prop' in s).length;
      if (
        multipart &&
        (props !== 1 || site.steps.some((s) => 'variant' in s || 'member' in s) || site.steps.length > 2)
      )
        continue;
      if (multipart && site.steps.length === 2 && !('item' in site.steps[1]!)) continue;
      for (const b of bounds(values, site.node)) {
        const target = b.constraint.startsWith('required ')
          ? `/body${site.pointer}/${b.constraint.slice(9)}`
          : `/body${site.pointer}`;
        const key = `${op.operationId}|${content.mediaType}|${target}|${b.constraint}|${JSON.stringify(b.outside)}`;
        if (keys.has(key)) continue;
        keys.add(key);
        const name = `${op.operationId} [${content.mediaType}] ${target || '/body'}: ${b.constraint}`;
        const inside =
          b.inside === undefined ? undefined : along(values, content.type, site.steps, b.inside, multipart);
        const outside = along(values, content.type, site.steps, b.outside, multipart);
        if (ok && inside !== undefined && !ok(inside)) {
          unconfirmed.push(`${name}: generated inside value not valid per ajv`);
          continue;
        }
        if (ok?.(outside)) {
          unconfirmed.push(`${name}: outside value still valid per ajv (constraint of an alternative)`);
          continue;
        }
        cases.push({
          name,
          op,
          content,
          where: 'body',
          pointers: [target, ...unionPointers('/body', site.steps)],
          inside,
          outside,
        });
      }
    }
  }
  for (const p of op.parameters) {
    if (p.in !== 'query' && p.in !== 'header') continue;
    const node: TypeNode = values.resolve(p.type);
    const check = nodeOracle(p.type);
    for (const b of bounds(values, node)) {
      const where = p.in === 'query' ? 'query' : 'header';
      const target = `/${p.in === 'query' ? 'query' : 'headers'}/${p.name}`;
      const name = `${op.operationId} ${target}: ${b.constraint}`;
      if (b.inside !== undefined && !check(b.inside)) {
        unconfirmed.push(`${name}: inside value not valid per ajv`);
        continue;
      }
      // Header values are latin-1 on the wire; fetch refuses others.
      if (where === 'header' && typeof b.outside === 'string' && /[^\x00-\xff]|[\r\n]/.test(b.outside))
        b.outside = 'caf\u00e9';
      // X-Client-Request-Id is checked before routing; its envelope names the header (param) rather than a pointer.
      cases.push({
        name,
        op,
        where,
        param: p.name,
        pointers: [target, p.name],
        inside: b.inside,
        outside: b.outside,
      });
    }
  }
}

let srv: Running;
const reached = new Set<string>();
beforeAll(async () => {
  const handlers: Record<string, (input: never) => unknown> = {};
  for (const op of operations)
    handlers[op.operationId] = (input: never) => {
      reached.add((input as { requestId: string }).requestId);
      return {};
    };
  srv = await start(handlers);
});
afterAll(async () => srv.close());

function request(c: Case, value: unknown) {
  if (c.where === 'body') return { body: value, content: c.content };
  // Parameters travel with the operation's valid body.
  const { body, content } = validRequest(c.op);
  if (c.where === 'query') return { query: { [c.param!]: value }, body, content };
  return { headers: { [c.param!]: String(value) }, body, content };
}

describe('every limit of the real spec: just inside passes, just outside is 400 naming the field', () => {
  for (const c of cases) {
    // oxlint-disable-next-line vitest/valid-title -- a string (the table's type says so); the rule does not read types
    it(c.name, async () => {
      if (c.inside !== undefined) {
        const r = await send(srv.url, c.op, request(c, c.inside));
        expect(r.status, `inside: ${r.text}`).toBe(200);
        expect(reached.has(r.headers.get('x-request-id')!)).toBe(true);
      }
      const r = await send(srv.url, c.op, request(c, c.outside));
      expect(r.status, `outside: ${r.text}`).toBe(400);
      const named = errorPaths(r);
      expect(
        named.some((p) => c.pointers.includes(p)),
        `envelope names ${c.pointers.join(' or ')}: ${named.join(', ')}`,
      ).toBe(true);
    });
  }
});

it('lists the derived cases and what the oracle could not confirm', () => {
  const ops = new Set(cases.map((c) => c.op.operationId));
  console.log(
    `limit cases: ${cases.length} over ${ops.size} operations; not confirmable by ajv: ${unconfirmed.length}\n  ${unconfirmed.join('\n  ')}`,
  );
  expect(cases.length).toBeGreaterThan(100);
});
