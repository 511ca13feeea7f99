/**
 * scripts/openai-node/prism-unchecked.ts: which request bodies Prism lets through unchecked, read with Prism's own
 * loader and ajv, and which operation a request addresses (a literal segment before a parameter). The finding is
 * confirmed against Prism itself: it answers a body of the wrong type on that operation, and refuses one elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prismCommand, startServer, stop, type Running } from '../../scripts/bench/servers.ts';
import { operationAt, prismBodies, type PrismBody } from '../../scripts/openai-node/prism-unchecked.ts';

const SPEC = 'test/fixtures/prism-unchecked/openapi.yaml';
let bodies: PrismBody[];
let prism: Running;

beforeAll(async () => {
  bodies = await prismBodies(SPEC);
  prism = await startServer(prismCommand(SPEC), async (base) => {
    await (await fetch(`${base}/threads`, { method: 'POST' })).arrayBuffer();
    return true;
  });
});
afterAll(async () => {
  await stop(prism.proc);
});

const post = (path: string, body: unknown) =>
  fetch(`${prism.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe("Prism's unchecked request bodies", () => {
  it('names the operation ajv cannot compile, with its reason, and no other', () => {
    expect(bodies.filter((b) => b.unchecked)).toEqual([
      { method: 'POST', path: '/threads/runs', unchecked: '"nullable" cannot be used without "type"' },
    ]);
  });

  it('is what Prism does: a wrong body passes on that operation and is refused on another', async () => {
    expect((await post('/threads/runs', { model: 5 })).status).toBe(200);
    expect((await post('/threads', { name: 5 })).status).toBe(422);
  });

  it('finds the operation a request addresses, a literal segment before a parameter', () => {
    expect(operationAt(bodies, 'post', '/threads/runs')?.path).toBe('/threads/runs');
    expect(operationAt(bodies, 'POST', '/threads/thr_1')?.path).toBe('/threads/{thread_id}');
    expect(operationAt(bodies, 'GET', '/threads/thr_1')).toBeUndefined();
    expect(operationAt(bodies, 'POST', '/threads/')).toBeUndefined();
  });
});
