/**
 * A stranger's API through the emulator, as a frontend team would use it on day one: the helpdesk fixture
 * (test/fixtures/helpdesk/: projects → tickets → comments and attachments, tickets created under their project and
 * addressed at `/tickets/{ticket_id}`, a lifecycle with a body on its transitions, an `Idempotency-Key` header,
 * cursor paging, a declared `ticket.resolved` webhook) served by the `emulate` command over HTTP. Judged by
 * oracles we did not write: ajv against the spec's own schemas, the path parameters' patterns and formats, and the
 * `standardwebhooks` package for the signatures.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oracleOf, type Oracle } from './oracle.ts';
import { send, serve, until, type Served } from './serve.ts';

const SPEC = 'test/fixtures/helpdesk/openapi.yaml';
const SECRET = `whsec_${Buffer.from('helpdesk-webhook-secret-0123456789').toString('base64')}`;
const PATTERNS: Record<string, RegExp> = {
  project_id: /^prj_[A-Za-z0-9]+$/,
  ticket_id: /^tkt_[A-Za-z0-9]+$/,
  comment_id: /^cmt_[A-Za-z0-9]+$/,
  attachment_id: /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
};

type Obj = Record<string, unknown>;
let served: Served;
let oracle: Oracle;
let receiver: Server;
/** Every delivery attempt; the first is answered 500, so it is retried. */
const received: { headers: Record<string, string>; body: string; status: number }[] = [];
/** Every answer, with the spec's path template it answered, for the oracle. */
const answers: { method: string; template: string; status: number; body: unknown }[] = [];

beforeAll(async () => {
  oracle = await oracleOf(SPEC);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const status = received.length === 0 ? 500 : 204;
      received.push({ headers: req.headers as Record<string, string>, body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const dir = mkdtempSync(path.join(tmpdir(), 'helpdesk-'));
  const config = path.join(dir, 'emulator.json');
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  writeFileSync(config, JSON.stringify({ webhooks: [{ url: hook, secret: SECRET }], webhookRetryMs: 20 }));
  served = await serve(SPEC, ['--config', config]);
});
afterAll(async () => {
  await served.close();
  await new Promise((r) => receiver.close(r));
});

/** Sends a request to the path template with its parameters, records the answer and returns its JSON body. */
async function call(
  method: string,
  template: string,
  params: Obj = {},
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Obj }> {
  const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([k, v]) => !template.includes(`{${k}}`) && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const res = await send(`${served.base}${url}${query.size ? `?${query}` : ''}`, method, body, headers);
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : undefined) as Obj;
  answers.push({ method, template, status: res.status, body: parsed });
  return { status: res.status, body: parsed };
}

const created = async (method: string, template: string, params: Obj, body: Obj, headers = {}) => {
  const res = await call(method, template, params, body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

/** Every item of a cursor-paged list under `template`, page by page; `between` runs after each page. */
async function all(template: string, params: Obj, limit = 2, between?: () => Promise<void>): Promise<Obj[]> {
  const items: Obj[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await call('GET', template, { ...params, limit, cursor });
    expect(res.status).toBe(200);
    items.push(...(res.body.data as Obj[]));
    cursor = (res.body.next_cursor as string | null) ?? undefined;
    if (!cursor) return items;
    await between?.();
  }
  throw new Error(`${template}: more than 100 pages`);
}
const ids = (items: Obj[]) => items.map((i) => i.id);

describe('the helpdesk spec through the emulator', () => {
  const state: { projects: Obj[]; tickets: Obj[] } = { projects: [], tickets: [] };

  it('a ticket created under its project is a ticket: its own address, listed under its project and in /tickets', async () => {
    const a = await created('POST', '/projects', {}, { name: 'Website', description: 'The public site' });
    const b = await created('POST', '/projects', {}, { name: 'Mobile', visibility: 'internal' });
    expect(a).toMatchObject({ name: 'Website', description: 'The public site' });
    expect(b).toMatchObject({ name: 'Mobile', visibility: 'internal' });
    state.projects.push(a, b);
    const sent = [
      {
        project: a,
        body: { title: 'Login fails', priority: 'high', description: 'On Safari', tags: ['auth'] },
      },
      { project: a, body: { title: 'Typo on home page', priority: 'low' } },
      { project: b, body: { title: 'Crash on start', priority: 'urgent', tags: ['ios', 'crash'] } },
      { project: a, body: { title: 'Slow search', priority: 'normal' } },
    ];
    for (const { project, body } of sent) {
      const ticket = await created(
        'POST',
        '/projects/{project_id}/tickets',
        { project_id: project.id },
        body,
      );
      expect(ticket).toMatchObject({ ...body, project_id: project.id, status: 'open' });
      expect(ticket.id).toMatch(PATTERNS.ticket_id!);
      expect((await call('GET', '/tickets/{ticket_id}', { ticket_id: ticket.id })).body).toEqual(ticket);
      state.tickets.push(ticket);
    }
    const [t1, t2, t3, t4] = state.tickets as [Obj, Obj, Obj, Obj];
    expect(ids(await all('/projects', {}))).toEqual([a.id, b.id]);
    expect(ids(await all('/projects/{project_id}/tickets', { project_id: a.id }))).toEqual([
      t1.id,
      t2.id,
      t4.id,
    ]);
    expect(ids(await all('/projects/{project_id}/tickets', { project_id: b.id }))).toEqual([t3.id]);
    expect(ids(await all('/tickets', {}))).toEqual([t1.id, t2.id, t3.id, t4.id]);
    // A project that does not exist holds nothing and takes nothing.
    expect((await call('GET', '/projects/{project_id}/tickets', { project_id: 'prj_none' })).status).toBe(
      404,
    );
    const orphan = { title: 'Nowhere', priority: 'low' };
    expect(
      (await call('POST', '/projects/{project_id}/tickets', { project_id: 'prj_none' }, orphan)).status,
    ).toBe(404);
    expect((await call('GET', '/tickets/{ticket_id}', { ticket_id: 'tkt_none' })).status).toBe(404);
  });

  it('comments and attachments are items of their own, under their ticket', async () => {
    const [t1, t2] = state.tickets as [Obj, Obj];
    const c1 = await created(
      'POST',
      '/tickets/{ticket_id}/comments',
      { ticket_id: t1.id },
      { body: 'Seen on 17.2', author: 'ana@example.com' },
    );
    const c2 = await created(
      'POST',
      '/tickets/{ticket_id}/comments',
      { ticket_id: t1.id },
      { body: 'Fixed on staging', author: 'bo@example.com' },
    );
    expect(c1).toMatchObject({ ticket_id: t1.id, body: 'Seen on 17.2', author: 'ana@example.com' });
    expect(c1.id).toMatch(PATTERNS.comment_id!);
    expect((await call('GET', '/comments/{comment_id}', { comment_id: c2.id })).body).toEqual(c2);
    expect(ids(await all('/tickets/{ticket_id}/comments', { ticket_id: t1.id }))).toEqual([c1.id, c2.id]);
    expect(await all('/tickets/{ticket_id}/comments', { ticket_id: t2.id })).toEqual([]);
    const file = { filename: 'trace.har', content_type: 'application/json', size_bytes: 18_204 };
    const att = await created('POST', '/tickets/{ticket_id}/attachments', { ticket_id: t2.id }, file);
    expect(att).toMatchObject({ ...file, ticket_id: t2.id });
    expect(att.id).toMatch(PATTERNS.attachment_id!);
    expect((await call('GET', '/attachments/{attachment_id}', { attachment_id: att.id })).body).toEqual(att);
    expect(ids(await all('/tickets/{ticket_id}/attachments', { ticket_id: t2.id }))).toEqual([att.id]);
    expect(await all('/tickets/{ticket_id}/attachments', { ticket_id: t1.id })).toEqual([]);
    expect((await call('DELETE', '/comments/{comment_id}', { comment_id: c1.id })).status).toBe(204);
    expect((await call('GET', '/comments/{comment_id}', { comment_id: c1.id })).status).toBe(404);
    expect(ids(await all('/tickets/{ticket_id}/comments', { ticket_id: t1.id }))).toEqual([c2.id]);
    // The projects list still holds the two projects only.
    expect(await all('/projects', {})).toHaveLength(2);
  });

  it('updates and transitions store what the request says, a transition’s body included', async () => {
    const t1 = state.tickets[0]!;
    const patched = await call('PATCH', '/tickets/{ticket_id}', { ticket_id: t1.id }, { priority: 'urgent' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ ...t1, priority: 'urgent', updated_at: expect.any(String) });
    const started = await call(
      'POST',
      '/tickets/{ticket_id}/start',
      { ticket_id: t1.id },
      { assignee: 'ana' },
    );
    expect(started.body).toMatchObject({ status: 'in_progress', assignee: 'ana', priority: 'urgent' });
    const resolution = { resolution: 'fixed', resolution_note: 'Cookie path corrected' };
    const resolved = await call('POST', '/tickets/{ticket_id}/resolve', { ticket_id: t1.id }, resolution);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      ...resolution,
      status: 'resolved',
      assignee: 'ana',
      title: t1.title,
    });
    expect((await call('GET', '/tickets/{ticket_id}', { ticket_id: t1.id })).body).toEqual(resolved.body);
    // The state table refuses what it does not allow: a resolved ticket cannot be started.
    expect((await call('POST', '/tickets/{ticket_id}/start', { ticket_id: t1.id }, {})).status).toBe(409);
    const reopened = await call('POST', '/tickets/{ticket_id}/reopen', { ticket_id: t1.id });
    expect(reopened.body).toMatchObject({ status: 'open' });
    const again = { resolution: 'duplicate' };
    const resolved2 = await call('POST', '/tickets/{ticket_id}/resolve', { ticket_id: t1.id }, again);
    expect(resolved2.body).toMatchObject({ status: 'resolved', resolution: 'duplicate' });
    const t2 = state.tickets[1]!;
    const wontFix = { resolution: 'wont_fix' };
    const resolved3 = await call('POST', '/tickets/{ticket_id}/resolve', { ticket_id: t2.id }, wontFix);
    expect(resolved3.body).toMatchObject({ status: 'resolved', resolution: 'wont_fix', title: t2.title });
    const project = state.projects[0]!;
    const renamed = await call(
      'PATCH',
      '/projects/{project_id}',
      { project_id: project.id },
      { name: 'Web' },
    );
    expect(renamed.body).toEqual({ ...project, name: 'Web' });
  });

  it('a repeated Idempotency-Key answers the first answer and creates nothing more', async () => {
    const project = state.projects[1]!;
    const before = await all('/projects/{project_id}/tickets', { project_id: project.id });
    const key = { 'idempotency-key': 'retry-7f3a' };
    const body = { title: 'Push notifications late', priority: 'normal' };
    const first = await created(
      'POST',
      '/projects/{project_id}/tickets',
      { project_id: project.id },
      body,
      key,
    );
    const repeat = await created(
      'POST',
      '/projects/{project_id}/tickets',
      { project_id: project.id },
      body,
      key,
    );
    expect(repeat).toEqual(first);
    const other = await created('POST', '/projects/{project_id}/tickets', { project_id: project.id }, body, {
      'idempotency-key': 'retry-8b21',
    });
    expect(other.id).not.toBe(first.id);
    const after = await all('/projects/{project_id}/tickets', { project_id: project.id });
    expect(ids(after)).toEqual([...ids(before), first.id, other.id]);
  });

  it('a list under a parent is exact while items are created during paging', async () => {
    const project = await created('POST', '/projects', {}, { name: 'Paging' });
    const other = state.projects[0]!;
    const make = (p: Obj, i: number) =>
      created(
        'POST',
        '/projects/{project_id}/tickets',
        { project_id: p.id },
        { title: `T${i}`, priority: 'low' },
      );
    const initial: Obj[] = [];
    for (let i = 0; i < 5; i++) initial.push(await make(project, i));
    const during: Obj[] = [];
    let n = 5;
    const seen = await all('/projects/{project_id}/tickets', { project_id: project.id }, 2, async () => {
      during.push(await make(project, n++));
      await make(other, n++);
    });
    // Oldest first: every ticket present at the start once, then those created while paging, once each.
    expect(ids(seen)).toEqual([...ids(initial), ...ids(during)]);
    expect(seen.every((t) => t.project_id === project.id)).toBe(true);
  });

  it('sends only the declared webhook, a valid TicketResolvedEvent signed per Standard Webhooks', async () => {
    // Three resolutions happened above; nothing else is a declared event.
    const delivered = await until('three delivered events', () => {
      const ok = received.filter((r) => r.status < 300);
      return ok.length >= 3 ? ok : undefined;
    });
    const verifier = new Webhook(SECRET);
    const payloads = delivered.map((e) => verifier.verify(e.body, e.headers) as Obj);
    for (const p of payloads) expect(oracle.schema('TicketResolvedEvent', p)).toEqual([]);
    expect(payloads.map((p) => p.type)).toEqual(['ticket.resolved', 'ticket.resolved', 'ticket.resolved']);
    // Each carries the ticket as the resolution answered it (a retried one arrives later).
    const resolved = answers.filter((a) => a.template === '/tickets/{ticket_id}/resolve' && a.status === 200);
    const text = (values: unknown[]) => values.map((v) => JSON.stringify(v)).sort();
    expect(text(payloads.map((p) => (p.data as Obj).ticket))).toEqual(text(resolved.map((a) => a.body)));
    // Each delivery's webhook-id is the event's id, unique per event; the failed attempt is retried under its id.
    expect(delivered.map((e) => e.headers['webhook-id'])).toEqual(payloads.map((p) => p.id));
    expect(new Set(payloads.map((p) => p.id)).size).toBe(3);
    expect(received[0]!.status).toBe(500);
    expect(delivered.map((e) => e.headers['webhook-id'])).toContain(received[0]!.headers['webhook-id']);
    const other = new Webhook(`whsec_${Buffer.from('another-secret-0123456789').toString('base64')}`);
    expect(() => other.verify(delivered[0]!.body, delivered[0]!.headers)).toThrow(/signature/i);
    // Nothing more arrives: give the emulator a round trip to send anything it still would.
    await call('GET', '/projects', {});
    expect(received).toHaveLength(4);
  });

  it('every answer is valid against the spec and every id matches its path parameter', () => {
    const problems = answers.flatMap((a) =>
      oracle
        .answer(a.method, a.template, a.status, a.body)
        .map((e) => `${a.method} ${a.template} ${a.status}: ${e}`),
    );
    expect(problems).toEqual([]);
    const values = answers
      .flatMap((a) => (a.status < 300 && a.body ? [a.body as Obj] : []))
      .flatMap((b) => ('data' in b ? (b.data as Obj[]) : [b]));
    for (const v of values) {
      const param = Object.keys(PATTERNS).find((k) => k.replace(/_id$/, '') === kindOf(v));
      expect(String(v.id), JSON.stringify(v)).toMatch(PATTERNS[param!]!);
      for (const [field, pattern] of Object.entries(PATTERNS))
        if (field in v) expect(v[field]).toMatch(pattern);
    }
  });
});

/** Which resource a value is, by the fields only it has. */
function kindOf(v: Obj): string {
  if ('filename' in v) return 'attachment';
  if ('author' in v) return 'comment';
  if ('priority' in v) return 'ticket';
  return 'project';
}
