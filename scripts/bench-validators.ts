/**
 * `tsx scripts/bench-validators.ts`: operations per second of the generated request validators for
 * createCompletion, createEmbedding, searchVectorStore and runGrader, on a valid and an invalid body, side by
 * side in one run with ajv (2020-12, compiled from the same bundled schemas, allErrors) and zod (hand-written
 * equivalent schemas). CPU time, the peers interleaved round by round (ours with ajv, then ours with zod, in rounds
 * of their own); medians and spreads over --samples rounds (default 9), and the median of the rounds' ratios.
 *
 * Fairness notes: the generated validators run compiled to JavaScript, one ES module per file, as a build would
 * run them (not through tsx, which reads every imported binding through a getter). They are measured through `validateRequest` (parameters, body, unknown
 * top-level fields, x-rules, defaults), which does more work than the peers, and through `validateSchema` on the
 * body's schema alone, which is what the peers do; ajv
 * ignores `x-rules`; zod's runGrader covers the grader variants the bodies use (others are passthrough objects).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { parseArgs } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { loadSpec } from '../generator/load/index.ts';
import { runPipeline } from '../generator/pipeline.ts';
import { writeTree } from '../generator/render/write.ts';
import { mulberry32, shuffle } from './bench/random.ts';
import { stats } from './bench/stats.ts';
import { formatSize, sizeSpecExists, validatorSize } from './bench/validator-size.ts';
import { GITHUB_SPEC } from './bench/github.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '9' },
    spec: { type: 'string', default: 'spec/openapi.yaml' },
    'size-spec': { type: 'string', default: GITHUB_SPEC },
    'no-size': { type: 'boolean', default: false },
  },
});
const samples = Math.max(3, Number(values.samples));

// 1. The generated validators, from the real spec.
const out = path.resolve('.tmp/bench-validators');
writeTree(out, (await runPipeline({ spec: values.spec, emitters: ['validators'] })).files, { force: true });
// Run as users run it: compiled to JavaScript, one ES module per file (as tsc emits it), loaded natively. Loaded
// through tsx instead, every imported binding would be read through a getter, a cost no compiled build has.
const js = path.resolve('.tmp/bench-validators-js');
fs.rmSync(js, { recursive: true, force: true });
for (const file of fs
  .readdirSync(path.join(out, 'validators'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))) {
  const { code } = await transform(fs.readFileSync(path.join(out, 'validators', file), 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
  });
  fs.mkdirSync(path.dirname(path.join(js, file)), { recursive: true });
  fs.writeFileSync(path.join(js, file.replace(/\.ts$/, '.js')), code);
}
fs.writeFileSync(path.join(js, 'package.json'), '{ "type": "module" }\n');
const generated = (await import(pathToFileURL(path.join(js, 'index.js')).href)) as {
  validateRequest(op: string, input: { body?: unknown; path?: Record<string, string> }): { ok: boolean };
  validateSchema(name: string, value: unknown): { ok: boolean };
};

// 2. ajv on the same bundled schemas.
const { document } = await loadSpec(values.spec);
const doc = document as unknown as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  components: { schemas: Record<string, unknown> };
};
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'https://bench.local/api', components: { schemas: doc.components.schemas } });
const ajvFor = (schemaName: string) =>
  ajv.compile({ $ref: `https://bench.local/api#/components/schemas/${schemaName}` });

// 3. zod equivalents.
const nullable = <T extends z.ZodType>(t: T) => t.nullable();
const tokenArrays = [
  z.string(),
  z.array(z.string()),
  z.array(z.number().int()),
  z.array(z.array(z.number().int())),
] as const;
const zCompletion = z
  .object({
    model: z.string(),
    prompt: z.union([...tokenArrays, z.null()]),
    best_of: nullable(z.number().int()).optional(),
    echo: nullable(z.boolean()).optional(),
    frequency_penalty: nullable(z.number().min(-2).max(2)).optional(),
    presence_penalty: nullable(z.number().min(-2).max(2)).optional(),
    logit_bias: nullable(z.record(z.string().regex(/^[0-9]+$/), z.number().min(-100).max(100))).optional(),
    logprobs: nullable(z.number().int().max(5)).optional(),
    max_tokens: nullable(z.number().int()).optional(),
    n: nullable(z.number().int()).optional(),
    seed: nullable(z.number().int()).optional(),
    stop: z.union([z.string(), z.array(z.string()).max(4), z.null()]).optional(),
    stream: nullable(z.boolean()).optional(),
    stream_options: nullable(z.object({ include_usage: z.boolean().optional() })).optional(),
    suffix: nullable(z.string()).optional(),
    temperature: nullable(z.number().min(0).max(2)).optional(),
    top_p: nullable(z.number()).optional(),
    user: z.string().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.stream === true && v.best_of != null)
      ctx.addIssue({ code: 'custom', path: ['best_of'], message: 'must be null when streaming' });
    if (v.stream !== true && v.stream_options != null)
      ctx.addIssue({ code: 'custom', path: ['stream_options'], message: 'must be null' });
    if (typeof v.suffix === 'string' && v.model !== 'gpt-3.5-turbo-instruct')
      ctx.addIssue({ code: 'custom', path: ['model'], message: 'suffix needs gpt-3.5-turbo-instruct' });
    if (typeof v.best_of === 'number' && typeof (v.n ?? 1) === 'number' && !(v.best_of > (v.n ?? 1)))
      ctx.addIssue({ code: 'custom', path: ['best_of'], message: 'best_of must be greater than n.' });
  });
const zEmbedding = z
  .object({
    input: z.union([
      z.string().min(1),
      z.array(z.string().min(1)).min(1).max(2048),
      z.array(z.number().int()).min(1).max(2048),
      z.array(z.array(z.number().int()).min(1).max(2048)).min(1).max(2048),
    ]),
    model: z.string(),
    dimensions: z.number().int().optional(),
    encoding_format: z.enum(['float', 'base64']).optional(),
    user: z.string().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.dimensions !== undefined && !/^text-embedding-([3-9]|[1-9][0-9]+)(-|$)/.test(v.model))
      ctx.addIssue({ code: 'custom', path: ['model'], message: 'pattern' });
  });
type Filter = { type: string; key?: string; value?: unknown; filters?: Filter[] };
const zFilter: z.ZodType<Filter> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      key: z.string(),
      type: z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin']),
      value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
    }),
    z.object({ type: z.enum(['and', 'or']), filters: z.array(zFilter) }),
  ]),
);
const zSearch = z
  .object({
    query: z.union([z.string(), z.array(z.string())]),
    filters: zFilter.optional(),
    max_num_results: z.number().int().min(1).max(50).optional(),
    ranking_options: z
      .object({
        ranker: z.enum(['none', 'auto', 'default-2024-11-15']).optional(),
        score_threshold: z.number().optional(),
      })
      .optional(),
    rewrite_query: z.boolean().optional(),
  })
  .strict();
const zGraderRun = z
  .object({
    grader: z.discriminatedUnion('type', [
      z.object({
        type: z.literal('string_check'),
        name: z.string(),
        input: z.string(),
        reference: z.string(),
        operation: z.enum(['eq', 'ne', 'like', 'ilike']),
      }),
      z.object({
        type: z.literal('text_similarity'),
        name: z.string(),
        input: z.string(),
        reference: z.string(),
        evaluation_metric: z.enum([
          'cosine',
          'fuzzy_match',
          'bleu',
          'gleu',
          'meteor',
          'rouge_1',
          'rouge_2',
          'rouge_3',
          'rouge_4',
          'rouge_5',
          'rouge_l',
        ]),
      }),
      z.object({
        type: z.literal('python'),
        name: z.string(),
        source: z.string(),
        image_tag: z.string().optional(),
      }),
      z.looseObject({ type: z.literal('score_model') }),
      z.looseObject({ type: z.literal('multi') }),
    ]),
    model_sample: z.string(),
    item: z.unknown().optional(),
  })
  .strict();

interface Case {
  operationId: string;
  schema: string;
  path?: Record<string, string>;
  zod: z.ZodType;
  valid: unknown;
  invalid: unknown;
}

const cases: Case[] = [
  {
    operationId: 'createCompletion',
    schema: 'CompletionCreateRequest',
    zod: zCompletion,
    valid: {
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say this is a test',
      max_tokens: 7,
      temperature: 0,
      n: 1,
      stream: false,
      logprobs: null,
      stop: '\n',
    },
    invalid: { model: 'x', prompt: 5, temperature: 3, best_of: 1, n: 2, logit_bias: { abc: 500 } },
  },
  {
    operationId: 'createEmbedding',
    schema: 'EmbeddingCreateRequest',
    zod: zEmbedding,
    valid: {
      model: 'text-embedding-3-small',
      input: ['The food was delicious and the waiter was kind.', 'Second input'],
      encoding_format: 'float',
      dimensions: 256,
    },
    invalid: { model: 'text-embedding-ada-002', input: '', dimensions: 1.5, encoding_format: 'hex' },
  },
  {
    operationId: 'searchVectorStore',
    schema: 'VectorStoreSearchRequest',
    path: { vector_store_id: 'vs_123' },
    zod: zSearch,
    valid: {
      query: 'What is the return policy?',
      max_num_results: 10,
      filters: {
        type: 'and',
        filters: [
          { type: 'eq', key: 'region', value: 'us' },
          { type: 'gte', key: 'date', value: 1704067200 },
        ],
      },
      ranking_options: { ranker: 'auto', score_threshold: 0.5 },
    },
    invalid: { query: 3, max_num_results: 0, filters: { type: 'xor', filters: [] } },
  },
  {
    operationId: 'runGrader',
    schema: 'GraderRunRequest',
    zod: zGraderRun,
    valid: {
      grader: {
        type: 'string_check',
        name: 'g',
        input: '{{sample.output_text}}',
        reference: '{{item.label}}',
        operation: 'eq',
      },
      model_sample: 'yes',
      item: { label: 'yes' },
    },
    invalid: { grader: { type: 'string_check', name: 1, operation: 'gt' }, model_sample: 2 },
  },
];

// `npm run bench:validators` passes --single-threaded-gc: every collection runs on this thread, so the process's CPU
// time is the measured code's and the collection of its own garbage. (No collection is forced between batches: a
// forced full collection made the next batch of an allocating validator several times slower, for every peer.)

/** CPU time of this process in ms: a shared machine's other load does not count, as it would in wall time. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The batch size that takes ~20 ms of CPU (which also warms the function up). */
function calibrate(fn: () => unknown): number {
  let batch = 1000;
  for (;;) {
    const t = cpuMs();
    for (let i = 0; i < batch; i++) fn();
    if (cpuMs() - t > 20) return batch;
    batch *= 2;
  }
}

/**
 * Ops per CPU-second of each of `fns`, sample by sample in rounds (one batch of each per round), so a change in the
 * machine's load falls on every peer of a round alike and the per-round ratios stay comparable. Each round runs the
 * peers in its own order (a seeded shuffle): a batch that follows zod's (which leaves the most garbage) pays for
 * collecting it, and with a fixed order, or one merely rotated, that was always the same peer.
 */
function measureRounds(fns: (() => unknown)[]): number[][] {
  const batches = fns.map(calibrate);
  const out = fns.map((): number[] => []);
  // One round more than measured, the first discarded: every peer's code is optimised before the samples start.
  for (let s = -1; s < samples; s++) {
    for (const j of shuffle(
      fns.map((_, i) => i),
      mulberry32(s + 2),
    )) {
      const fn = fns[j]!;
      const batch = batches[j]!;
      const t = cpuMs();
      for (let i = 0; i < batch; i++) fn();
      if (s >= 0) out[j]!.push(batch / (Math.max(cpuMs() - t, 0.001) / 1000));
    }
  }
  return out;
}

const k = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : `${(n / 1e3).toFixed(0)} k`);
const lines: string[] = [
  `Validators: ops per CPU-second, median of ${samples} rounds (min–max), ours interleaved with ajv in one set of rounds and with zod in another; ratios: median (min–max) of the rounds' ratios; Node ${process.version}.`,
  '',
  '| operation | body | generated validateRequest | generated body schema | ajv | zod | request / ajv | request / zod | schema / ajv | schema / zod |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const c of cases) {
  const ajvValidate = ajvFor(c.schema);
  for (const kind of ['valid', 'invalid'] as const) {
    const body = c[kind];
    // The input is made once, as the peers' body is: the validator reads it and never changes it.
    const input = { body, path: c.path ?? {} };
    const ours = () => generated.validateRequest(c.operationId, input);
    const schemaOnly = () => generated.validateSchema(c.schema, body);
    const agree = [ours().ok, schemaOnly().ok, ajvValidate(body), c.zod.safeParse(body).success];
    if (agree.some((ok) => ok !== (kind === 'valid')))
      throw new Error(
        `${c.operationId} ${kind}: validators disagree (request, schema, ajv, zod) = ${agree.join(', ')}`,
      );
    // ajv's rounds and zod's apart: zod leaves several times the garbage of the others, and whichever batch ran
    // next paid for collecting it (single rounds from 0.3x to 9x ajv). Each ratio still comes from one set of rounds.
    const [g, gs, a] = measureRounds([ours, schemaOnly, () => ajvValidate(body)]) as [
      number[],
      number[],
      number[],
    ];
    const [gz, gsz, zz] = measureRounds([ours, schemaOnly, () => c.zod.safeParse(body)]) as [
      number[],
      number[],
      number[],
    ];
    const cell = (x: number[]) => {
      const st = stats(x);
      return `${k(st.median)} (${k(st.min)}–${k(st.max)})`;
    };
    const ratio = (x: number[], y: number[]) => {
      const st = stats(x.map((n, i) => n / y[i]!));
      return `${st.median.toFixed(1)}x (${st.min.toFixed(1)}–${st.max.toFixed(1)})`;
    };
    lines.push(
      `| ${c.operationId} | ${kind} | ${cell(g)} | ${cell(gs)} | ${cell(a)} | ${cell(zz)} | ${ratio(g, a)} | ${ratio(gz, zz)} | ${ratio(gs, a)} | ${ratio(gsz, zz)} |`,
    );
  }
}
console.log(lines.join('\n'));

// 4. Output size on a large spec (GitHub's by default), beside ajv's standalone code for the same schemas.
if (!values['no-size']) {
  const sizeSpec = values['size-spec'];
  if (!sizeSpecExists(sizeSpec))
    console.log(`\nValidator size: ${sizeSpec} not found (--size-spec <file>, or --no-size).`);
  else console.log(`\n${formatSize(await validatorSize(sizeSpec))}`);
}
