/** Loopback helpers for server tests: start a generated server on 127.0.0.1:0, raw socket requests. */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(listener: http.RequestListener, maxHeaderSize = 80 * 1024): Promise<Running> {
  const server = http.createServer({ maxHeaderSize }, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves a web-standard fetch handler over node:http, so the fetch adapter is tested over real HTTP too. */
export function fetchBridge(handler: (request: Request) => Promise<Response>): http.RequestListener {
  return (req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const body = hasBody
      ? new ReadableStream<Uint8Array>({
          start(c) {
            req.on('data', (chunk: Buffer) => c.enqueue(new Uint8Array(chunk)));
            req.on('end', () => c.close());
            req.on('error', (e) => c.error(e));
          },
        })
      : null;
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body, signal: controller.signal, duplex: 'half' } as RequestInit);
    void handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return res.end();
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
        }
      } catch (error) {
        // The response stream failed (or the client went away): cut the connection, as a failed stream must look.
        if (!res.destroyed) await new Promise<void>((resolve) => res.write('', () => resolve()));
        res.destroy(error instanceof Error ? error : undefined);
        return;
      }
      res.end();
    });
  };
}

/** Sends raw bytes and returns everything the server answers until it closes or `until` matches. */
export function raw(port: number, data: (string | Buffer)[], until: RegExp = /\r\n\r\n[\s\S]*\}$/): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d) => {
      out += d.toString('latin1');
      if (until.test(out)) {
        socket.destroy();
        resolve(out);
      }
    });
    socket.on('close', () => resolve(out));
    socket.on('error', (e) => (out ? resolve(out) : reject(e)));
    socket.on('connect', () => {
      for (const d of data) socket.write(d);
    });
  });
}

export function statusOf(rawResponse: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(rawResponse)?.[1]);
}

/** Sends the start of a request, then drops the connection. Resolves when the socket is closed. */
export function abortMidBody(port: number, head: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head, () => setImmediate(() => socket.destroy()));
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

/** Sends a request in small pieces, one per event-loop turn (a slow client); returns the whole answer. */
export function trickle(port: number, parts: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const queue = [...parts];
    const socket = net.connect(port, '127.0.0.1', () => {
      const next = () => {
        const part = queue.shift();
        if (part !== undefined) socket.write(part, () => setImmediate(next));
      };
      next();
    });
    socket.on('data', (d) => (out += d.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}
