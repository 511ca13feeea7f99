/**
 * The two judges of a request: Prism 5.14.2 mocking the spec (a child process on 127.0.0.1; it validates each
 * request against the spec and says what it refused in `sl-violations` or a problem answer of its own), and our
 * generated server, whose pipeline validates the request before a handler would run (no handler: 501, so any
 * other 4xx is a refusal). A recording proxy in front of both takes each request the client sends, hands it to
 * Prism and to our server, and keeps both verdicts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Verdict {
  method: string;
  url: string;
  /** The request's content type and body as sent (prism-faults.ts reads them to confirm a Prism fault). */
  contentType?: string;
  body?: string;
  /** Prism's refusal (its violations or its problem's title and detail); absent: accepted. */
  prism?: string;
  /** The same refusal, one item per violation. */
  prismIssues?: string[];
  /** Our server's refusal (status and error message); absent: accepted. */
  server?: string;
  /** The operation's path key, where it holds `#` text (drive.ts). */
  pathKey?: string;
  /** For such a key: whether the JSON body sent satisfies the operation's own body schema (ajv). */
  ownBodyValid?: boolean;
}

export interface PrismProcess {
  base: string;
  stop: () => Promise<void>;
}

/** Starts Prism on `spec` and resolves once it says it is listening (bounded by `limitMs` to catch a hang). */
export async function startPrism(spec: string, limitMs = 600_000): Promise<PrismProcess> {
  const port = await freePort();
  const proc = spawn(
    process.execPath,
    ['node_modules/@stoplight/prism-cli/dist/index.js', 'mock', spec, '-h', '127.0.0.1', '-p', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Prism did not start within ${limitMs} ms:\n${log.slice(-2000)}`)),
      limitMs,
    );
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Prism is listening')) {
        clearTimeout(timer);
        proc.stdout.off('data', read);
        resolve();
      }
      if (log.length > 1e6) log = log.slice(-10_000);
    };
    proc.stdout.on('data', read);
    proc.stderr.on('data', (c: Buffer) => (log += c.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited ${code}:\n${log.slice(-2000)}`));
    });
  });
  try {
    await started;
  } catch (error) {
    await stop(proc);
    throw error;
  }
  // Its per-request log is not read: drain it so the pipe never fills.
  proc.stdout.resume();
  proc.stderr.resume();
  return { base: `http://127.0.0.1:${port}`, stop: () => stop(proc) };
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Prism's own refusal of a request: request violations of severity error, or a problem answer Prism made. */
async function prismVerdict(res: Response): Promise<string[] | undefined> {
  const text = await res.text();
  const violations = res.headers.get('sl-violations');
  if (violations) {
    if (violations.startsWith('Too many violations!')) return [violations.slice(0, 600)];
    const list = JSON.parse(violations) as { location: string[]; severity: string; message: string }[];
    const refused = list.filter((v) => v.location[0] === 'request' && v.severity === 'Error');
    if (refused.length) return refused.map((v) => `${v.location.join('.')}: ${v.message}`);
  }
  if ((res.headers.get('content-type') ?? '').includes('problem+json')) {
    try {
      const problem = JSON.parse(text) as {
        type?: string;
        title?: string;
        detail?: string;
        validation?: { location: string[]; severity: string; message: string }[];
      };
      if (!problem.type?.startsWith('https://stoplight.io/prism/errors')) return undefined;
      // A 422 of Prism's own names its violations (locations without the `request` the header's have).
      const listed = (problem.validation ?? []).filter((v) => v.severity === 'Error');
      if (listed.length) return listed.map((v) => `request.${v.location.join('.')}: ${v.message}`);
      return [`${res.status} ${problem.title}: ${problem.detail}`];
    } catch {
      // not Prism's
    }
  }
  return undefined;
}

/** Our server's refusal: a 4xx other than 404 on a route it has (501 means the request reached the handler). */
async function serverVerdict(res: Response): Promise<string | undefined> {
  const text = await res.text();
  if (res.status === 501 || res.status < 400) return undefined;
  return `${res.status} ${text.slice(0, 600)}`;
}

export interface Recorder {
  base: string;
  verdicts: Verdict[];
  close: () => Promise<void>;
}

/**
 * A proxy on 127.0.0.1 that sends each request to Prism (as is) and to our server (under `serverPrefix`, the path
 * the generated server serves under), answers with Prism's answer, and records both verdicts.
 */
export async function startRecorder(prism: string, ours: string, serverPrefix: string): Promise<Recorder> {
  const verdicts: Verdict[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined && k !== 'host' && k !== 'connection')
          headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      const init = (): RequestInit => ({
        method: req.method,
        headers,
        ...(body.length ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
      });
      const fromPrism = await fetch(`${prism}${req.url}`, init());
      const copy = fromPrism.clone();
      const fromServer = await fetch(`${ours}${serverPrefix}${req.url}`, init());
      const issues = await prismVerdict(fromPrism);
      verdicts.push({
        method: req.method ?? 'GET',
        url: req.url ?? '',
        ...optional('contentType', req.headers['content-type']),
        ...(body.length ? { body: body.toString('latin1') } : {}),
        ...optional('prism', issues?.join('; ')),
        ...(issues ? { prismIssues: issues } : {}),
        ...optional('server', await serverVerdict(fromServer)),
      });
      const out = Buffer.from(await copy.arrayBuffer());
      res.writeHead(copy.status, {
        'content-type': copy.headers.get('content-type') ?? 'application/json',
        'content-length': String(out.length),
      });
      res.end(out);
    })().catch((error: unknown) => {
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    verdicts,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
