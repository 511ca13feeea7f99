/**
 * The node adapter starts the requests that arrive in one turn of the event loop together (`setImmediate`): every
 * one of them is answered, in order on a connection, and one that fails in a framework's `next` does not leave the
 * others of its batch unanswered (the failure is still thrown, as an uncaught exception, like before batching).
 * `service-processing-ms` counts a handler's time, through both adapters.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../generated/server/index.ts';
import { fetchBridge, listen, raw, type Running } from './helpers.ts';

const TOKEN = 'sk-batch';
const BODY = JSON.stringify({ model: 'text-embedding-3-small', input: 'hi' });
const requestText = (input: string) => {
  const body = JSON.stringify({ model: 'text-embedding-3-small', input });
  return `POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
};

let running: Running;
beforeAll(async () => {
  const app = server.createServer(
    {
      createEmbedding: ({ body }) => ({
        object: 'list',
        model: String(body.input),
        data: [],
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
    },
    { authenticate: (t) => (t === TOKEN ? { kind: 'api_key' } : undefined) },
  );
  running = await listen(app.node, server.NODE_SERVER_OPTIONS.maxHeaderSize, server.NODE_SERVER_OPTIONS);
});
afterAll(() => running.close());

describe('requests started together', () => {
  it('answers pipelined requests of one packet, each in its order', async () => {
    const inputs = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    // Written in one packet; read until the eighth body (each ends with the usage object's `}}`).
    const out = await raw(
      running.port,
      [inputs.map(requestText).join('')],
      new RegExp(`^(?:HTTP/1\\.1 [^]*?\\}\\}){${inputs.length}}$`),
    );
    expect(out.match(/HTTP\/1\.1 \d+/g)).toEqual(inputs.map(() => 'HTTP/1.1 200'));
    expect([...out.matchAll(/"model":"(\w)"/g)].map((m) => m[1])).toEqual(inputs);
  });

  it('answers many connections whose requests arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${running.url}/v1/embeddings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: BODY.replace('hi', `n${i}`),
        }).then(async (r) => [r.status, ((await r.json()) as { model: string }).model]),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => [200, `n${i}`]));
  });

  it('answers the rest of a batch when a framework next() throws for one request, and still throws', async () => {
    // In a process of its own: the throw is an uncaught exception, which the test runner would take for its own.
    const script = `
      import http from 'node:http';
      import net from 'node:net';
      const server = await import(${JSON.stringify(path.resolve('generated/server/index.ts'))});
      const app = server.createServer({ createEmbedding: () => ({ object: 'list', model: 'm', data: [], usage: { prompt_tokens: 1, total_tokens: 1 } }) }, { authenticate: () => ({ kind: 'api_key' }) });
      process.on('uncaughtException', (e) => console.log('uncaught: ' + e.message));
      // Without an answer the process would wait for ever: it gives up (and the test fails) after a long while.
      setTimeout(() => process.exit(3), 20_000).unref();
      const listener = http.createServer((req, res) => app.node(req, res, () => { throw new Error('next failed'); }));
      listener.listen(0, '127.0.0.1', () => {
        const body = ${JSON.stringify(BODY)};
        const ok = 'POST /v1/embeddings HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: Bearer k\\r\\nContent-Type: application/json\\r\\nContent-Length: ' + body.length + '\\r\\n\\r\\n' + body;
        // Once the server has accepted both connections, both write and the loop is held: their requests are read
        // in one turn, so one batch, the failing one first.
        let connected = 0;
        const both = () => {
          if (++connected === 2) setTimeout(send, 50);
        };
        const send = () => {
          socket.write('GET /elsewhere HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n');
          other.write(ok);
          const until = Date.now() + 100;
          while (Date.now() < until);
        };
        const socket = net.connect(listener.address().port, '127.0.0.1', both);
        const other = net.connect(listener.address().port, '127.0.0.1', both);
        other.on('data', (d) => { console.log('other: ' + String(d).split('\\r\\n')[0]); other.destroy(); socket.destroy(); listener.close(); });
      });
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(out).toContain('uncaught: next failed');
    expect(out).toContain('other: HTTP/1.1 200 OK');
  }, 60_000);
});

describe('service-processing-ms', () => {
  it.each(['node', 'fetch'] as const)(
    'counts from when the request was taken up to its answer (%s)',
    async (adapter) => {
      const app = server.createServer(
        {
          createEmbedding: async () => (
            await new Promise((resolve) => setTimeout(resolve, 60)),
            { object: 'list', model: 'm', data: [], usage: { prompt_tokens: 1, total_tokens: 1 } }
          ),
        },
        { authenticate: () => ({ kind: 'api_key' }) },
      );
      const base = await listen(
        adapter === 'node' ? app.node : fetchBridge(app.fetch),
        undefined,
        server.NODE_SERVER_OPTIONS,
      );
      try {
        const sent = performance.now();
        const r = await fetch(`${base.url}/v1/embeddings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: BODY,
        });
        const elapsed = performance.now() - sent;
        expect(r.status).toBe(200);
        const ms = Number(r.headers.get('service-processing-ms'));
        // The handler's 60 ms are inside it (a timer may fire a millisecond early by the clock); the round trip is around it.
        expect(ms).toBeGreaterThanOrEqual(55);
        expect(ms).toBeLessThanOrEqual(Math.ceil(elapsed));
      } finally {
        await base.close();
      }
    },
  );
});
