/**
 * `npm run test:corpus`: the large specs. OpenAI's published spec in 3.1 and in 3.0 (March 2025) and a synthetic
 * multi-file spec of 400 operations (schemas in their own files, none under the root's components) generate every
 * output in tolerant mode, and the outputs type-check with one `tsc --strict` run. Then the generated server of
 * OpenAI's 3.1 spec, with no handlers, answers valid requests sent by the generated client with 501, not 400.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../generator/ir/api.ts';
import type { Operation } from '../../generator/ir/operation.ts';
import { makeMultiFileSpec } from '../../scripts/make-multifile-spec.ts';
import { listen, type Running } from '../server/helpers.ts';
import { Values } from '../server/real/values.ts';
import { generateCorpus, typecheckCorpus, type CorpusResult } from './run.ts';

const out = path.resolve('.tmp/corpus-large');
let results: CorpusResult[] = [];
let openai: Api;

beforeAll(async () => {
  const multi = makeMultiFileSpec(path.resolve('.tmp/corpus-multifile-spec'), 80);
  results = await generateCorpus(
    [
      { name: 'openai-3.1', file: 'test/fixtures/corpus/openai-3.1.yaml' },
      { name: 'openai-3.0', file: 'test/fixtures/corpus/openai-3.0-2025-03.yaml' },
      { name: 'multifile', file: multi },
    ],
    out,
    false,
  );
  const { buildIr } = await import('../../generator/pipeline.ts');
  const { Diagnostics } = await import('../../generator/diagnostics.ts');
  openai = await buildIr('test/fixtures/corpus/openai-3.1.yaml', undefined, new Diagnostics('tolerant'));
}, 600_000);

describe('large corpus (tolerant mode)', () => {
  it('generates every output of each spec, with warnings only', () => {
    expect(results.map((r) => [r.name, r.error ?? 'ok'])).toEqual([
      ['openai-3.1', 'ok'],
      ['openai-3.0', 'ok'],
      ['multifile', 'ok'],
    ]);
    for (const r of results) expect(r.files, r.name).toBeGreaterThan(100);
  });

  it('the multi-file spec keeps its schemas named after their files', () => {
    const multi = results.find((r) => r.name === 'multifile')!;
    expect(multi.warnings.every((w) => w.code === 'pagination-fallback')).toBe(true);
  });

  it('every output type-checks with tsc --strict', () => {
    const tsc = typecheckCorpus(out);
    expect(tsc.output.trim()).toBe('');
    expect(tsc.status).toBe(0);
  }, 900_000);
});

describe('OpenAI 3.1: generated client against the generated server without handlers', () => {
  let srv: Running;
  let client: any;
  beforeAll(async () => {
    const server: any = await import(path.join(out, 'openai-3.1/server/index.ts'));
    const { OpenAiClient: ApiClient }: any = await import(path.join(out, 'openai-3.1/client/index.ts')); // no codegen config: the name from the title
    const app = server.createServer({}, { authenticate: () => ({ kind: 'api_key' }) });
    srv = await listen(app.node);
    // The server routes under its spec's base path (`/v1` of https://api.openai.com/v1).
    const base = new URL(openai.servers[0]!.url).pathname.replace(/\/$/, '');
    client = new ApiClient({ apiKey: 'sk-test', baseURL: `${srv.url}${base}`, maxRetries: 0 });
  }, 120_000);
  afterAll(async () => srv.close());

  /** Every operation whose first body is JSON or multipart, or that has none (287 of 288), in operationId order. */
  const sample = (): Operation[] =>
    [...openai.operations]
      .filter((o) => ['json', 'multipart'].includes(o.requestBody?.contents[0]?.kind ?? 'json'))
      .sort((a, b) => (a.operationId < b.operationId ? -1 : 1));

  it('answers 501 (not implemented), never 400, to valid requests', async () => {
    const values = new Values(openai);
    const ops = sample();
    expect(ops.length).toBeGreaterThan(280);
    const statuses: string[] = [];
    for (const op of ops) {
      const args: unknown[] = [...new Set([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!))].map(
        (n) => `${n}-1`,
      );
      const query: Record<string, unknown> = {};
      for (const p of op.parameters) if (p.in === 'query' && p.required) query[p.name] = values.gen(p.type);
      const content = op.requestBody?.contents[0];
      if (content) {
        const body = values.gen(content.type, 0, 0, content.kind === 'multipart');
        args.push(
          body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...query } : body,
        );
      } else if (op.parameters.some((p) => p.in === 'query')) args.push(query);
      let target = client;
      for (const segment of op.sdkPath.slice(0, -1)) target = target[segment];
      const method = op.sdkPath[op.sdkPath.length - 1]!;
      const status = await Promise.resolve()
        .then(() => target[method](...args))
        .then(
          () => 'ok',
          (error: any) => String(error?.status ?? error?.message),
        );
      statuses.push(`${op.operationId} ${status}`);
    }
    expect(statuses.filter((s) => !s.endsWith(' 501'))).toEqual([]);
  }, 300_000);
});
