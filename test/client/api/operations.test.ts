/**
 * Every operation of the API's operation table (the inventory, test/spec/inventory.ts) called through the generated client against a real HTTP server: the exact
 * method, path, query, headers and body the server received (JSON and multipart parsed there), and the typed result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient, type EvalCreateRequest } from '../helpers/generated.ts';
import { startServer, type Received, type TestServer } from '../helpers/server.ts';

interface Reply {
  status?: number;
  contentType?: string;
  body: string | Buffer;
}

let server: TestServer;
let client: PlatformClient;
let reply: Reply = { body: '{}' };

beforeAll(async () => {
  server = await startServer((_req, res) => {
    res.writeHead(reply.status ?? 200, {
      'content-type': reply.contentType ?? 'application/json',
      'x-request-id': 'req_op',
    });
    res.end(reply.body);
  });
  client = new PlatformClient({
    apiKey: 'sk-op',
    baseURL: `${server.url}/v1`,
    organization: 'org_op',
    project: 'proj_op',
    maxRetries: 0,
  });
});
afterAll(() => server.close());

/** Calls once with the given reply and returns what the server received and what the call returned. */
async function exchange<T>(
  body: unknown,
  call: () => PromiseLike<T>,
  raw?: Omit<Reply, 'body'> & { body: string | Buffer },
): Promise<{ req: Received; result: T }> {
  reply = raw ?? { body: JSON.stringify(body) };
  const before = server.requests.length;
  const result = await call();
  expect(server.requests).toHaveLength(before + 1);
  const req = server.requests[before]!;
  expect(req.headers.authorization).toBe('Bearer sk-op');
  expect(req.headers['service-organization']).toBe('org_op');
  expect(req.headers['service-project']).toBe('proj_op');
  return { req, result };
}

const list = (data: unknown[], extra: object = {}) => ({
  object: 'list',
  data,
  first_id: null,
  last_id: null,
  has_more: false,
  ...extra,
});
const video = {
  id: 'video_1',
  object: 'video',
  status: 'queued',
  model: 'sora-2',
  progress: 0,
  seconds: '4',
  size: '720x1280',
  created_at: 1,
  completed_at: null,
  expires_at: null,
  error: null,
  prompt: 'p',
  remixed_from_video_id: null,
};
const deleted = (object: string) => ({ id: 'x_1', object, deleted: true });

describe('JSON operations', () => {
  it('responses.inputTokens.count', async () => {
    const { req, result } = await exchange({ object: 'response.input_tokens', input_tokens: 11 }, () =>
      client.responses.inputTokens.count({ model: 'gpt-4o', input: 'hello' }),
    );
    expect([req.method, req.path, req.json]).toEqual([
      'POST',
      '/v1/responses/input_tokens',
      { model: 'gpt-4o', input: 'hello' },
    ]);
    expect(result.input_tokens).toBe(11);
  });

  it('containers.create, list, retrieve, delete', async () => {
    const container = { id: 'cntr_1', object: 'container', name: 'c', status: 'active', created_at: 1 };
    let r = await exchange(container, () =>
      client.containers.create({
        name: 'c',
        memory_limit: '4g',
        expires_after: { anchor: 'last_active_at', minutes: 20 },
      }),
    );
    expect([r.req.method, r.req.path, r.req.json]).toEqual([
      'POST',
      '/v1/containers',
      { name: 'c', memory_limit: '4g', expires_after: { anchor: 'last_active_at', minutes: 20 } },
    ]);
    expect(r.result.id).toBe('cntr_1');
    const l = await exchange(list([container]), () =>
      client.containers.list({ limit: 5, order: 'desc', name: 'c' }),
    );
    expect([l.req.method, l.req.path, l.req.query]).toEqual([
      'GET',
      '/v1/containers',
      { limit: '5', order: 'desc', name: 'c' },
    ]);
    expect(l.result.items[0]!.name).toBe('c');
    r = await exchange(container, () => client.containers.retrieve('cntr_1'));
    expect([r.req.method, r.req.path]).toEqual(['GET', '/v1/containers/cntr_1']);
    const d = await exchange(deleted('container.deleted'), () => client.containers.delete('cntr_1'));
    expect([d.req.method, d.req.path, d.result.deleted]).toEqual(['DELETE', '/v1/containers/cntr_1', true]);
  });

  it('vectorStores.create, list, retrieve, delete, search, files.retrieve, files.update', async () => {
    const store = {
      id: 'vs_1',
      object: 'vector_store',
      name: 's',
      status: 'completed',
      created_at: 1,
      usage_bytes: 0,
      last_active_at: null,
      metadata: null,
      file_counts: { cancelled: 0, completed: 0, failed: 0, in_progress: 0, total: 0 },
    };
    let r = await exchange(store, () =>
      client.vectorStores.create({
        name: 's',
        file_ids: ['file_1'],
        chunking_strategy: {
          type: 'static',
          static: { max_chunk_size_tokens: 800, chunk_overlap_tokens: 400 },
        },
      }),
    );
    expect([r.req.method, r.req.path, r.req.json]).toEqual([
      'POST',
      '/v1/vector_stores',
      {
        name: 's',
        file_ids: ['file_1'],
        chunking_strategy: {
          type: 'static',
          static: { max_chunk_size_tokens: 800, chunk_overlap_tokens: 400 },
        },
      },
    ]);
    const l = await exchange(list([store]), () =>
      client.vectorStores.list({ after: 'vs_0', before: 'vs_9', limit: 2, order: 'asc' }),
    );
    expect([l.req.path, l.req.query]).toEqual([
      '/v1/vector_stores',
      { after: 'vs_0', before: 'vs_9', limit: '2', order: 'asc' },
    ]);
    r = await exchange(store, () => client.vectorStores.retrieve('vs_1'));
    expect([r.req.method, r.req.path, r.result.status]).toEqual([
      'GET',
      '/v1/vector_stores/vs_1',
      'completed',
    ]);
    const d = await exchange(deleted('vector_store.deleted'), () => client.vectorStores.delete('vs_1'));
    expect([d.req.method, d.req.path]).toEqual(['DELETE', '/v1/vector_stores/vs_1']);
    const s = await exchange(
      {
        object: 'vector_store.search_results.page',
        search_query: ['q'],
        data: [{ file_id: 'file_1', attributes: {}, content: [] }],
        has_more: false,
        next_page: null,
      },
      () =>
        client.vectorStores.search('vs_1', {
          query: 'q',
          max_num_results: 5,
          filters: { key: 'k', type: 'eq', value: 'v' },
        }),
    );
    expect([s.req.method, s.req.path, s.req.json]).toEqual([
      'POST',
      '/v1/vector_stores/vs_1/search',
      { query: 'q', max_num_results: 5, filters: { key: 'k', type: 'eq', value: 'v' } },
    ]);
    expect(s.result.data[0]!.file_id).toBe('file_1');
    const file = {
      id: 'file_1',
      object: 'vector_store.file',
      created_at: 1,
      last_error: null,
      status: 'completed',
      usage_bytes: 3,
      vector_store_id: 'vs_1',
    };
    const f = await exchange(file, () => client.vectorStores.files.retrieve('vs_1', 'file_1'));
    expect([f.req.method, f.req.path, f.result.vector_store_id]).toEqual([
      'GET',
      '/v1/vector_stores/vs_1/files/file_1',
      'vs_1',
    ]);
    const u = await exchange({ ...file, attributes: { a: 'b' } }, () =>
      client.vectorStores.files.update('vs_1', 'file_1', { attributes: { a: 'b', n: 1, t: true } }),
    );
    expect([u.req.method, u.req.path, u.req.json]).toEqual([
      'POST',
      '/v1/vector_stores/vs_1/files/file_1',
      { attributes: { a: 'b', n: 1, t: true } },
    ]);
  });

  it('videos (JSON): create, delete, edits, extensions, list, remix, characters.retrieve', async () => {
    let r = await exchange(video, () =>
      client.videos.create({
        prompt: 'p',
        model: 'sora-2',
        seconds: '8',
        size: '1280x720',
        input_reference: { file_id: 'file_1' },
      }),
    );
    expect([r.req.method, r.req.path, r.req.headers['content-type'], r.req.json]).toEqual([
      'POST',
      '/v1/videos',
      'application/json',
      {
        prompt: 'p',
        model: 'sora-2',
        seconds: '8',
        size: '1280x720',
        input_reference: { file_id: 'file_1' },
      },
    ]);
    expect(r.result.status).toBe('queued');
    const d = await exchange(deleted('video.deleted'), () => client.videos.delete('video_1'));
    expect([d.req.method, d.req.path]).toEqual(['DELETE', '/v1/videos/video_1']);
    r = await exchange(video, () => client.videos.edits.create({ prompt: 'p', video: { id: 'video_0' } }));
    expect([r.req.path, r.req.json]).toEqual(['/v1/videos/edits', { prompt: 'p', video: { id: 'video_0' } }]);
    r = await exchange(video, () =>
      client.videos.extensions.create({ prompt: 'p', seconds: '16', video: { id: 'video_0' } }),
    );
    expect([r.req.path, r.req.json]).toEqual([
      '/v1/videos/extensions',
      { prompt: 'p', seconds: '16', video: { id: 'video_0' } },
    ]);
    const l = await exchange(list([video]), () =>
      client.videos.list({ limit: 1, order: 'asc', after: 'video_0' }),
    );
    expect([l.req.method, l.req.path, l.req.query]).toEqual([
      'GET',
      '/v1/videos',
      { limit: '1', order: 'asc', after: 'video_0' },
    ]);
    r = await exchange(video, () => client.videos.remix('video_1', { prompt: 'again' }));
    expect([r.req.method, r.req.path, r.req.json]).toEqual([
      'POST',
      '/v1/videos/video_1/remix',
      { prompt: 'again' },
    ]);
    const c = await exchange({ id: 'char_1', created_at: 1, name: 'Bob' }, () =>
      client.videos.characters.retrieve('char_1'),
    );
    expect([c.req.method, c.req.path, c.result.name]).toEqual(['GET', '/v1/videos/characters/char_1', 'Bob']);
  });

  it('videos.downloadContent returns the raw bytes', async () => {
    const { req, result } = await exchange(
      null,
      () => client.videos.downloadContent('video_1', { variant: 'thumbnail' }),
      { contentType: 'image/webp', body: Buffer.from([0, 1, 2, 255]) },
    );
    expect([req.method, req.path, req.query]).toEqual([
      'GET',
      '/v1/videos/video_1/content',
      { variant: 'thumbnail' },
    ]);
    expect(result.headers.get('content-type')).toBe('image/webp');
    expect([...new Uint8Array(await result.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it('batches.create, cancel, list', async () => {
    const batch = {
      id: 'batch_1',
      object: 'batch',
      completion_window: '24h',
      created_at: 1,
      endpoint: '/v1/completions',
      input_file_id: 'file_1',
      status: 'validating',
    };
    let r = await exchange(batch, () =>
      client.batches.create({
        completion_window: '24h',
        endpoint: '/v1/completions',
        input_file_id: 'file_1',
        metadata: { k: 'v' },
      }),
    );
    expect([r.req.method, r.req.path, r.req.json]).toEqual([
      'POST',
      '/v1/batches',
      {
        completion_window: '24h',
        endpoint: '/v1/completions',
        input_file_id: 'file_1',
        metadata: { k: 'v' },
      },
    ]);
    r = await exchange({ ...batch, status: 'cancelling' }, () => client.batches.cancel('batch_1'));
    expect([r.req.method, r.req.path, r.req.text, r.result.status]).toEqual([
      'POST',
      '/v1/batches/batch_1/cancel',
      '',
      'cancelling',
    ]);
    const l = await exchange(list([batch]), () => client.batches.list({ after: 'batch_0' }));
    expect([l.req.path, l.req.query]).toEqual(['/v1/batches', { after: 'batch_0' }]);
  });

  it('uploads.create, complete, cancel', async () => {
    const upload = {
      id: 'upload_1',
      object: 'upload',
      bytes: 10,
      created_at: 1,
      expires_at: 2,
      filename: 'a.jsonl',
      purpose: 'batch',
      status: 'pending',
    };
    let r = await exchange(upload, () =>
      client.uploads.create({ bytes: 10, filename: 'a.jsonl', mime_type: 'text/jsonl', purpose: 'batch' }),
    );
    expect([r.req.method, r.req.path, r.req.json]).toEqual([
      'POST',
      '/v1/uploads',
      { bytes: 10, filename: 'a.jsonl', mime_type: 'text/jsonl', purpose: 'batch' },
    ]);
    r = await exchange({ ...upload, status: 'completed' }, () =>
      client.uploads.complete('upload_1', { part_ids: ['part_1', 'part_2'], md5: 'abc' }),
    );
    expect([r.req.path, r.req.json]).toEqual([
      '/v1/uploads/upload_1/complete',
      { part_ids: ['part_1', 'part_2'], md5: 'abc' },
    ]);
    r = await exchange({ ...upload, status: 'cancelled' }, () => client.uploads.cancel('upload_1'));
    expect([r.req.method, r.req.path, r.result.status]).toEqual([
      'POST',
      '/v1/uploads/upload_1/cancel',
      'cancelled',
    ]);
  });

  it('models.list, retrieve, delete', async () => {
    const model = { id: 'gpt-x', object: 'model', created: 1, owned_by: 'org' };
    const l = await exchange({ object: 'list', data: [model] }, () => client.models.list());
    expect([l.req.method, l.req.path, l.result.items[0]!.owned_by]).toEqual(['GET', '/v1/models', 'org']);
    const r = await exchange(model, () => client.models.retrieve('ft:gpt-x:org/1'));
    expect(r.req.path).toBe('/v1/models/ft%3Agpt-x%3Aorg%2F1');
    const d = await exchange(deleted('model'), () => client.models.delete('gpt-x'));
    expect([d.req.method, d.req.path]).toEqual(['DELETE', '/v1/models/gpt-x']);
  });

  it('conversations.delete', async () => {
    const d = await exchange(deleted('conversation.deleted'), () => client.conversations.delete('conv_1'));
    expect([d.req.method, d.req.path, d.result.object]).toEqual([
      'DELETE',
      '/v1/conversations/conv_1',
      'conversation.deleted',
    ]);
  });

  it('completions.create (JSON)', async () => {
    const completion = {
      id: 'cmpl_1',
      object: 'text_completion',
      created: 1,
      model: 'davinci-002',
      choices: [{ text: 'hi', index: 0, logprobs: null, finish_reason: 'stop' }],
    };
    const { req, result } = await exchange(completion, () =>
      client.completions.create({ model: 'davinci-002', prompt: 'Say hi', max_tokens: 5 }),
    );
    expect([req.method, req.path, req.json]).toEqual([
      'POST',
      '/v1/completions',
      { model: 'davinci-002', prompt: 'Say hi', max_tokens: 5 },
    ]);
    expect(result.choices[0]!.text).toBe('hi');
  });

  it('embeddings.create and moderations.create', async () => {
    const e = await exchange(
      {
        object: 'list',
        model: 'text-embedding-3-small',
        data: [{ object: 'embedding', index: 0, embedding: [0.1] }],
        usage: { prompt_tokens: 1, total_tokens: 1 },
      },
      () =>
        client.embeddings.create({
          model: 'text-embedding-3-small',
          input: ['a', 'b'],
          dimensions: 8,
          encoding_format: 'float',
        }),
    );
    expect([e.req.path, e.req.json, e.result.data[0]!.embedding]).toEqual([
      '/v1/embeddings',
      { model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 8, encoding_format: 'float' },
      [0.1],
    ]);
    const m = await exchange({ id: 'modr_1', model: 'omni-moderation-latest', results: [] }, () =>
      client.moderations.create({ input: [{ type: 'text', text: 't' }], model: 'omni-moderation-latest' }),
    );
    expect([m.req.path, m.req.json, m.result.id]).toEqual([
      '/v1/moderations',
      { input: [{ type: 'text', text: 't' }], model: 'omni-moderation-latest' },
      'modr_1',
    ]);
  });

  it('images.generate and images.edit (JSON)', async () => {
    const images = { created: 1, data: [{ b64_json: 'aGk=' }] };
    const g = await exchange(images, () =>
      client.images.generate({ prompt: 'a cat', model: 'gpt-image-1', size: '1024x1024', n: 1 }),
    );
    expect([g.req.path, g.req.json, g.result.data?.[0]?.b64_json]).toEqual([
      '/v1/images/generations',
      { prompt: 'a cat', model: 'gpt-image-1', size: '1024x1024', n: 1 },
      'aGk=',
    ]);
    const e = await exchange(images, () =>
      client.images.edit({ prompt: 'add a hat', model: 'gpt-image-1', images: [{ file_id: 'file_1' }] }),
    );
    expect([e.req.path, e.req.headers['content-type'], e.req.json]).toEqual([
      '/v1/images/edits',
      'application/json',
      { prompt: 'add a hat', model: 'gpt-image-1', images: [{ file_id: 'file_1' }] },
    ]);
  });

  it('audio.voiceConsents.list, retrieve, update', async () => {
    const consent = { id: 'cons_1', object: 'audio.voice_consent', name: 'n', language: 'en', created_at: 1 };
    const l = await exchange(list([consent]), () => client.audio.voiceConsents.list({ limit: 3 }));
    expect([l.req.path, l.req.query]).toEqual(['/v1/audio/voice_consents', { limit: '3' }]);
    const r = await exchange(consent, () => client.audio.voiceConsents.retrieve('cons_1'));
    expect([r.req.method, r.req.path]).toEqual(['GET', '/v1/audio/voice_consents/cons_1']);
    const u = await exchange(consent, () => client.audio.voiceConsents.update('cons_1', { name: 'new' }));
    expect([u.req.method, u.req.path, u.req.json]).toEqual([
      'POST',
      '/v1/audio/voice_consents/cons_1',
      { name: 'new' },
    ]);
  });

  it('fineTuning: alpha.graders.run, alpha.graders.validate, jobs.cancel, modelLimits.retrieve', async () => {
    const grader = {
      type: 'string_check',
      name: 'g',
      input: '{{sample.output_text}}',
      reference: 'x',
      operation: 'eq',
    } as const;
    const run = await exchange({ reward: 1, metadata: {}, sub_rewards: {} }, () =>
      client.fineTuning.alpha.graders.run({ grader, model_sample: 'x' }),
    );
    expect([run.req.path, run.req.json]).toEqual([
      '/v1/fine_tuning/alpha/graders/run',
      { grader, model_sample: 'x' },
    ]);
    const v = await exchange({ grader }, () => client.fineTuning.alpha.graders.validate({ grader }));
    expect([v.req.path, v.req.json]).toEqual(['/v1/fine_tuning/alpha/graders/validate', { grader }]);
    const c = await exchange({ id: 'ftjob_1', object: 'fine_tuning.job', status: 'cancelled' }, () =>
      client.fineTuning.jobs.cancel('ftjob_1'),
    );
    expect([c.req.method, c.req.path]).toEqual(['POST', '/v1/fine_tuning/jobs/ftjob_1/cancel']);
    const m = await exchange({ object: 'list', data: [] }, () => client.fineTuning.modelLimits.retrieve());
    expect([m.req.method, m.req.path]).toEqual(['GET', '/v1/fine_tuning/model_limits']);
  });

  it('evals.create', async () => {
    const body: EvalCreateRequest = {
      name: 'e',
      data_source_config: { type: 'custom', item_schema: { type: 'object' } },
      testing_criteria: [
        {
          type: 'string_check',
          name: 'g',
          input: '{{sample.output_text}}',
          reference: '{{item.ref}}',
          operation: 'eq',
        },
      ],
    };
    const { req, result } = await exchange({ id: 'eval_1', object: 'eval', name: 'e' }, () =>
      client.evals.create(body),
    );
    expect([req.method, req.path, req.json]).toEqual(['POST', '/v1/evals', body]);
    expect(result.id).toBe('eval_1');
  });
});

describe('multipart operations', () => {
  it('videos.characters.create', async () => {
    const { req, result } = await exchange({ id: 'char_1', created_at: 1, name: 'Bob' }, () =>
      client.videos.characters.create({ name: 'Bob', video: new Blob(['mp4'], { type: 'video/mp4' }) }),
    );
    expect([req.method, req.path, req.fields]).toEqual(['POST', '/v1/videos/characters', { name: ['Bob'] }]);
    expect(req.files!.video![0]).toMatchObject({ mimeType: 'video/mp4', content: 'mp4' });
    expect(result.id).toBe('char_1');
  });

  it('images.createVariation and images.edit with repeated image[] files', async () => {
    const images = { created: 1, data: [{ url: 'https://x' }] };
    const v = await exchange(images, () =>
      client.images.createVariation({
        image: Buffer.from('img'),
        n: 2,
        size: '1024x1024',
        response_format: 'url',
      }),
    );
    expect([v.req.path, v.req.fields]).toEqual([
      '/v1/images/variations',
      { n: ['2'], size: ['1024x1024'], response_format: ['url'] },
    ]);
    expect(v.req.files!.image![0]!.content).toBe('img');
    const e = await exchange(images, () =>
      client.images.edit({
        prompt: 'hat',
        model: 'gpt-image-1',
        'image[]': [new File(['a'], 'a.png', { type: 'image/png' }), new Uint8Array([98])],
      }),
    );
    expect([e.req.path, e.req.fields]).toEqual([
      '/v1/images/edits',
      { prompt: ['hat'], model: ['gpt-image-1'] },
    ]);
    expect(e.req.files!['image[]']!.map((f) => [f.filename, f.mimeType, f.content])).toEqual([
      ['a.png', 'image/png', 'a'],
      ['upload', 'application/octet-stream', 'b'],
    ]);
  });

  it('audio.transcriptions.create returns JSON or text by response_format, with repeated include[] and known_speaker_names[]', async () => {
    const file = new File(['RIFF'], 'talk.wav', { type: 'audio/wav' });
    const j = await exchange({ text: 'hello' }, () =>
      client.audio.transcriptions.create({
        file,
        model: 'gpt-4o-transcribe',
        'include[]': ['logprobs'],
        response_format: 'json',
      }),
    );
    expect([j.req.path, j.req.fields]).toEqual([
      '/v1/audio/transcriptions',
      { model: ['gpt-4o-transcribe'], 'include[]': ['logprobs'], response_format: ['json'] },
    ]);
    expect(j.req.files!.file).toEqual([{ filename: 'talk.wav', mimeType: 'audio/wav', content: 'RIFF' }]);
    expect(j.result).toEqual({ text: 'hello' });
    const t = await exchange(
      null,
      () =>
        client.audio.transcriptions.create({
          file,
          model: 'gpt-4o-transcribe-diarize',
          response_format: 'srt',
          'known_speaker_names[]': ['Ann', 'Bob'],
        }),
      { contentType: 'text/plain', body: '1\n00:00:00,000 --> 00:00:01,000\nhello\n' },
    );
    expect(t.req.fields!['known_speaker_names[]']).toEqual(['Ann', 'Bob']);
    expect(t.result).toBe('1\n00:00:00,000 --> 00:00:01,000\nhello\n');
  });

  it('audio.voices.create', async () => {
    const { req, result } = await exchange(
      { id: 'voice_1', object: 'audio.voice', name: 'v', created_at: 1 },
      () => client.audio.voices.create({ name: 'v', consent: 'cons_1', audio_sample: new Blob(['wav']) }),
    );
    expect([req.path, req.fields, req.files!.audio_sample![0]!.content]).toEqual([
      '/v1/audio/voices',
      { name: ['v'], consent: ['cons_1'] },
      'wav',
    ]);
    expect(result.id).toBe('voice_1');
  });
});

describe('streaming and binary operations', () => {
  it('completions.create({ stream: true }) streams typed chunks', async () => {
    const chunk = (text: string) =>
      JSON.stringify({
        id: 'c',
        object: 'text_completion',
        created: 1,
        model: 'm',
        choices: [{ text, index: 0, logprobs: null, finish_reason: null }],
      });
    const { req, result } = await exchange(
      null,
      () => client.completions.create({ model: 'davinci-002', prompt: 'p', stream: true }),
      {
        contentType: 'text/event-stream',
        body: `data: ${chunk('a')}\n\ndata: ${chunk('b')}\n\ndata: [DONE]\n\n`,
      },
    );
    expect([req.json, req.headers.accept]).toEqual([
      { model: 'davinci-002', prompt: 'p', stream: true },
      'text/event-stream',
    ]);
    const texts: string[] = [];
    for await (const c of result) texts.push(c.choices[0]!.text);
    expect(texts).toEqual(['a', 'b']);
  });

  it('images.edit({ stream: true }) streams named events', async () => {
    const body =
      'event: image_edit.partial_image\ndata: {"type":"image_edit.partial_image","b64_json":"AA==","partial_image_index":0}\n\nevent: image_edit.completed\ndata: {"type":"image_edit.completed","b64_json":"AQ==","usage":{"total_tokens":3,"input_tokens":1,"output_tokens":2,"input_tokens_details":{"text_tokens":1,"image_tokens":0}}}\n\n';
    const { result } = await exchange(
      null,
      () =>
        client.images.edit({
          prompt: 'p',
          images: [{ image_url: 'https://x/a.png' }],
          stream: true,
          partial_images: 1,
        }),
      { contentType: 'text/event-stream', body },
    );
    const types: string[] = [];
    for await (const e of result) types.push(e.type);
    expect(types).toEqual(['image_edit.partial_image', 'image_edit.completed']);
  });

  it('audio.speech.create returns audio bytes, or an event stream for stream_format sse', async () => {
    const a = await exchange(
      null,
      () =>
        client.audio.speech.create({
          model: 'gpt-4o-mini-tts',
          input: 'hi',
          voice: 'alloy',
          response_format: 'mp3',
        }),
      { contentType: 'audio/mpeg', body: Buffer.from([73, 68, 51]) },
    );
    expect([a.req.path, a.req.json]).toEqual([
      '/v1/audio/speech',
      { model: 'gpt-4o-mini-tts', input: 'hi', voice: 'alloy', response_format: 'mp3' },
    ]);
    expect(Buffer.from(await a.result.arrayBuffer()).toString()).toBe('ID3');
    const s = await exchange(
      null,
      () =>
        client.audio.speech.create({
          model: 'gpt-4o-mini-tts',
          input: 'hi',
          voice: 'alloy',
          stream_format: 'sse',
        }),
      { contentType: 'text/event-stream', body: 'data: {"type":"speech.audio.delta","audio":"AA=="}\n\n' },
    );
    const events: unknown[] = [];
    for await (const e of s.result) events.push(e);
    expect(events).toEqual([{ type: 'speech.audio.delta', audio: 'AA==' }]);
  });
});

describe('token exchange', () => {
  it('auth.exchangeToken posts to auth_url without a bearer (JWT) and to mtls_auth_url (X.509)', async () => {
    const exchanger = new PlatformClient({
      apiKey: null,
      baseURL: 'http://127.0.0.1:1',
      serverVariables: { auth_url: `${server.url}/jwt`, mtls_auth_url: `${server.url}/mtls` },
      maxRetries: 0,
    });
    reply = {
      body: JSON.stringify({
        access_token: 'at',
        issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        token_type: 'Bearer',
        expires_in: 3600,
      }),
    };
    const before = server.requests.length;
    const jwt = await exchanger.auth.exchangeToken({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
      subject_token: 'eyJ',
      identity_provider_id: 'idp_1',
      service_account_id: 'sa_1',
    });
    await exchanger.auth.exchangeToken({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token_type: 'urn:service:params:oauth:token-type:x509',
      identity_provider_id: 'idp_2',
      service_account_id: 'sa_2',
    });
    const [a, b] = server.requests.slice(before);
    expect([a!.method, a!.path, a!.headers.authorization, a!.json]).toEqual([
      'POST',
      '/jwt/oauth/token',
      undefined,
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
        subject_token: 'eyJ',
        identity_provider_id: 'idp_1',
        service_account_id: 'sa_1',
      },
    ]);
    expect([b!.path, (b!.json as { subject_token?: string }).subject_token]).toEqual([
      '/mtls/oauth/token',
      undefined,
    ]);
    expect(jwt.access_token).toBe('at');
  });
});
