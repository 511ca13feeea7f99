/**
 * Fake transcriptions in every `TranscriptionResponseFormat` of the spec: `json`, `text`, `srt`, `verbose_json`,
 * `vtt`, `diarized_json`. The text is the one embedded by `fakeAudio` when the audio came from there (so speech
 * then transcription gives the input back), else sentences derived from the audio's bytes. The duration is read
 * from the file (see `audioInfo`). Segments are sentences, timed in proportion to their length; words likewise
 * within a segment. The numbers the documents describe but the emulator cannot measure are fixed, plausible
 * values: `avg_logprob` -0.25, `compression_ratio` 1.2, `no_speech_prob` 0.01, `temperature` 0; token usage
 * counts 10 input tokens a second of audio and `countTokens` of the text as output.
 */
import { audioInfo } from './audio-info.js';
import { fakeCompletionText } from './completions.js';
import { hash32, hashBytes32 } from './random.js';
import { countTokens } from './tokens.js';

export const TRANSCRIPTION_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json'] as const;
export type TranscriptionFormat = (typeof TRANSCRIPTION_FORMATS)[number];

export interface TranscriptionOptions {
  /** `known_speaker_names[]`: the diarized segments' speakers, in turn; else A, B, A, B... */
  knownSpeakerNames?: readonly string[];
  /** `language` of `verbose_json` (default `en`; the documents give no default). */
  language?: string;
  /** The usage form: `duration` (seconds of audio, default) or `tokens`. */
  usage?: 'duration' | 'tokens';
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface Segment {
  text: string;
  start: number;
  end: number;
}

/** Text for `json`... objects, a string for `text`, `srt` and `vtt`. */
export function fakeTranscription(
  bytes: Uint8Array,
  format: TranscriptionFormat,
  options: TranscriptionOptions = {},
): string | { [key: string]: Json } {
  const info = audioInfo(bytes);
  const text = info.text ?? fakeCompletionText(`transcription:${hashBytes(bytes)}`, 40);
  const duration = round(info.duration);
  const segments = timeSegments(sentences(text), duration);
  const usage = (): Json =>
    options.usage === 'tokens'
      ? {
          type: 'tokens',
          input_tokens: Math.ceil(duration * 10),
          output_tokens: countTokens(text),
          total_tokens: Math.ceil(duration * 10) + countTokens(text),
        }
      : { type: 'duration', seconds: Math.ceil(duration) };
  switch (format) {
    case 'text':
      return text;
    case 'json':
      return { text, usage: usage() };
    case 'srt':
      return segments
        .map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text}\n`)
        .join('\n');
    case 'vtt':
      return `WEBVTT\n\n${segments.map((s) => `${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${s.text}\n`).join('\n')}`;
    case 'verbose_json':
      return {
        duration,
        language: options.language ?? 'en',
        text,
        segments: segments.map((s, id) => ({
          id,
          avg_logprob: -0.25,
          compression_ratio: 1.2,
          end: s.end,
          no_speech_prob: 0.01,
          seek: Math.round(s.start * 100),
          start: s.start,
          temperature: 0,
          text: s.text,
          tokens: s.text
            .split(/\s+/)
            .filter(Boolean)
            .map((word) => hash32(word) % 50_000),
        })),
        words: segments.flatMap((s) => timeWords(s)),
        usage: { type: 'duration', seconds: Math.ceil(duration) },
      };
    case 'diarized_json': {
      const names = options.knownSpeakerNames?.length ? options.knownSpeakerNames : ['A', 'B'];
      return {
        duration,
        segments: segments.map((s, i) => ({
          id: `seg_${i}`,
          start: s.start,
          end: s.end,
          speaker: names[i % names.length]!,
          text: s.text,
          type: 'transcript.text.segment',
        })),
        task: 'transcribe',
        text,
        usage: usage(),
      };
    }
    default:
      throw new RangeError(
        `Unknown transcription format ${JSON.stringify(format)}; known: ${TRANSCRIPTION_FORMATS.join(', ')}.`,
      );
  }
}

/** Two hashes of the bytes in different bases: enough to tell files apart. */
function hashBytes(bytes: Uint8Array): string {
  return `${hashBytes32(bytes).toString(16)}${hashBytes32(bytes, 0x9e3779b9).toString(16)}`;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

function sentences(text: string): string[] {
  const parts = text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length ? parts : [text];
}

/** Spreads the duration over the parts in proportion to their length in characters (at least 1 each). */
function timeSegments(parts: string[], duration: number): Segment[] {
  const weights = parts.map((p) => Math.max(1, [...p].length));
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return parts.map((text, i) => {
    const start = at;
    at += weights[i]!;
    return { text, start: round((start / total) * duration), end: round((at / total) * duration) };
  });
}

function timeWords(segment: Segment): { word: string; start: number; end: number }[] {
  const words = segment.text.split(/\s+/).filter(Boolean);
  return timeSegments(words, segment.end - segment.start).map((w) => ({
    word: w.text,
    start: round(segment.start + w.start),
    end: round(segment.start + w.end),
  }));
}

/** `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT). */
export function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}
