/**
 * Every conditional (if/then/else, not) and every x-rules rule of the real spec's request bodies, by hand: a
 * request just inside reaches the handler, one just outside gets 400 naming the field, and the x-rules messages
 * are the seeds' wording. ajv (same bundled document) confirms each conditional case; x-rules are outside JSON
 * Schema, so there ajv must accept both sides and only the generated validator can tell them apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../helpers.ts';
import { errorMessages, errorPaths, operations, oracle, send, start, values } from './shared.ts';

const SEED = {
  bestOf: 'best_of must be greater than n.',
  chunk: 'chunk_overlap_tokens must not exceed half of max_chunk_size_tokens.',
  subset: 'passing_labels must be a subset of labels.',
  dimensions:
    "For gpt-image-2 models any WIDTHxHEIGHT with both divisible by 16, aspect ratio between 1:3 and 3:1, maximum 3840x2160 (above 2560x1440 experimental), within the model's pixel and edge limits.",
};

interface RuleCase {
  rule: string;
  op: string;
  media?: string;
  inside: Record<string, unknown>;
  outside: Record<string, unknown>;
  /** Pointers the 400 may name. */
  pointers: string[];
  /** x-rules: the seeds' message, and ajv accepts both sides. */
  message?: string;
  /** The body is `inside`/`outside` as given, not merged into a generated one. */
  exact?: boolean;
  /** A known bug of the generated validator: the case is expected to fail (see the report). */
  bug?: string;
}

const op = (id: string) => operations.find((o) => o.operationId === id)!;
const contentOf = (id: string, media = 'application/json') =>
  op(id).requestBody!.contents.find((c) => c.mediaType === media)!;
const base = (id: string, media?: string) =>
  values.gen(contentOf(id, media).type, 0, 0, media === 'multipart/form-data') as Record<string, unknown>;
const wav = () => new File([new Uint8Array([82, 73, 70, 70])], 'a.wav', { type: 'audio/wav' });
const labelGrader = (passing: string[]) => ({
  type: 'label_model',
  name: 'g',
  model: 'gpt-4o',
  input: [{ role: 'user', content: 'Is {{item.x}} good?' }],
  labels: ['good', 'bad'],
  passing_labels: passing,
});
const x509 = () =>
  values.gen({ kind: 'ref', target: 'TokenExchangeX509Request', nullable: false, pointer: '' }) as Record<
    string,
    unknown
  >;
const gpt2 = (size: string) => ({ model: 'gpt-image-2', prompt: 'otter', size });
const multi = (passing: string[]) => ({
  type: 'multi',
  name: 'm',
  calculate_output: 'g',
  graders: [labelGrader(passing)],
});
const images = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ image_url: `https://example.com/${i}.png` }));

const CASES: RuleCase[] = [
  // createSpeech: if model tts-1/tts-1-hd then stream_format const audio and not instructions.
  {
    rule: 'if model ∈ {tts-1, tts-1-hd} then stream_format = audio',
    op: 'createSpeech',
    inside: { model: 'tts-1', stream_format: 'audio' },
    outside: { model: 'tts-1', stream_format: 'sse' },
    pointers: ['/body/stream_format', '/body'],
  },
  {
    rule: 'if model ∈ {tts-1, tts-1-hd} then not instructions',
    op: 'createSpeech',
    inside: { model: 'gpt-4o-mini-tts', instructions: 'calm' },
    outside: { model: 'tts-1-hd', instructions: 'calm' },
    pointers: ['/body', '/body/instructions'],
  },
  // createTranscription (multipart): response_format by model.
  {
    rule: 'if model ∈ {gpt-4o-transcribe, gpt-4o-mini-transcribe} then response_format = json',
    op: 'createTranscription',
    media: 'multipart/form-data',
    inside: { file: wav(), model: 'gpt-4o-transcribe', response_format: 'json' },
    outside: { file: wav(), model: 'gpt-4o-mini-transcribe', response_format: 'text' },
    pointers: ['/body/response_format', '/body'],
  },
  {
    rule: 'if model = gpt-4o-transcribe-diarize then response_format ∈ {json, text, diarized_json}',
    op: 'createTranscription',
    media: 'multipart/form-data',
    inside: { file: wav(), model: 'gpt-4o-transcribe-diarize', response_format: 'diarized_json' },
    outside: { file: wav(), model: 'gpt-4o-transcribe-diarize', response_format: 'srt' },
    pointers: ['/body/response_format', '/body'],
  },
  // createCompletion.
  {
    rule: 'if stream = true then best_of null (cannot be streamed)',
    op: 'createCompletion',
    inside: { model: 'm', prompt: 'p', stream: true, best_of: null },
    outside: { model: 'm', prompt: 'p', stream: true, best_of: 2 },
    pointers: ['/body/best_of', '/body'],
  },
  {
    rule: 'else (stream not true) stream_options null',
    op: 'createCompletion',
    inside: { model: 'm', prompt: 'p', stream: true, stream_options: { include_usage: true } },
    outside: { model: 'm', prompt: 'p', stream: false, stream_options: { include_usage: true } },
    pointers: ['/body/stream_options', '/body'],
  },
  {
    rule: 'if suffix then model = gpt-3.5-turbo-instruct',
    op: 'createCompletion',
    inside: { model: 'gpt-3.5-turbo-instruct', prompt: 'p', suffix: 'end' },
    outside: { model: 'davinci-002', prompt: 'p', suffix: 'end' },
    pointers: ['/body/model', '/body'],
  },
  {
    rule: 'x-rules compare best_of > n',
    op: 'createCompletion',
    inside: { model: 'm', prompt: 'p', n: 2, best_of: 3 },
    outside: { model: 'm', prompt: 'p', n: 2, best_of: 2 },
    pointers: ['/body/best_of'],
    message: SEED.bestOf,
  },
  // createEmbedding: dimensions only for text-embedding-3 and later.
  {
    rule: 'if dimensions then model matches ^text-embedding-([3-9]|…)',
    op: 'createEmbedding',
    inside: { model: 'text-embedding-3-small', input: 'a', dimensions: 256 },
    outside: { model: 'text-embedding-ada-002', input: 'a', dimensions: 256 },
    pointers: ['/body/model', '/body'],
  },
  // createImageEdit (JSON).
  {
    rule: 'if model ≠ dall-e-2 then images maxItems 16',
    op: 'createImageEdit',
    inside: { model: 'gpt-image-1', prompt: 'p', images: images(16) },
    outside: { model: 'gpt-image-1', prompt: 'p', images: images(17) },
    pointers: ['/body/images'],
  },
  {
    rule: 'if model = dall-e-2 the 16-image limit does not apply',
    op: 'createImageEdit',
    inside: { model: 'dall-e-2', prompt: 'p', images: images(17) },
    outside: { prompt: 'p', images: images(17) },
    pointers: ['/body/images'],
  },
  {
    rule: 'if background = transparent then output_format ∈ {png, webp, null}',
    op: 'createImageEdit',
    inside: { prompt: 'p', images: images(1), background: 'transparent', output_format: 'webp' },
    outside: { prompt: 'p', images: images(1), background: 'transparent', output_format: 'jpeg' },
    pointers: ['/body/output_format', '/body'],
  },
  // createImage.
  {
    rule: 'if model = dall-e-2 then prompt maxLength 1000',
    op: 'createImage',
    inside: { model: 'dall-e-2', prompt: 'a'.repeat(1000) },
    outside: { model: 'dall-e-2', prompt: 'a'.repeat(1001) },
    pointers: ['/body/prompt'],
  },
  {
    rule: 'if model = dall-e-2 then size ∈ {256x256, 512x512, 1024x1024}',
    op: 'createImage',
    inside: { model: 'dall-e-2', prompt: 'p', size: '512x512' },
    outside: { model: 'dall-e-2', prompt: 'p', size: '1792x1024' },
    pointers: ['/body/size'],
  },
  {
    rule: 'if model = dall-e-2 then quality ∈ {standard, auto, null}',
    op: 'createImage',
    inside: { model: 'dall-e-2', prompt: 'p', quality: 'standard' },
    outside: { model: 'dall-e-2', prompt: 'p', quality: 'hd' },
    pointers: ['/body/quality'],
  },
  {
    rule: 'if model = dall-e-3 then prompt maxLength 4000',
    op: 'createImage',
    inside: { model: 'dall-e-3', prompt: 'a'.repeat(4000) },
    outside: { model: 'dall-e-3', prompt: 'a'.repeat(4001) },
    pointers: ['/body/prompt'],
  },
  {
    rule: 'if model = dall-e-3 then n maximum 1',
    op: 'createImage',
    inside: { model: 'dall-e-3', prompt: 'p', n: 1 },
    outside: { model: 'dall-e-3', prompt: 'p', n: 2 },
    pointers: ['/body/n'],
  },
  {
    rule: 'if model = dall-e-3 then size ∈ {1024x1024, 1792x1024, 1024x1792}',
    op: 'createImage',
    inside: { model: 'dall-e-3', prompt: 'p', size: '1024x1792' },
    outside: { model: 'dall-e-3', prompt: 'p', size: '512x512' },
    pointers: ['/body/size'],
  },
  {
    rule: 'if model = dall-e-3 then quality ∈ {hd, standard, auto, null}',
    op: 'createImage',
    inside: { model: 'dall-e-3', prompt: 'p', quality: 'hd' },
    outside: { model: 'dall-e-3', prompt: 'p', quality: 'low' },
    pointers: ['/body/quality'],
  },
  {
    rule: 'if model ∈ {dall-e-2, dall-e-3} then background null',
    op: 'createImage',
    inside: { model: 'dall-e-3', prompt: 'p', background: null },
    outside: { model: 'dall-e-3', prompt: 'p', background: 'transparent' },
    pointers: ['/body/background'],
  },
  {
    rule: 'if model ∈ {dall-e-2, dall-e-3} then moderation null',
    op: 'createImage',
    inside: { model: 'dall-e-2', prompt: 'p', moderation: null },
    outside: { model: 'dall-e-2', prompt: 'p', moderation: 'low' },
    pointers: ['/body/moderation'],
  },
  {
    rule: 'if model ∈ {dall-e-2, dall-e-3} then output_compression null',
    op: 'createImage',
    inside: { model: 'dall-e-2', prompt: 'p', output_compression: null },
    outside: { model: 'dall-e-2', prompt: 'p', output_compression: 50 },
    pointers: ['/body/output_compression'],
  },
  {
    rule: 'if model ∈ {dall-e-2, dall-e-3} then output_format null',
    op: 'createImage',
    inside: { model: 'gpt-image-1', prompt: 'p', output_format: 'png' },
    outside: { model: 'dall-e-2', prompt: 'p', output_format: 'png' },
    pointers: ['/body/output_format'],
  },
  {
    rule: 'if model ^(gpt-image-|chatgpt-image-) then prompt maxLength 32000',
    op: 'createImage',
    inside: { model: 'gpt-image-1', prompt: 'a'.repeat(32000) },
    outside: { model: 'chatgpt-image-latest', prompt: 'a'.repeat(32001) },
    pointers: ['/body/prompt'],
  },
  {
    rule: 'if model ^(gpt-image-|chatgpt-image-) then quality ∈ {low, medium, high, auto, null}',
    op: 'createImage',
    inside: { model: 'gpt-image-1', prompt: 'p', quality: 'high' },
    outside: { model: 'gpt-image-1', prompt: 'p', quality: 'hd' },
    pointers: ['/body/quality'],
  },
  {
    rule: 'if model ^(gpt-image-|chatgpt-image-) then response_format null',
    op: 'createImage',
    inside: { model: 'dall-e-2', prompt: 'p', response_format: 'url' },
    outside: { model: 'gpt-image-1', prompt: 'p', response_format: 'url' },
    pointers: ['/body/response_format'],
  },
  {
    rule: 'if GPT image model but not gpt-image-2 then size ∈ {auto, 1024x1024, 1536x1024, 1024x1536}',
    op: 'createImage',
    inside: { model: 'gpt-image-1', prompt: 'p', size: '1536x1024' },
    outside: { model: 'gpt-image-1', prompt: 'p', size: '2048x1152' },
    pointers: ['/body/size'],
  },
  {
    rule: 'if model ^gpt-image-2 then size ^(auto|WxH)$',
    op: 'createImage',
    inside: gpt2('auto'),
    outside: gpt2('large'),
    pointers: ['/body/size'],
  },
  {
    rule: 'if model absent then size ∈ {auto, …, 1024x1792}',
    op: 'createImage',
    inside: { prompt: 'p', size: '1792x1024' },
    outside: { prompt: 'p', size: '2048x1152' },
    pointers: ['/body/size'],
  },
  {
    rule: 'if model absent then prompt maxLength 32000',
    op: 'createImage',
    inside: { prompt: 'a'.repeat(32000) },
    outside: { prompt: 'a'.repeat(32001) },
    pointers: ['/body/prompt'],
  },
  // x-rules dimensions (gpt-image-2).
  {
    rule: 'x-rules dimensions: both edges divisible by 16',
    op: 'createImage',
    inside: gpt2('2048x1152'),
    outside: gpt2('2056x1160'),
    pointers: ['/body/size'],
    message: SEED.dimensions,
  },
  {
    rule: 'x-rules dimensions: aspect at most 3:1',
    op: 'createImage',
    inside: gpt2('3072x1024'),
    outside: gpt2('3072x1008'),
    pointers: ['/body/size'],
    message: SEED.dimensions,
  },
  {
    rule: 'x-rules dimensions: aspect at least 1:3',
    op: 'createImage',
    inside: gpt2('1024x3072'),
    outside: gpt2('1008x3072'),
    pointers: ['/body/size'],
    message: SEED.dimensions,
  },
  {
    rule: 'x-rules dimensions: maximum 3840x2160 pixels',
    op: 'createImage',
    inside: gpt2('3840x2160'),
    outside: gpt2('3840x2176'),
    pointers: ['/body/size'],
    message: SEED.dimensions,
  },
  {
    rule: 'x-rules dimensions: edge at most 3840',
    op: 'createImage',
    inside: gpt2('2160x3840'),
    outside: gpt2('1536x3856'),
    pointers: ['/body/size'],
    message: SEED.dimensions,
  },
  {
    rule: 'x-rules dimensions: "auto" is excepted; other models are not subject',
    op: 'createImage',
    inside: { model: 'gpt-image-2-2026-04-21', prompt: 'p', size: 'auto' },
    outside: { model: 'gpt-image-2-2026-04-21', prompt: 'p', size: '100x100' },
    pointers: ['/body/size'],
    message: SEED.dimensions,
  },
  // x-rules subset.
  {
    rule: 'x-rules subset passing_labels ⊆ labels (runGrader)',
    op: 'runGrader',
    inside: { grader: multi(['good']), model_sample: 's' },
    outside: { grader: multi(['great']), model_sample: 's' },
    pointers: ['/body/grader/graders/0/passing_labels', '/body/grader/graders/0/passing_labels/0'],
    message: SEED.subset,
  },
  {
    rule: 'x-rules subset passing_labels ⊆ labels (validateGrader)',
    op: 'validateGrader',
    inside: { grader: multi(['good', 'bad']) },
    outside: { grader: multi(['good', 'ugly']) },
    pointers: ['/body/grader/graders/0/passing_labels', '/body/grader/graders/0/passing_labels/1'],
    message: SEED.subset,
  },
  {
    rule: 'x-rules subset passing_labels ⊆ labels (createEval testing_criteria)',
    op: 'createEval',
    inside: { testing_criteria: [labelGrader(['good'])] },
    outside: { testing_criteria: [labelGrader(['great'])] },
    pointers: ['/body/testing_criteria/0/passing_labels', '/body/testing_criteria/0/passing_labels/0'],
    message: SEED.subset,
  },
  // x-rules compare chunk overlap ≤ half the chunk size.
  {
    rule: 'x-rules compare chunk_overlap_tokens ≤ 0.5 × max_chunk_size_tokens',
    op: 'createVectorStore',
    inside: {
      chunking_strategy: {
        type: 'static',
        static: { max_chunk_size_tokens: 800, chunk_overlap_tokens: 400 },
      },
    },
    outside: {
      chunking_strategy: {
        type: 'static',
        static: { max_chunk_size_tokens: 800, chunk_overlap_tokens: 401 },
      },
    },
    pointers: ['/body/chunking_strategy/static/chunk_overlap_tokens'],
    message: SEED.chunk,
  },
  {
    rule: 'x-rules compare chunk overlap, odd size (101 → 50)',
    op: 'createVectorStore',
    inside: {
      chunking_strategy: { type: 'static', static: { max_chunk_size_tokens: 101, chunk_overlap_tokens: 50 } },
    },
    outside: {
      chunking_strategy: { type: 'static', static: { max_chunk_size_tokens: 101, chunk_overlap_tokens: 51 } },
    },
    pointers: ['/body/chunking_strategy/static/chunk_overlap_tokens'],
    message: SEED.chunk,
  },
  // not.
  {
    rule: 'not: x509 token exchange has no subject_token',
    op: 'exchangeToken',
    inside: x509(),
    outside: { ...x509(), subject_token: 'jwt' },
    pointers: ['/body', '/body/subject_token'],
    exact: true,
  },
  {
    rule: 'not: ResponseOtherTool.type is not "function" (a function tool must be complete)',
    op: 'countInputTokens',
    inside: { tools: [{ type: 'web_search_preview' }] },
    outside: { tools: [{ type: 'function' }] },
    pointers: ['/body/tools/0', '/body/tools/0/name', '/body/tools/0/type'],
  },
];

let srv: Running;
const reached: string[] = [];
beforeAll(async () => {
  const handlers: Record<string, (input: never) => unknown> = {};
  for (const o of operations) handlers[o.operationId] = () => (reached.push(o.operationId), {});
  srv = await start(handlers);
});
afterAll(async () => srv.close());

describe('conditionals and x-rules of the real spec', () => {
  for (const c of CASES) {
    (c.bug ? it.fails : it)(
      `${c.op} ${c.pointers[0]}: ${c.rule}${c.bug ? ` (BUG: ${c.bug})` : ''}`,
      async () => {
        const media = c.media ?? 'application/json';
        const content = contentOf(c.op, media);
        const inside = c.exact ? c.inside : { ...base(c.op, c.media), ...c.inside };
        const outside = c.exact ? c.outside : { ...base(c.op, c.media), ...c.outside };
        if (content.kind === 'json') {
          const ok = oracle(op(c.op), media);
          expect(ok(inside), 'ajv accepts inside').toBe(true);
          expect(ok(outside), c.message ? 'ajv cannot see x-rules' : 'ajv rejects outside').toBe(!!c.message);
        }
        const before = reached.length;
        const r1 = await send(srv.url, op(c.op), { body: inside, content });
        expect(r1.status, `inside: ${r1.text}`).toBe(200);
        expect(reached.length).toBe(before + 1);
        const r2 = await send(srv.url, op(c.op), { body: outside, content });
        expect(r2.status, `outside: ${r2.text}`).toBe(400);
        expect(reached.length).toBe(before + 1);
        const named = errorPaths(r2);
        expect(
          named.some((p) => c.pointers.includes(p)),
          `names ${c.pointers.join(' or ')}: ${named.join(', ')}`,
        ).toBe(true);
        if (c.message) {
          const errors = (r2.json as { error: { errors: { code: string; message: string; path: string }[] } })
            .error.errors;
          expect(errors.find((e) => c.pointers.includes(e.path))?.message).toBe(c.message);
          expect(errorMessages(r2)).toContain(c.message);
        }
      },
    );
  }

  it('every x-rules rule of the IR on a request body has a case (no rule left out)', () => {
    const ruleMessages = new Set<string>();
    for (const s of values.api.schemas) {
      const t = s.type;
      const objs =
        t.kind === 'object'
          ? [t]
          : t.kind === 'intersection'
            ? t.members.filter((m) => m.kind === 'object')
            : [];
      for (const o of objs) for (const r of o.rules) ruleMessages.add(r.message);
    }
    const covered = new Set(CASES.map((c) => c.message).filter(Boolean));
    expect([...ruleMessages].filter((m) => !covered.has(m))).toEqual([]);
  });

  // Cosmetic bug: the envelope's message is `${path} ${message}.`, so a rule message ending in "." gets "..".
  it('the envelope message of an x-rules error ends with one full stop (seed messages already end with ".")', async () => {
    const r = await send(srv.url, op('createCompletion'), {
      body: { model: 'm', prompt: 'p', n: 2, best_of: 2 },
      content: contentOf('createCompletion'),
    });
    expect((r.json as { error: { message: string } }).error.message).not.toMatch(/\.\.$/);
  });
});
