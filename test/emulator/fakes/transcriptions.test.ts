import { describe, expect, it } from 'vitest';
import {
  audioInfo,
  ESTIMATED_BYTES_PER_SECOND,
  fakeAudio,
  fakeTranscription,
  SPEECH_FORMATS,
  TRANSCRIPTION_FORMATS,
} from '../../../templates/emulator/fakes/index.js';
import { enumOf, validatorOf } from './spec.ts';

const TEXT = 'Hello there. This is the emulator speaking! Is it clear?';
const wav = fakeAudio('wav', TEXT);
const jsonSchemas = {
  json: 'Transcription',
  verbose_json: 'TranscriptionVerbose',
  diarized_json: 'TranscriptionDiarized',
} as const;

describe('fakeTranscription', () => {
  it('covers every transcription format the spec lists', () => {
    expect([...TRANSCRIPTION_FORMATS].sort()).toEqual([...enumOf('TranscriptionResponseFormat')].sort());
    expect(() => fakeTranscription(wav, 'xml' as 'json')).toThrow(
      'Unknown transcription format "xml"; known: json, text, srt, verbose_json, vtt, diarized_json.',
    );
  });

  it('gives back the text of fake speech from every container that carries it, with its duration', () => {
    for (const format of SPEECH_FORMATS) {
      const audio = fakeAudio(format, TEXT);
      const info = audioInfo(audio);
      if (format === 'pcm' || format === 'aac') {
        // No metadata: raw samples are unknown bytes (duration estimated), ADTS has no place for text.
        expect(info.text).toBeUndefined();
        continue;
      }
      expect(info.text).toBe(TEXT);
      expect(info.duration).toBeCloseTo(TEXT.length * 0.06, 1);
      expect(fakeTranscription(audio, 'text')).toBe(TEXT);
    }
    expect(audioInfo(fakeAudio('aac', TEXT))).toEqual({
      duration: expect.closeTo(TEXT.length * 0.06, 1),
      container: 'aac',
    });
    const unknown = Buffer.alloc(32_000, 7);
    expect(audioInfo(unknown)).toEqual({
      duration: 32_000 / ESTIMATED_BYTES_PER_SECOND,
      container: 'unknown',
    });
  });

  it('derives sentences from the bytes of other audio: deterministic, different for different files', () => {
    const a = fakeTranscription(Buffer.from('some other audio'), 'text') as string;
    expect(a).toMatch(/^[A-Z][a-z]*( [a-z]+)*\./);
    expect(fakeTranscription(Buffer.from('some other audio'), 'text')).toBe(a);
    expect(fakeTranscription(Buffer.from('yet other audio'), 'text')).not.toBe(a);
  });

  it('answers json, verbose_json and diarized_json valid for the spec, timed over the duration', () => {
    for (const [format, schema] of Object.entries(jsonSchemas)) {
      const valid = validatorOf(schema);
      const body = fakeTranscription(wav, format as keyof typeof jsonSchemas);
      expect(valid(body), `${format}: ${valid.errors()}`).toBe(true);
      expect((body as { text: string }).text).toBe(TEXT);
    }
    const verbose = fakeTranscription(wav, 'verbose_json') as {
      duration: number;
      segments: { start: number; end: number; text: string }[];
      words: { word: string }[];
    };
    expect(verbose.duration).toBeCloseTo(3.36, 3);
    expect(verbose.segments.map((s) => s.text)).toEqual([
      'Hello there.',
      'This is the emulator speaking!',
      'Is it clear?',
    ]);
    expect(verbose.segments[0]!.start).toBe(0);
    expect(verbose.segments.at(-1)!.end).toBe(verbose.duration);
    for (let i = 1; i < verbose.segments.length; i++)
      expect(verbose.segments[i]!.start).toBe(verbose.segments[i - 1]!.end);
    expect(verbose.words.map((w) => w.word).join(' ')).toBe(TEXT);
  });

  it('names diarized speakers from known_speaker_names[] in turn, else A, B', () => {
    const plain = fakeTranscription(wav, 'diarized_json') as {
      segments: { speaker: string; type: string }[];
    };
    expect(plain.segments.map((s) => s.speaker)).toEqual(['A', 'B', 'A']);
    expect(plain.segments.every((s) => s.type === 'transcript.text.segment')).toBe(true);
    const named = fakeTranscription(wav, 'diarized_json', { knownSpeakerNames: ['agent', 'customer'] }) as {
      segments: { speaker: string }[];
    };
    expect(named.segments.map((s) => s.speaker)).toEqual(['agent', 'customer', 'agent']);
  });

  it('gives usage in seconds by default, in tokens on request (both valid)', () => {
    const valid = validatorOf('Transcription');
    const tokens = fakeTranscription(wav, 'json', { usage: 'tokens' }) as {
      usage: { type: string; total_tokens: number; input_tokens: number; output_tokens: number };
    };
    expect(valid(tokens), valid.errors()).toBe(true);
    expect(tokens.usage.type).toBe('tokens');
    expect(tokens.usage.total_tokens).toBe(tokens.usage.input_tokens + tokens.usage.output_tokens);
    expect(fakeTranscription(wav, 'json')).toMatchObject({ usage: { type: 'duration', seconds: 4 } });
  });

  it('writes SubRip and WebVTT cues with the segments and their times', () => {
    expect(fakeTranscription(wav, 'srt')).toBe(
      '1\n00:00:00,000 --> 00:00:00,747\nHello there.\n\n2\n00:00:00,747 --> 00:00:02,613\nThis is the emulator speaking!\n\n3\n00:00:02,613 --> 00:00:03,360\nIs it clear?\n',
    );
    expect(fakeTranscription(wav, 'vtt')).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:00.747\nHello there.\n\n00:00:00.747 --> 00:00:02.613\nThis is the emulator speaking!\n\n00:00:02.613 --> 00:00:03.360\nIs it clear?\n',
    );
    // Hours and minutes in the clock: a minute of speech.
    const long = fakeTranscription(fakeAudio('wav', 'Word. '.repeat(200)), 'vtt') as string;
    expect(long).toMatch(/00:00:59\.\d{3} --> 00:01:00\.000\nWord\.\n$/);
  });
});
