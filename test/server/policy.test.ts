/**
 * The admin-key rule is the API's own policy, from the codegen config (`adminKeys`) or the `adminOperations`
 * option, not the runtime's: over real loopback HTTP, a server generated with our config refuses admin keys with
 * the config's message, the option opens operations to them, and a server generated without the rule lets an
 * admin key through like any principal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture } from '../validators/fixture.ts';
import { listen, type Running } from './helpers.ts';

const PRINCIPALS: Record<string, { kind: string }> = {
  sk: { kind: 'api_key' },
  admin: { kind: 'admin_key' },
};
const handlers = {
  createEmbedding: () => ({ object: 'list', model: 'm', data: [] }),
  listThings: () => ({ object: 'list', data: [], has_more: false }),
};
const authenticate = (token: string) => PRINCIPALS[token];
const running: Running[] = [];
let ours: any;
let plain: any;

beforeAll(async () => {
  ours = await import(`${await generateFixture('policy-ours')}/server/index.ts`);
  plain = await import(`${await generateFixture('policy-plain', undefined, ['server'], {})}/server/index.ts`);
});
afterAll(async () => {
  for (const r of running) await r.close();
});

async function serve(mod: any, options: Record<string, unknown> = {}): Promise<Running> {
  const r = await listen(mod.createServer(handlers, { authenticate, ...options }).node);
  running.push(r);
  return r;
}

async function call(srv: Running, token: string, method: 'POST' | 'GET', path: string) {
  const res = await fetch(`${srv.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify({ model: 'm', input: 'x' }) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

describe('the admin-key policy', () => {
  it('our config refuses admin keys on every operation, with its message', async () => {
    const srv = await serve(ours);
    const refused = await call(srv, 'admin', 'POST', '/embeddings');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'admin_key_not_allowed',
      type: 'permission_error',
      message: 'Admin API keys are only accepted by Administration endpoints.',
    });
    expect((await call(srv, 'sk', 'POST', '/embeddings')).status).toBe(200);
  });

  it('the adminOperations option names the operations admin keys may call', async () => {
    const srv = await serve(ours, { adminOperations: ['listThings'] });
    expect((await call(srv, 'admin', 'GET', '/things')).status).toBe(200);
    expect((await call(srv, 'admin', 'POST', '/embeddings')).status).toBe(403);
  });

  it('without the config rule an admin key is like any principal, and the option alone turns the rule on', async () => {
    expect((await call(await serve(plain), 'admin', 'POST', '/embeddings')).status).toBe(200);
    const refused = await call(await serve(plain, { adminOperations: [] }), 'admin', 'POST', '/embeddings');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Admin keys are not accepted by createEmbedding.');
  });
});
