/**
 * Fake speech: a valid audio file in each format of the spec's `SpeechResponseFormat`, its duration derived from
 * the text (60 ms a character, 0.25 s to 60 s).
 *   - `pcm`, `wav`, `flac` carry a tone sequence (one tone per word): 16-bit mono at 24 kHz (the documents give no
 *     sample rate: an emulator assumption); `pcm` is the raw samples, little-endian; `flac` stores them verbatim
 *     (lossless, uncompressed subframes, with header CRC-8, frame CRC-16 and the MD5 of the samples).
 *   - `mp3` (MPEG-1 Layer III, 48 kHz, 128 kbit/s), `aac` (ADTS, AAC-LC, 24 kHz) and `opus` (Ogg Opus) are valid
 *     streams of silence of the same duration: correct frame headers, lengths and, for Ogg, page CRCs; their frames
 *     are the standard silent frames, which decoders decode to silence (the tone is not encoded).
 * The text itself is embedded as metadata where the container has a place for it (WAV `LIST/INFO/ICMT`, FLAC and
 * Opus comment `DESCRIPTION`, MP3 ID3v2.4 `TXXX:text`), so a fake transcription of fake speech gives the text back.
 */
import { createHash } from 'node:crypto';
import { hash32 } from './random.js';

export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

export const SAMPLE_RATE = 24_000;
const MS_PER_CHARACTER = 60;
const MIN_MS = 250;
const MAX_MS = 60_000;

/** Duration of the speech for `text`, in samples at `SAMPLE_RATE`. */
export function speechSamples(text: string): number {
  const ms = Math.min(MAX_MS, Math.max(MIN_MS, [...text].length * MS_PER_CHARACTER));
  return Math.round((ms * SAMPLE_RATE) / 1000);
}

/** The samples: one tone per word (frequency from the word), 10 ms fades, amplitude 0.3 of full scale. */
export function speechPcm(text: string): Int16Array {
  const total = speechSamples(text);
  const words = text.split(/\s+/).filter(Boolean);
  const parts = words.length ? words : [''];
  const samples = new Int16Array(total);
  const fade = SAMPLE_RATE / 100;
  for (let w = 0; w < parts.length; w++) {
    const start = Math.floor((w * total) / parts.length);
    const end = Math.floor(((w + 1) * total) / parts.length);
    const frequency = 180 + (hash32(parts[w]!) % 600);
    for (let i = start; i < end; i++) {
      const envelope = Math.min(1, (i - start) / fade, (end - i) / fade);
      samples[i] = Math.round(
        0.3 * 32767 * envelope * Math.sin((2 * Math.PI * frequency * (i - start)) / SAMPLE_RATE),
      );
    }
  }
  return samples;
}

const VENDOR = 'platform-api emulator';
/** Characters of the text embedded as metadata: the spec's limit on the input, which keeps every tag in one page. */
export const EMBEDDED_TEXT_LIMIT = 4096;

export function fakeAudio(format: SpeechFormat, input: string): Buffer {
  const text = [...input].slice(0, EMBEDDED_TEXT_LIMIT).join('');
  switch (format) {
    case 'pcm':
      return pcmBytes(speechPcm(text));
    case 'wav':
      return wav(speechPcm(text), text);
    case 'flac':
      return flac(speechPcm(text), text);
    case 'mp3':
      return mp3(speechSamples(text), text);
    case 'aac':
      return aac(speechSamples(text));
    case 'opus':
      return oggOpus(speechSamples(text), text);
    default:
      throw new RangeError(
        `Unknown speech format ${JSON.stringify(format)}; known: ${SPEECH_FORMATS.join(', ')}.`,
      );
  }
}

function pcmBytes(samples: Int16Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => out.writeInt16LE(s, i * 2));
  return out;
}

// --- WAV -------------------------------------------------------------------------------------------------------

function riffChunk(id: string, data: Buffer): Buffer {
  const pad = data.length % 2;
  const out = Buffer.alloc(8 + data.length + pad);
  out.write(id, 0, 'latin1');
  out.writeUInt32LE(data.length, 4);
  data.copy(out, 8);
  return out;
}

function wav(samples: Int16Array, text: string): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(SAMPLE_RATE, 4);
  fmt.writeUInt32LE(SAMPLE_RATE * 2, 8); // bytes per second
  fmt.writeUInt16LE(2, 12); // block align
  fmt.writeUInt16LE(16, 14); // bits per sample
  const comment = riffChunk('ICMT', Buffer.from(`${text}\0`, 'utf8'));
  const info = riffChunk('LIST', Buffer.concat([Buffer.from('INFO', 'latin1'), comment]));
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    riffChunk('fmt ', fmt),
    info,
    riffChunk('data', pcmBytes(samples)),
  ]);
  return riffChunk('RIFF', body);
}

// --- FLAC ------------------------------------------------------------------------------------------------------

const FLAC_BLOCK = 4096;

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** FLAC's frame number: UTF-8's variable-length coding applied to a number (k continuation bytes). */
export function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  for (let k = 1; k <= 6; k++) {
    // The lead byte has k + 1 leading ones and 6 - k payload bits; each continuation byte 6.
    if (n < 2 ** (6 * k + 6 - k)) {
      const out: number[] = [];
      let rest = n;
      for (let i = 0; i < k; i++) {
        out.unshift(0x80 | (rest & 0x3f));
        rest = Math.floor(rest / 64);
      }
      out.unshift(((0xff << (7 - k)) & 0xff) | rest);
      return out;
    }
  }
  throw new RangeError(`FLAC frame number ${n} is out of range.`);
}

function metadataBlock(type: number, last: boolean, data: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header[0] = (last ? 0x80 : 0) | type;
  header.writeUIntBE(data.length, 1, 3);
  return Buffer.concat([header, data]);
}

function vorbisComment(text: string): Buffer {
  const vendor = Buffer.from(VENDOR, 'utf8');
  const comment = Buffer.from(`DESCRIPTION=${text}`, 'utf8');
  const out = Buffer.alloc(4 + vendor.length + 4 + 4 + comment.length);
  let at = out.writeUInt32LE(vendor.length, 0);
  at += vendor.copy(out, at);
  at = out.writeUInt32LE(1, at);
  at = out.writeUInt32LE(comment.length, at);
  comment.copy(out, at);
  return out;
}

function flac(samples: Int16Array, text: string): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(FLAC_BLOCK, 0); // min block size (the last block may be shorter)
  info.writeUInt16BE(FLAC_BLOCK, 2); // max block size
  // min/max frame size (3 + 3 bytes): 0, unknown
  // 20 bits sample rate, 3 bits channels - 1, 5 bits bits per sample - 1, 36 bits total samples
  const packed = (BigInt(SAMPLE_RATE) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(samples.length);
  info.writeBigUInt64BE(packed, 10);
  createHash('md5').update(pcmBytes(samples)).digest().copy(info, 18);
  const frames: Buffer[] = [];
  for (let start = 0, index = 0; start < samples.length; start += FLAC_BLOCK, index++) {
    const block = samples.subarray(start, Math.min(samples.length, start + FLAC_BLOCK));
    // Sync + fixed blocking; block size from a 16-bit field at the header's end (0111); 24 kHz (0111); mono
    // (0000); 16 bits (100); the frame number.
    const header = Buffer.from([
      0xff,
      0xf8,
      0x77,
      0x08,
      ...utf8Number(index),
      (block.length - 1) >> 8,
      (block.length - 1) & 0xff,
    ]);
    const frame = Buffer.alloc(header.length + 1 + 1 + block.length * 2 + 2);
    header.copy(frame, 0);
    frame[header.length] = crc8(header);
    frame[header.length + 1] = 0x02; // subframe: VERBATIM, no wasted bits
    block.forEach((s, i) => frame.writeInt16BE(s, header.length + 2 + i * 2));
    frame.writeUInt16BE(crc16(frame.subarray(0, frame.length - 2)), frame.length - 2);
    frames.push(frame);
  }
  return Buffer.concat([
    Buffer.from('fLaC', 'latin1'),
    metadataBlock(0, false, info),
    metadataBlock(4, true, vorbisComment(text)),
    ...frames,
  ]);
}

// --- MP3 -------------------------------------------------------------------------------------------------------

/** MPEG-1 Layer III, no CRC, 128 kbit/s, 48 kHz, no padding, mono: 144 × 128000 / 48000 = 384 bytes a frame. */
const MP3_HEADER = [0xff, 0xfb, 0x94, 0xc0];
const MP3_FRAME_BYTES = 384;
const MP3_FRAME_SAMPLES = 1152;
const MP3_RATE = 48_000;

function syncsafe(n: number): number[] {
  return [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];
}

function id3(text: string): Buffer {
  // TXXX frame: encoding 3 (UTF-8), description "text", NUL, the value.
  const body = Buffer.concat([Buffer.from([3]), Buffer.from('text\0', 'latin1'), Buffer.from(text, 'utf8')]);
  const frame = Buffer.concat([
    Buffer.from('TXXX', 'latin1'),
    Buffer.from(syncsafe(body.length)),
    Buffer.from([0, 0]),
    body,
  ]);
  return Buffer.concat([
    Buffer.from('ID3', 'latin1'),
    Buffer.from([4, 0, 0]),
    Buffer.from(syncsafe(frame.length)),
    frame,
  ]);
}

function mp3(samples: number, text: string): Buffer {
  const seconds = samples / SAMPLE_RATE;
  const frames = Math.max(1, Math.ceil((seconds * MP3_RATE) / MP3_FRAME_SAMPLES));
  // Side information and main data all zero: no scale factors, no Huffman data, silence.
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  frame.set(MP3_HEADER, 0);
  return Buffer.concat([id3(text), ...Array.from({ length: frames }, () => frame)]);
}

// --- AAC (ADTS) ------------------------------------------------------------------------------------------------

/**
 * An ADTS frame of silence: MPEG-4 AAC-LC, 24 kHz (index 6), mono, no CRC, 11 bytes, buffer fullness 0x7FF
 * (variable rate). The raw data block is one single-channel element with no scale factor bands (max_sfb 0), then
 * END: `01 40 20 07`.
 */
const AAC_FRAME = Buffer.from([0xff, 0xf1, 0x58, 0x40, 0x01, 0x7f, 0xfc, 0x01, 0x40, 0x20, 0x07]);
const AAC_FRAME_SAMPLES = 1024;

function aac(samples: number): Buffer {
  const frames = Math.max(1, Math.ceil(samples / AAC_FRAME_SAMPLES));
  return Buffer.concat(Array.from({ length: frames }, () => AAC_FRAME));
}

// --- Ogg Opus --------------------------------------------------------------------------------------------------

/** A 20 ms CELT full-band mono frame of silence (TOC 0xF8), the usual comfort-silence packet. */
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const OPUS_PACKET_SAMPLES = 960; // 20 ms at 48 kHz, Opus's granule rate
const OPUS_PRE_SKIP = 312;
const OPUS_PACKETS_PER_PAGE = 50;
const OGG_SERIAL = 0x5045_4d55;

const OGG_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0. */
export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ OGG_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc >>> 0;
}

function oggPage(packets: Buffer[], granule: bigint, sequence: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(255, left));
      if (left < 255) break;
    }
  }
  if (lacing.length > 255) throw new RangeError('An Ogg page holds at most 255 segments.');
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(OGG_SERIAL, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

function oggOpus(samples: number, text: string): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(OPUS_PRE_SKIP, 10);
  head.writeUInt32LE(SAMPLE_RATE, 12); // the input's rate, informational
  head.writeInt16LE(0, 16); // output gain
  head[18] = 0; // channel mapping family
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), vorbisComment(text)]);
  // Granule positions count 48 kHz samples, pre-skip included; the last page's marks the exact end.
  const length = Math.round((samples * 48_000) / SAMPLE_RATE);
  const packets = Math.max(1, Math.ceil(length / OPUS_PACKET_SAMPLES));
  const pages = [oggPage([head], 0n, 0, 0x02)];
  // At most 4096 characters (16 KiB of UTF-8, 65 segments): the comment fits in one page.
  pages.push(oggPage([tags], 0n, 1, 0));
  for (let first = 0, sequence = 2; first < packets; first += OPUS_PACKETS_PER_PAGE, sequence++) {
    const count = Math.min(OPUS_PACKETS_PER_PAGE, packets - first);
    const last = first + count >= packets;
    const granule = last ? OPUS_PRE_SKIP + length : OPUS_PRE_SKIP + (first + count) * OPUS_PACKET_SAMPLES;
    pages.push(
      oggPage(
        Array.from({ length: count }, () => OPUS_SILENCE),
        BigInt(granule),
        sequence,
        last ? 0x04 : 0,
      ),
    );
  }
  return Buffer.concat(pages);
}
