/** Loopback helpers for server tests: start a generated server on 127.0.0.1:0, raw socket requests. */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Running {
  url: string;
  port: number;
  /** The listener itself (for `api.close({ server })`). */
  server: http.Server;
  close(): Promise<void>;
}

export async function listen(
  listener: http.RequestListener,
  maxHeaderSize = 80 * 1024,
  options: http.ServerOptions = {},
): Promise<Running> {
  const server = http.createServer({ maxHeaderSize, ...options }, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Serves a web-standard fetch handler over node:http, so the fetch adapter is tested over real HTTP too. It does
 * what platforms (Bun, Deno, @hono/node-server) do: repeated headers are appended (a `Headers` joins them with
 * ', '), a cancelled request body stops being read, the response body is read as fast as the socket takes it, and
 * `Connection: close` in the response closes the connection.
 */
export function fetchBridge(handler: (request: Request) => Promise<Response>): http.RequestListener {
  return (req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const onData = (chunk: Buffer) => body?.enqueue(new Uint8Array(chunk));
    let body: ReadableStreamDefaultController<Uint8Array> | undefined;
    const stream = hasBody
      ? new ReadableStream<Uint8Array>({
          start(c) {
            body = c;
            req.on('data', onData);
            req.on('end', () => body?.close());
            req.on('error', (e) => body?.error(e));
          },
          cancel() {
            body = undefined;
            req.off('data', onData);
          },
        })
      : null;
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers,
      body: stream,
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit);
    void handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return res.end();
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // Backpressure, as the platforms apply it: the next chunk is read once the socket takes more.
          if (!res.write(value) && !res.destroyed)
            await new Promise<void>((resolve) => {
              res.once('drain', resolve);
              res.once('close', resolve);
            });
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
export function raw(
  port: number,
  data: (string | Buffer)[],
  until: RegExp = /\r\n\r\n[\s\S]*\}$/,
): Promise<string> {
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

/**
 * Sends a request head announcing a large body, then the body in 64 KiB chunks as fast as the connection takes
 * them, until all of it is sent or the server closes the connection. Returns what the server answered, how many
 * body bytes were written, and whether the server closed the connection before the whole body was sent.
 */
export function upload(
  port: number,
  head: string,
  total: number,
): Promise<{ answer: string; written: number; cut: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let answer = '';
    let written = 0;
    let cut = false;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ answer, written, cut });
    };
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => ((cut = true), settle()));
    socket.on('close', () => ((cut = written < total), settle()));
    socket.on('end', () => ((cut = written < total), settle()));
    socket.on('connect', () => {
      socket.write(head);
      const pump = () => {
        while (written < total && !settled) {
          const n = Math.min(chunk.length, total - written);
          written += n;
          if (!socket.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
            return void socket.once('drain', pump);
        }
        // All of it was sent: the answer comes once the server has read it; then stop.
        if (!settled) waitForAnswer();
      };
      const waitForAnswer = () => {
        if (/\r\n\r\n[\s\S]*\}$/.test(answer)) return settle();
        socket.once('data', waitForAnswer);
      };
      pump();
    });
  });
}

/** The value of a response header in a raw HTTP answer (lower-cased name), or undefined. */
export function headerOf(rawResponse: string, name: string): string | undefined {
  const head = rawResponse.split('\r\n\r\n')[0] ?? '';
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
  }
  return undefined;
}
