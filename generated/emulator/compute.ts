// Copied by platform-api-codegen from its runtime (templates/emulator/compute.ts). Do not edit: every generation replaces it.
/**
 * Answers of operations that compute something, from the deterministic fakes (./fakes/): embeddings (unit vectors
 * of the input, `dimensions`, base64), completions (text from the prompt; SSE chunks, the usage chunk, `[DONE]`
 * framed by the server), moderations (every category of the spec), images (PNGs of the requested size), speech
 * (audio in the requested format), transcriptions (every response format), token counts and graders computed
 * where the documents define the computation. Each answer is filled against the operation's schema, so it
 * validates; an operation the emulator cannot compute answers a value of its schema (`made`).
 */
import {
  countTokens,
  embeddingToBase64,
  fakeAudio,
  fakeCompletion,
  fakeEmbedding,
  fakeModeration,
  fakePng,
  fakeTranscription,
  runGrader,
  SPEECH_FORMATS,
  TRANSCRIPTION_FORMATS,
  type SpeechFormat,
  type TranscriptionFormat,
} from './fakes/index.js';
import { fill, type FillContext } from './fill.js';
import type { Compute, HandlerInput } from './handlers.js';
import { jsonOf } from './handlers.js';
import { idWithPrefix } from './ids.js';
import { jsonText, type EmulatorModel, type Json, type JsonObject, type OperationModel } from './types.js';

/** Dimensions of an embedding when the request names none (an emulator choice: the documents give sizes per model only in prose). */
export const DEFAULT_DIMENSIONS = 1536;
/** Bytes of audio per event of a speech stream. */
export const SPEECH_CHUNK_BYTES = 16 * 1024;
/** Side of an image when the request names no size, or `auto`. */
export const DEFAULT_IMAGE_SIZE = 1024;

const texts = (input: unknown): string[] => {
  if (typeof input === 'string') return [input];
  if (Array.isArray(input)) return input.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  return [JSON.stringify(input ?? '')];
};

export function createCompute(model: EmulatorModel, nowSeconds: () => number): Compute {
  const ctx = (): FillContext => ({ schemas: model.schemas, nowSeconds: nowSeconds() });
  const answer = (op: OperationModel, value: JsonObject): Json =>
    op.response ? fill(op.response, value, ctx()) : value;

  const kinds: Record<string, (op: OperationModel, input: HandlerInput, body: JsonObject) => unknown> = {
    embedding(op, _input, body) {
      const dimensions = typeof body.dimensions === 'number' ? body.dimensions : DEFAULT_DIMENSIONS;
      const inputs = texts(body.input);
      const tokens = inputs.reduce((n, t) => n + countTokens(t), 0);
      const made = (base64: boolean) => {
        const data = inputs.map((text, index) => {
          const vector = fakeEmbedding(text, dimensions);
          return {
            object: 'embedding',
            index,
            embedding: base64 ? embeddingToBase64(vector) : vector,
          };
        });
        return answer(op, {
          object: 'list',
          data,
          model: body.model ?? null,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        });
      };
      // base64 where the response schema takes a string there; a schema that shows only the array keeps the array.
      if (body.encoding_format === 'base64') {
        const encoded = made(true) as { data?: { embedding?: unknown }[] };
        if (typeof encoded.data?.[0]?.embedding === 'string') return encoded;
      }
      return made(false);
    },
    completion(op, _input, body) {
      const prompts = texts(body.prompt);
      const n = typeof body.n === 'number' ? body.n : 1;
      const max = typeof body.max_tokens === 'number' ? body.max_tokens : undefined;
      const id = idWithPrefix('cmpl-');
      const created = nowSeconds();
      const choices = prompts.flatMap((p, i) =>
        Array.from({ length: n }, (_, k) => ({
          index: i * n + k,
          ...fakeCompletion(n > 1 ? `${p}#${k}` : p, max),
        })),
      );
      const promptTokens = prompts.reduce((s, p) => s + countTokens(p), 0);
      const completionTokens = choices.reduce((s, c) => s + c.tokens, 0);
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };
      if (body.stream !== true) {
        return answer(op, {
          id,
          object: 'text_completion',
          created,
          model: body.model ?? null,
          choices: choices.map((c) => ({
            index: c.index,
            text: c.text,
            logprobs: null,
            finish_reason: c.finishReason,
          })),
          usage,
        });
      }
      const schema = op.sseEvents?.message ?? Object.values(op.sseEvents ?? {})[0] ?? {};
      const chunk = (value: JsonObject) =>
        fill(schema, { id, object: 'text_completion', created, model: body.model ?? null, ...value }, ctx());
      const includeUsage = (body.stream_options as JsonObject | undefined)?.include_usage === true;
      return (async function* () {
        for (const c of choices) {
          // One chunk per word; the choice's last chunk carries its finish reason.
          const pieces = c.text.match(/\s*\S+/g) ?? [''];
          for (let i = 0; i < pieces.length; i++)
            yield chunk({
              choices: [
                {
                  index: c.index,
                  text: pieces[i]!,
                  logprobs: null,
                  finish_reason: i === pieces.length - 1 ? c.finishReason : null,
                },
              ],
              ...(includeUsage ? { usage: null } : {}),
            });
        }
        if (includeUsage) yield chunk({ choices: [], usage });
      })();
    },
    moderation(op, _input, body) {
      const categories = op.categories ?? [];
      const results = texts(body.input).map((text) => {
        const r = fakeModeration(text, categories);
        return {
          ...r,
          category_applied_input_types: Object.fromEntries(categories.map((c) => [c, ['text']])),
        };
      });
      return answer(op, { id: idWithPrefix('modr-'), model: body.model ?? null, results });
    },
    async image(op, input, body) {
      const size = typeof body.size === 'string' ? body.size.match(/^(\d+)x(\d+)$/) : null;
      const [w, h] = size ? [Number(size[1]), Number(size[2])] : [DEFAULT_IMAGE_SIZE, DEFAULT_IMAGE_SIZE];
      const n = typeof body.n === 'number' ? body.n : 1;
      const seed = `${jsonText(body.prompt ?? '')}:${input.operationId}`;
      const data = Array.from({ length: n }, (_, i) => ({
        b64_json: Buffer.from(fakePng(w, h, `${seed}:${i}`)).toString('base64'),
      }));
      const usage = {
        total_tokens: 0,
        input_tokens: 0,
        output_tokens: 0,
        input_tokens_details: { text_tokens: 0, image_tokens: 0 },
      };
      if (body.stream === true && op.sseEvents) {
        const events = op.sseEvents;
        const named = (name: string, value: JsonObject) => ({
          event: name,
          data: fill(events[name] ?? {}, value, ctx()),
        });
        const partial = Object.keys(events).find((e) => e.endsWith('partial_image'));
        const completed = Object.keys(events).find((e) => e.endsWith('completed'));
        return (async function* () {
          if (partial)
            yield named(partial, { type: partial, b64_json: data[0]!.b64_json, partial_image_index: 0 });
          if (completed) yield named(completed, { type: completed, b64_json: data[0]!.b64_json, usage });
        })();
      }
      return answer(op, { created: nowSeconds(), data, usage });
    },
    speech(op, _input, body) {
      const format = (SPEECH_FORMATS as readonly string[]).includes(jsonText(body.response_format))
        ? (body.response_format as SpeechFormat)
        : 'mp3';
      const audio = new Uint8Array(fakeAudio(format, jsonText(body.input ?? '')));
      if (body.stream_format !== 'sse' || !op.streams) return audio;
      // The stream's events are not documented: the emulator sends the audio in base64 chunks, then a done event
      // (an assumption its README lists).
      return (async function* () {
        for (let i = 0; i < audio.length; i += SPEECH_CHUNK_BYTES) {
          yield {
            type: 'speech.audio.delta',
            audio: Buffer.from(audio.subarray(i, i + SPEECH_CHUNK_BYTES)).toString('base64'),
          };
        }
        // The done event's usage is required by its schema: the input's tokens, one output token per chunk.
        const input_tokens = countTokens(jsonText(body.input ?? ''));
        const output_tokens = Math.ceil(audio.length / SPEECH_CHUNK_BYTES);
        yield {
          type: 'speech.audio.done',
          usage: { input_tokens, output_tokens, total_tokens: input_tokens + output_tokens },
        };
      })();
    },
    async transcription(op, input, body) {
      const file = (input.body as Record<string, unknown> | null)?.file;
      const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
      const format = (TRANSCRIPTION_FORMATS as readonly string[]).includes(jsonText(body.response_format))
        ? (body.response_format as TranscriptionFormat)
        : 'json';
      const names = Array.isArray(body['known_speaker_names[]'] ?? body.known_speaker_names)
        ? ((body['known_speaker_names[]'] ?? body.known_speaker_names) as string[])
        : undefined;
      const result = fakeTranscription(bytes, format, {
        ...(names ? { knownSpeakerNames: names } : {}),
        ...(typeof body.language === 'string' ? { language: body.language } : {}),
      });
      return typeof result === 'string' ? result : answer(op, result);
    },
    tokens(op, _input, body) {
      const text = [body.instructions, body.input]
        .filter((x) => x !== undefined)
        .map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))
        .join('\n');
      return answer(op, { object: 'response.input_tokens', input_tokens: countTokens(text) });
    },
    grader(op, _input, body) {
      const result = runGrader((body.grader ?? {}) as { type?: unknown }, {
        item: body.item,
        ...(typeof body.model_sample === 'string' ? { modelSample: body.model_sample } : {}),
      });
      return result ? answer(op, result as unknown as JsonObject) : undefined;
    },
  };

  return (_operationId, op, input, made) => {
    const kind = op.computes && kinds[op.computes];
    if (!kind) return made();
    return kind(op, input, jsonOf(input.body));
  };
}
