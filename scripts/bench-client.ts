/**
 * Overhead of the generated client per call against a local server, beside a raw `fetch` of the same request
 * (same URL, headers and JSON parsing), measured in the same run: sequential calls, and batches of 10 concurrent
 * calls. Each round interleaves small paired blocks of client and raw calls (alternating which goes first); the report
 * gives the median per-call time over rounds and the spread (min to max over rounds), and the client's overhead
 * relative to raw fetch: per round the median of its paired-block ratios (so one GC pause or scheduler hiccup in one
 * block does not decide the round), then the median and spread of those over rounds. The default client has its
 * timeout on; on Node's own fetch it cancels through the attempt's dispatcher, not an AbortSignal (dispatch-cancel.ts).
 * Further rows: a caller's AbortSignal on both sides (like for like: Node's fetch charges for any signal), the client
 * with `timeout: 0`, fetch stubbed to isolate the client's own CPU cost (a stub is not Node's fetch, so the client
 * gives it a signal and a timer), and POSTs. Then webhook verification of a 330-entry signature header
 * (scripts/bench/webhooks.ts).
 *
 *   npx tsx scripts/bench-client.ts [--rounds 21] [--calls 400] [--block 10] [--webhook-rounds 15]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformClient } from '../generated/client/index.ts';
import { benchWebhooks } from './bench/webhooks.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 21);
const CALLS = arg('calls', 400);
const BLOCK = arg('block', 10);

const payload = JSON.stringify({
  id: 'cntr_1',
  object: 'container',
  name: 'bench',
  status: 'active',
  created_at: 1_700_000_000,
  memory_limit: '1g',
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-request-id': 'req_bench',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

const client = new PlatformClient({
  apiKey: 'sk-bench',
  baseURL: base,
  organization: 'org_bench',
  project: 'proj_bench',
  maxRetries: 0,
});
const headers = {
  Authorization: 'Bearer sk-bench',
  'Service-Organization': 'org_bench',
  'Service-Project': 'proj_bench',
  Accept: 'application/json',
};

const viaClient = () => client.containers.retrieve('cntr_1');
// The same client with the client-side timeout off (`timeout: 0`): like raw fetch, nothing to cancel, no signal.
const noTimeoutClient = new PlatformClient({
  apiKey: 'sk-bench',
  baseURL: base,
  organization: 'org_bench',
  project: 'proj_bench',
  maxRetries: 0,
  timeout: 0,
});
const viaNoTimeoutClient = () => noTimeoutClient.containers.retrieve('cntr_1');
const viaFetch = async () => (await fetch(`${base}/containers/cntr_1`, { headers })).json();
// A caller's signal on both sides: the client then hands fetch a signal too, and Node's fetch charges for any signal.
const viaClientWithSignal = () =>
  client.containers.retrieve('cntr_1', { signal: new AbortController().signal });
const viaFetchWithSignal = async () =>
  (await fetch(`${base}/containers/cntr_1`, { headers, signal: new AbortController().signal })).json();

// The same calls over a fetch that answers in-process: isolates the client's own CPU cost from the network.
const stubFetch = async (_url: string | URL | Request, _init?: RequestInit) =>
  new Response(payload, { headers: { 'content-type': 'application/json' } });
const stubClient = new PlatformClient({
  apiKey: 'sk-bench',
  baseURL: base,
  organization: 'org_bench',
  project: 'proj_bench',
  maxRetries: 0,
  fetch: stubFetch,
});
const viaStubClient = () => stubClient.containers.retrieve('cntr_1');
const viaStubFetch = async () => (await stubFetch(`${base}/containers/cntr_1`, { headers })).json();

// A create: the POST path (non-idempotent method rules, JSON body) beside the same raw POST.
const batch = {
  input_file_id: 'file_1',
  endpoint: '/v1/chat/completions',
  completion_window: '24h',
} as const;
const batchBody = JSON.stringify(batch);
const viaPostClient = () => client.batches.create(batch);
const viaPostNoTimeoutClient = () => noTimeoutClient.batches.create(batch);
const viaPostFetch = async () =>
  (
    await fetch(`${base}/batches`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: batchBody,
    })
  ).json();

/** Microseconds spent on `calls` calls, issued one at a time or `width` at a time. */
async function timed(call: () => Promise<unknown>, calls: number, width: number): Promise<number> {
  const start = performance.now();
  for (let done = 0; done < calls; done += width) await Promise.all(Array.from({ length: width }, call));
  return (performance.now() - start) * 1000;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * One round interleaves small blocks of client and raw calls (alternating which goes first), so drift and noise from
 * the machine hit both sides alike; the round's ratio is the median of its paired-block ratios.
 */
async function compare(
  label: string,
  width: number,
  viaClient: () => Promise<unknown>,
  viaFetch: () => Promise<unknown>,
): Promise<void> {
  await timed(viaClient, CALLS, width);
  await timed(viaFetch, CALLS, width);
  const client: number[] = [];
  const raw: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let c = 0;
    let f = 0;
    const pairs: number[] = [];
    const block = Math.max(BLOCK, width);
    for (let b = 0; b < CALLS / block; b++) {
      let cb: number;
      let fb: number;
      if ((r + b) % 2) {
        fb = await timed(viaFetch, block, width);
        cb = await timed(viaClient, block, width);
      } else {
        cb = await timed(viaClient, block, width);
        fb = await timed(viaFetch, block, width);
      }
      c += cb;
      f += fb;
      pairs.push(cb / fb);
    }
    client.push(c / CALLS);
    raw.push(f / CALLS);
    ratios.push(median(pairs));
  }
  const fmt = (xs: number[]) =>
    `median ${median(xs).toFixed(1)} µs/call (spread ${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
  const pct = (x: number) => `${((x - 1) * 100).toFixed(1)}%`;
  console.log(label);
  console.log(`  raw fetch  ${fmt(raw)}`);
  console.log(`  client     ${fmt(client)}`);
  console.log(
    `  overhead   median ${pct(median(ratios))} of raw fetch (spread ${pct(Math.min(...ratios))} to ${pct(Math.max(...ratios))}), ${(median(client) - median(raw)).toFixed(1)} µs/call`,
  );
}

console.log(
  `client overhead vs raw fetch: ${ROUNDS} rounds × ${CALLS} calls, GET /containers/{id} on 127.0.0.1, node ${process.version}`,
);
await compare('sequential, default client (timeout on)', 1, viaClient, viaFetch);
await compare('10 concurrent, default client', 10, viaClient, viaFetch);
await compare("sequential, a caller's AbortSignal on both sides", 1, viaClientWithSignal, viaFetchWithSignal);
await compare(
  'sequential, client with timeout: 0 (no signal, like the raw fetch)',
  1,
  viaNoTimeoutClient,
  viaFetch,
);
await compare('10 concurrent, client with timeout: 0', 10, viaNoTimeoutClient, viaFetch);
await compare(
  "in-process, fetch stubbed (the client's own cost per call, AbortSignal and timer included)",
  1,
  viaStubClient,
  viaStubFetch,
);
await compare('sequential POST (batches.create), default client', 1, viaPostClient, viaPostFetch);
await compare(
  'sequential POST (batches.create), client with timeout: 0',
  1,
  viaPostNoTimeoutClient,
  viaPostFetch,
);
server.close();
await benchWebhooks(arg('webhook-rounds', 15));
