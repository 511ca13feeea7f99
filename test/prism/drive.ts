/**
 * Runs one public spec's generated client against Prism and our generated server: generates the client and the
 * server (tolerant mode) into `.tmp/prism/<name>/`, starts both judges and the recording proxy, makes every call of
 * calls.ts in turn, and returns each call with the verdicts of the requests it sent.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { runPipeline } from '../../generator/pipeline.ts';
import { callsOf, type Call } from './calls.ts';
import { confirmedFaults } from './prism-faults.ts';
import { pruneSpec } from './prune.ts';
import { schemaCheck } from './schema-check.ts';
import { startPrism, startRecorder, type Verdict } from './judges.ts';

export interface CallResult extends Call {
  verdicts: Verdict[];
  /** What the client threw, when it sent nothing (or failed before a verdict). */
  error?: string;
}

type Method = (...args: unknown[]) => PromiseLike<unknown>;

function methodOf(client: unknown, sdkPath: string[]): Method {
  let owner: unknown = client;
  for (const key of sdkPath.slice(0, -1)) owner = (owner as Record<string, unknown>)[key];
  const fn = (owner as Record<string, unknown> | undefined)?.[sdkPath.at(-1)!];
  if (typeof fn !== 'function') throw new Error(`client.${sdkPath.join('.')} is not a method`);
  return (fn as Method).bind(owner);
}

/**
 * For a path key with `#` text (Box's), which no URL holds: the key, and whether the JSON body sent satisfies the
 * operation's own body schema (ajv), so a refusal by another path's operation can be told apart (prism-faults.ts).
 */
function withOwnBody(v: Verdict, doc: Record<string, unknown>, call: Call): void {
  v.pathKey = call.path;
  const paths = doc.paths as Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>
  >;
  const content = paths[call.path]?.[call.method.toLowerCase()]?.requestBody?.content ?? {};
  const json = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
  if (!json?.schema || v.body === undefined || !/json/i.test(v.contentType ?? '')) return;
  const ok = schemaCheck(doc).matches(json.schema, JSON.parse(v.body));
  if (ok !== undefined) v.ownBodyValid = ok;
}

export async function drive(name: string, spec: string, sample?: number): Promise<CallResult[]> {
  const out = path.resolve('.tmp/prism', name);
  rmSync(out, { recursive: true, force: true });
  const { files, api } = await runPipeline({
    spec,
    mode: 'tolerant',
    format: false,
    emitters: ['client', 'server'],
  });
  for (const f of files) {
    const target = path.join(out, f.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, f.contents);
  }
  const text = readFileSync(spec, 'utf8');
  const doc = (spec.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Record<string, unknown>;
  const calls = callsOf(doc, api, sample);

  const clientModule = (await import(pathToFileURL(path.join(out, 'client/index.ts')).href)) as Record<
    string,
    unknown
  >;
  const serverModule = (await import(pathToFileURL(path.join(out, 'server/index.ts')).href)) as {
    createServer: (
      h: object,
      o: object,
    ) => { node: Parameters<typeof createHttpServer>[1]; close: () => Promise<void> };
  };
  const ours = serverModule.createServer(
    {},
    { authenticate: () => ({ kind: 'api_key', id: 'test' }), basePath: '' },
  );
  const listener = createHttpServer(ours.node);
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  const oursBase = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const judged = path.join(out, 'prism-spec.json');
  writeFileSync(judged, JSON.stringify(pruneSpec(doc, calls)));
  const prism = await startPrism(judged);
  const recorder = await startRecorder(prism.base, oursBase, '');
  const results: CallResult[] = [];
  try {
    const Client = clientModule[api.clientName] as new (o: object) => unknown;
    // A credential for every scheme the spec declares, as a user holding them would pass them: the client picks the
    // alternative each operation accepts.
    const components = doc.components as
      | { securitySchemes?: Record<string, { type?: string; scheme?: string }> }
      | undefined;
    const credentials = Object.fromEntries(
      Object.entries(components?.securitySchemes ?? {}).map(([name, s]) => [
        name,
        s.type === 'http' && s.scheme?.toLowerCase() === 'basic' ? 'test-user:test-secret' : `test-${name}`,
      ]),
    );
    const client = new Client({
      baseURL: recorder.base,
      apiKey: 'test-key',
      credentials,
      maxRetries: 0,
      timeout: 120_000,
    });
    for (const call of calls) {
      const before = recorder.verdicts.length;
      let error: string | undefined;
      try {
        await methodOf(client, call.sdkPath)(...call.args);
      } catch (e) {
        error = `${(e as Error).name}: ${(e as Error).message}`.slice(0, 400);
      }
      const verdicts = recorder.verdicts.slice(before);
      if (call.path.includes('#')) for (const v of verdicts) withOwnBody(v, doc, call);
      results.push({ ...call, verdicts, ...(verdicts.length === 0 && error ? { error } : {}) });
    }
  } finally {
    await recorder.close();
    await prism.stop();
    await new Promise<void>((r) => listener.close(() => r()));
    await ours.close();
  }
  return results;
}

export interface Tally {
  calls: number;
  /** Calls Prism accepted every request of. */
  prism: number;
  /** Calls Prism refused only for its own confirmed faults (prism-faults.ts). */
  prismFaults: number;
  /** Calls Prism refused whose arguments no valid value exists for (listed apart: the spec contradicts itself). */
  noValidRequest: number;
  server: number;
}

/** Whether the judge refused a request of the call; Prism's confirmed faults are not refusals. */
function refused(r: CallResult, judge: 'prism' | 'server'): boolean {
  if (!r.verdicts.length) return true;
  // The spec admits no value for an argument the call carries: no request of it can be valid (listed apart).
  if (r.unsatisfiable) return false;
  return r.verdicts.some((v) => v[judge] && (judge === 'server' || !confirmedFaults(v)));
}

/** Accepted calls by mode: a call is accepted when it sent a request and no judge refused one. */
export function tally(results: CallResult[]): Record<'required' | 'all', Tally> {
  const zero = (): Tally => ({ calls: 0, prism: 0, prismFaults: 0, noValidRequest: 0, server: 0 });
  const t = { required: zero(), all: zero() };
  for (const r of results) {
    const row = t[r.mode];
    row.calls++;
    const sent = r.verdicts.length > 0;
    if (sent && r.verdicts.every((v) => !v.prism)) row.prism++;
    else if (r.unsatisfiable) row.noValidRequest++;
    else if (!refused(r, 'prism')) row.prismFaults++;
    if (sent && r.verdicts.every((v) => !v.server)) row.server++;
  }
  return t;
}

/** One line per refused call: which judge, and why (Prism's confirmed faults left out: see prismFaults). */
export function refusals(results: CallResult[], judge: 'prism' | 'server'): string[] {
  return results
    .filter((r) => refused(r, judge))
    .map((r) => {
      const why = r.verdicts.length
        ? r.verdicts
            .map((v) => v[judge])
            .filter(Boolean)
            .join(' | ')
        : `not sent: ${r.error}`;
      return `${r.operationId} (${r.mode}) ${r.method} ${r.path}: ${why}`;
    });
}

/** One line per call Prism refused only for its confirmed faults, with the evidence. */
export function prismFaults(results: CallResult[]): string[] {
  return results
    .filter((r) => r.verdicts.some((v) => v.prism) && !refused(r, 'prism') && !r.unsatisfiable)
    .map(
      (r) =>
        `${r.operationId} (${r.mode}) ${r.method} ${r.path}: ${r.verdicts.flatMap((v) => confirmedFaults(v) ?? []).join(' | ')}`,
    );
}

/** One line per call no valid request of which exists (the spec contradicts itself), with both judges' verdicts. */
export function unsatisfiable(results: CallResult[]): string[] {
  return results
    .filter((r) => r.unsatisfiable)
    .map(
      (r) =>
        `${r.operationId} (${r.mode}) ${r.method} ${r.path}: ${r.unsatisfiable!.join('; ')} (Prism: ${r.verdicts.map((v) => v.prism ?? 'accepted').join(' | ')}; server: ${r.verdicts.map((v) => v.server?.slice(0, 160) ?? 'accepted').join(' | ')})`,
    );
}
