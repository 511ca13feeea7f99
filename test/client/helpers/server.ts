/** A real `node:http` server on 127.0.0.1 (port 0) that records every request it receives, with the body parsed. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';

export interface FilePart {
  filename: string;
  mimeType: string;
  content: string;
}

export interface Received {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, the multipart fields/files, or the raw text. */
  json?: unknown;
  fields?: Record<string, string[]>;
  files?: Record<string, FilePart[]>;
  text: string;
}

export type Handler = (req: Received, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: Received[];
  close(): Promise<void>;
}

function queryOf(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

async function parseMultipart(
  raw: IncomingMessage,
): Promise<{ fields: Record<string, string[]>; files: Record<string, FilePart[]> }> {
  const fields: Record<string, string[]> = {};
  const files: Record<string, FilePart[]> = {};
  await new Promise<void>((resolve, reject) => {
    const bb = busboy({ headers: raw.headers });
    bb.on('field', (name, value) => (fields[name] ??= []).push(value));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        (files[name] ??= []).push({
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          content: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    bb.on('close', resolve);
    bb.on('error', reject);
    raw.pipe(bb);
  });
  return { fields, files };
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Received[] = [];
  const answer = async (raw: IncomingMessage, res: ServerResponse) => {
    const url = new URL(raw.url ?? '/', 'http://127.0.0.1');
    const received: Received = {
      method: raw.method ?? '',
      path: url.pathname,
      query: queryOf(url),
      headers: raw.headers,
      text: '',
    };
    const type: string = raw.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      Object.assign(received, await parseMultipart(raw));
    } else {
      const chunks: Buffer[] = [];
      for await (const c of raw) chunks.push(c as Buffer);
      received.text = Buffer.concat(chunks).toString('utf8');
      if (type.startsWith('application/json') && received.text) received.json = JSON.parse(received.text);
    }
    requests.push(received);
    try {
      await handler(received, res, raw);
    } catch (error) {
      if (!res.headersSent) res.writeHead(599);
      res.end(String(error));
    }
  };
  // A request the helper cannot read (a broken multipart body, say) cuts the connection: the client sees it fail.
  const server = createServer((raw, res) => {
    answer(raw, res).catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A clock whose sleeps return at once and advance time, recording each wait. */
export function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    random: () => 0.5,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
  };
}
