/**
 * Operations that compute something answer deterministic fakes over HTTP, through the generated client, each
 * answer checked by the response validator: embeddings (unit vectors, `dimensions`, base64), completions (and
 * their SSE stream with the usage chunk and `[DONE]`), moderations over every category, images (valid PNGs of
 * the requested size), speech, transcriptions in every format (speech transcribed gives its text back), token
 * counts, and graders evaluated for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../generated/client/index.ts';
import type { RunningEmulator } from '../../generated/emulator/index.ts';
import { invalidAnswers, start } from './helpers.ts';

let emulator: RunningEmulator;
let client: PlatformClient;
let base: string;

beforeAll(async () => {
  ({ emulator, client, base } = await start());
});
afterAll(async () => {
  await emulator.close();
});

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('computed answers', () => {
  it('embeddings: unit vectors of the input, same input same vector, dimensions honoured, base64 where the schema allows it', async () => {
    const a = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['hello', 'world', 'hello'],
      dimensions: 8,
    });
    expect(a.data).toHaveLength(3);
    const [h, w, h2] = a.data.map((d) => d.embedding);
    expect(h).toHaveLength(8);
    expect(norm(h!)).toBeCloseTo(1, 6);
    expect(h2).toEqual(h);
    expect(w).not.toEqual(h);
    // Our spec shows `embedding` only as an array of numbers, also for base64: the emulator answers what the schema allows.
    const b = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: 'hello',
      dimensions: 8,
      encoding_format: 'base64',
    });
    expect(b.data[0]!.embedding).toEqual(h);
    expect(a.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it('completions: text from the prompt, max_tokens honoured, deterministic', async () => {
    const one = await client.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say something',
      max_tokens: 5,
    });
    const two = await client.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say something',
      max_tokens: 5,
    });
    expect(one.choices[0]!.text).toBe(two.choices[0]!.text);
    expect(one.choices[0]!.finish_reason).toBe('length');
    expect(one.usage?.completion_tokens).toBe(5);
  });

  it('completions stream: SSE chunks, finish reason on the last, one usage chunk, then [DONE]', async () => {
    const res = await fetch(`${base}/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        prompt: 'Tell a story',
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events
      .slice(0, -1)
      .map(
        (e) => JSON.parse(e) as { choices: { text: string; finish_reason: string | null }[]; usage: unknown },
      );
    const usage = chunks.at(-1)!;
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toMatchObject({ total_tokens: expect.any(Number) });
    const text = chunks
      .slice(0, -1)
      .map((c) => c.choices[0]!.text)
      .join('');
    expect(chunks.at(-2)!.choices[0]!.finish_reason).not.toBeNull();
    expect(chunks.slice(0, -2).every((c) => c.choices[0]!.finish_reason === null && c.usage === null)).toBe(
      true,
    );
    const whole = await client.completions.create({ model: 'm', prompt: 'Tell a story' });
    expect(text).toBe(whole.choices[0]!.text);
    let streamed = '';
    for await (const chunk of await client.completions.create({
      model: 'm',
      prompt: 'Tell a story',
      stream: true,
    }))
      streamed += chunk.choices[0]?.text ?? '';
    expect(streamed).toBe(text);
  });

  it('moderations: every category of the spec, flagged on request', async () => {
    const r = await client.moderations.create({ input: ['a calm sentence', 'please [flag:violence]'] });
    expect(r.results).toHaveLength(2);
    expect(Object.keys(r.results[0]!.category_scores).length).toBeGreaterThan(10);
    expect(r.results[0]!.flagged).toBe(false);
    expect(r.results[1]!.flagged).toBe(true);
    expect(r.results[1]!.categories.violence).toBe(true);
  });

  it('images: a valid PNG of the requested size', async () => {
    const r = await client.images.generate({ prompt: 'a red square', size: '1024x1536' });
    const png = Buffer.from(r.data![0]!.b64_json!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1536]);
  });

  it('speech and transcription: audio in the requested format, transcribed back in every format', async () => {
    const speech = await fetch(`${base}/audio/speech`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'tts-1',
        input: 'Hello from the emulator.',
        voice: 'alloy',
        response_format: 'wav',
      }),
    });
    expect(speech.status).toBe(200);
    const wav = new Uint8Array(await speech.arrayBuffer());
    expect(Buffer.from(wav.subarray(0, 4)).toString()).toBe('RIFF');
    for (const format of ['json', 'text', 'srt', 'verbose_json', 'vtt']) {
      const form = new FormData();
      form.set('file', new Blob([wav], { type: 'audio/wav' }), 'speech.wav');
      form.set('model', 'whisper-1');
      form.set('response_format', format);
      const res = await fetch(`${base}/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: 'Bearer k' },
        body: form,
      });
      expect(res.status, format).toBe(200);
      const text = await res.text();
      expect(text, format).toContain('Hello from the emulator');
      if (format === 'srt') expect(text).toMatch(/^1\n00:00:00,000 --> /);
      if (format === 'vtt') expect(text.startsWith('WEBVTT')).toBe(true);
    }
  });

  it('token counts and graders', async () => {
    const count = await client.responses.inputTokens.count({ model: 'gpt-5', input: 'one two three' });
    expect(count.input_tokens).toBeGreaterThan(0);
    const pass = await client.fineTuning.alpha.graders.run({
      grader: {
        type: 'string_check',
        name: 's',
        input: '{{sample.output_text}}',
        reference: 'Paris',
        operation: 'eq',
      },
      model_sample: 'Paris',
    });
    expect(pass.reward).toBe(1);
    const fail = await client.fineTuning.alpha.graders.run({
      grader: {
        type: 'string_check',
        name: 's',
        input: '{{sample.output_text}}',
        reference: 'Paris',
        operation: 'eq',
      },
      model_sample: 'Lyon',
    });
    expect(fail.reward).toBe(0);
    const similar = await client.fineTuning.alpha.graders.run({
      grader: {
        type: 'text_similarity',
        name: 't',
        input: '{{sample.output_text}}',
        reference: 'the cat sat',
        evaluation_metric: 'fuzzy_match',
      },
      model_sample: 'the cat sat',
    });
    expect(similar.reward).toBe(1);
  });

  it('answered only values of the response schemas', () => {
    expect(invalidAnswers()).toEqual([]);
  });
});

describe('speech as server-sent events', () => {
  it('streams the audio in base64 chunks, then a done event and [DONE] (events not documented: an emulator assumption)', async () => {
    const body = JSON.stringify({
      model: 'gpt-4o-mini-tts',
      input: 'Streamed speech.',
      voice: 'alloy',
      response_format: 'wav',
    });
    const headers = { authorization: 'Bearer k', 'content-type': 'application/json' };
    const whole = new Uint8Array(
      await (await fetch(`${base}/audio/speech`, { method: 'POST', headers, body })).arrayBuffer(),
    );
    const res = await fetch(`${base}/audio/speech`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...JSON.parse(body), stream_format: 'sse' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ''));
    const parsed = events
      .filter((e) => e !== '[DONE]')
      .map((e) => JSON.parse(e) as { type: string; audio?: string });
    // The done event carries the usage its schema requires.
    expect(parsed.at(-1)).toEqual({
      type: 'speech.audio.done',
      usage: {
        input_tokens: expect.any(Number),
        output_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      },
    });
    expect(Buffer.concat(parsed.filter((e) => e.audio).map((e) => Buffer.from(e.audio!, 'base64')))).toEqual(
      Buffer.from(whole),
    );
  });
});
