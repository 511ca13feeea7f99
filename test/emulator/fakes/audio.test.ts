import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fakeAudio,
  SAMPLE_RATE,
  SPEECH_FORMATS,
  speechPcm,
  speechSamples,
} from '../../../templates/emulator/fakes/index.js';
import { enumOf } from './spec.ts';

const TEXT = 'Hello there, this is the emulator speaking. Ünïcödé and 😀 too.';
const seconds = speechSamples(TEXT) / SAMPLE_RATE;

/** CRC-8 (poly 0x07) and CRC-16 (poly 0x8005) of FLAC frames, and Ogg's CRC-32, each bit by bit. */
function crcMsb(bytes: Uint8Array, width: 8 | 16 | 32, poly: number): number {
  const top = 2 ** (width - 1);
  const mask = 2 ** width - 1;
  let crc = 0;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit--) {
      const inBit = (byte >> bit) & 1;
      const topBit = crc >= top ? 1 : 0;
      crc = (crc * 2) % (mask + 1);
      if (topBit ^ inBit) crc = (crc ^ poly) >>> 0;
      crc = width === 32 ? crc >>> 0 : crc & mask;
    }
  }
  return crc;
}

/** Decodes FLAC frames made of one verbatim subframe each, checking the header CRC-8 and frame CRC-16. */
function flacFrames(flac: Buffer, start: number): { samples: number[]; frames: number; numbers: number[] } {
  const samples: number[] = [];
  const numbers: number[] = [];
  let frames = 0;
  for (let at = start; at < flac.length; frames++) {
    expect(flac.readUInt16BE(at) & 0xfffe).toBe(0xfff8);
    let h = at + 4;
    // The frame number, coded like UTF-8: the lead byte's leading ones count the bytes.
    const lead = flac[h]!;
    const extra = lead < 0x80 ? 0 : Math.clz32(~(lead << 24)) - 1;
    let number = extra === 0 ? lead : lead & (0x3f >> extra);
    for (let i = 1; i <= extra; i++) number = number * 64 + (flac[h + i]! & 0x3f);
    numbers.push(number);
    h += 1 + extra;
    const blockSize = flac.readUInt16BE(h) + 1;
    h += 2;
    expect(flac[h]).toBe(crcMsb(flac.subarray(at, h), 8, 0x07));
    expect(flac[h + 1]).toBe(0x02);
    for (let i = 0; i < blockSize; i++) samples.push(flac.readInt16BE(h + 2 + i * 2));
    const end = h + 2 + blockSize * 2;
    expect(flac.readUInt16BE(end)).toBe(crcMsb(flac.subarray(at, end), 16, 0x8005));
    at = end + 2;
  }
  return { samples, frames, numbers };
}

describe('fakeAudio', () => {
  it('covers every speech format the spec lists', () => {
    expect([...SPEECH_FORMATS].sort()).toEqual([...enumOf('SpeechResponseFormat')].sort());
    for (const format of SPEECH_FORMATS) expect(fakeAudio(format, TEXT).length).toBeGreaterThan(0);
    expect(() => fakeAudio('ogg' as 'mp3', TEXT)).toThrow(
      'Unknown speech format "ogg"; known: mp3, opus, aac, flac, wav, pcm.',
    );
  });

  it('lasts 60 ms a character, from 0.25 s to 60 s', () => {
    expect(speechSamples('')).toBe(SAMPLE_RATE / 4);
    expect(speechSamples('abcdefghij')).toBe(0.6 * SAMPLE_RATE);
    expect(speechSamples('x'.repeat(5000))).toBe(60 * SAMPLE_RATE);
  });

  it('pcm: 16-bit little-endian mono samples of one tone per word', () => {
    const pcm = fakeAudio('pcm', TEXT);
    expect(pcm.length).toBe(speechSamples(TEXT) * 2);
    const samples = speechPcm(TEXT);
    expect(pcm.readInt16LE(2000)).toBe(samples[1000]);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(9000); // audible, 0.3 of full scale
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(Math.round(0.3 * 32767));
    expect(fakeAudio('pcm', TEXT)).toEqual(pcm);
  });

  it('wav: a RIFF/WAVE file with the PCM format, the samples and the text', () => {
    const wav = fakeAudio('wav', TEXT);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
    const chunks = new Map<string, Buffer>();
    for (let at = 12; at < wav.length;) {
      const size = wav.readUInt32LE(at + 4);
      chunks.set(wav.toString('latin1', at, at + 4), wav.subarray(at + 8, at + 8 + size));
      at += 8 + size + (size % 2);
    }
    const fmt = chunks.get('fmt ')!;
    expect([
      fmt.readUInt16LE(0),
      fmt.readUInt16LE(2),
      fmt.readUInt32LE(4),
      fmt.readUInt32LE(8),
      fmt.readUInt16LE(12),
      fmt.readUInt16LE(14),
    ]).toEqual([1, 1, SAMPLE_RATE, SAMPLE_RATE * 2, 2, 16]);
    expect(chunks.get('data')).toEqual(fakeAudio('pcm', TEXT));
    const info = chunks.get('LIST')!;
    expect(info.toString('latin1', 0, 4)).toBe('INFO');
    expect(info.toString('utf8', 12, 12 + info.readUInt32LE(8))).toBe(`${TEXT}\0`);
  });

  it('flac: STREAMINFO with the MD5 of the samples, verbatim frames whose CRCs hold, decoding to the PCM', () => {
    const flac = fakeAudio('flac', TEXT);
    expect(flac.toString('latin1', 0, 4)).toBe('fLaC');
    let at = 4;
    let info: Buffer | undefined;
    let comment: Buffer | undefined;
    for (let last = false; !last;) {
      last = (flac[at]! & 0x80) !== 0;
      const type = flac[at]! & 0x7f;
      const length = flac.readUIntBE(at + 1, 3);
      if (type === 0) info = flac.subarray(at + 4, at + 4 + length);
      if (type === 4) comment = flac.subarray(at + 4, at + 4 + length);
      at += 4 + length;
    }
    const packed = info!.readBigUInt64BE(10);
    expect(Number(packed >> 44n)).toBe(SAMPLE_RATE);
    expect(Number((packed >> 41n) & 7n) + 1).toBe(1);
    expect(Number((packed >> 36n) & 31n) + 1).toBe(16);
    expect(Number(packed & 0xf_ffff_ffffn)).toBe(speechSamples(TEXT));
    expect(info!.subarray(18, 34)).toEqual(createHash('md5').update(fakeAudio('pcm', TEXT)).digest());
    expect(comment!.toString('utf8')).toContain(`DESCRIPTION=${TEXT}`);
    const { samples: decoded, frames } = flacFrames(flac, at);
    expect(frames).toBe(Math.ceil(speechSamples(TEXT) / 4096));
    expect(decoded).toEqual([...speechPcm(TEXT)]);
  });

  it('flac: frame numbers past 127 take the multi-byte coding (a 60 s file decodes whole)', () => {
    const text = 'x'.repeat(2000);
    const flac = fakeAudio('flac', text);
    // The metadata: STREAMINFO (34 bytes) and the comment block, each with a 4-byte header.
    const commentLength = flac.readUIntBE(4 + 4 + 34 + 1, 3);
    const { samples, frames, numbers } = flacFrames(flac, 4 + 4 + 34 + 4 + commentLength);
    expect(frames).toBe(Math.ceil((60 * SAMPLE_RATE) / 4096));
    expect(numbers).toEqual(Array.from({ length: frames }, (_, i) => i));
    expect(samples).toEqual([...speechPcm(text)]);
  });

  it('mp3: an ID3v2.4 tag with the text, then MPEG-1 Layer III frames covering the duration', () => {
    const mp3 = fakeAudio('mp3', TEXT);
    expect(mp3.toString('latin1', 0, 3)).toBe('ID3');
    expect(mp3[3]).toBe(4);
    const size = (mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!;
    expect(mp3.subarray(10, 10 + size).toString('utf8')).toContain(`text\0${TEXT}`);
    let frames = 0;
    for (let at = 10 + size; at < mp3.length; at += 384, frames++) {
      // Sync, MPEG-1, Layer III, no CRC; 128 kbit/s; 48 kHz; no padding; mono.
      expect([...mp3.subarray(at, at + 4)]).toEqual([0xff, 0xfb, 0x94, 0xc0]);
    }
    expect(frames).toBe(Math.ceil((seconds * 48_000) / 1152));
  });

  it('aac: ADTS frames (AAC-LC, 24 kHz, mono) of the stated length covering the duration', () => {
    const aac = fakeAudio('aac', TEXT);
    let frames = 0;
    for (let at = 0; at < aac.length; frames++) {
      expect(aac.readUInt16BE(at) & 0xfff6).toBe(0xfff0);
      expect((aac[at + 2]! >> 6) + 1).toBe(2); // AAC-LC
      expect((aac[at + 2]! >> 2) & 0x0f).toBe(6); // 24 kHz
      expect(((aac[at + 2]! & 1) << 2) | (aac[at + 3]! >> 6)).toBe(1); // mono
      const length = ((aac[at + 3]! & 3) << 11) | (aac[at + 4]! << 3) | (aac[at + 5]! >> 5);
      expect(length).toBe(11);
      at += length;
    }
    expect(frames).toBe(Math.ceil(speechSamples(TEXT) / 1024));
  });

  it('opus: Ogg pages with valid CRCs, OpusHead, OpusTags with the text, and the exact end granule', () => {
    const ogg = fakeAudio('opus', TEXT);
    const pages: { flags: number; granule: bigint; sequence: number; packets: Buffer[] }[] = [];
    for (let at = 0; at < ogg.length;) {
      expect(ogg.toString('latin1', at, at + 4)).toBe('OggS');
      const segments = ogg[at + 26]!;
      const lacing = [...ogg.subarray(at + 27, at + 27 + segments)];
      const size = lacing.reduce((a, b) => a + b, 0);
      const page = Buffer.from(ogg.subarray(at, at + 27 + segments + size));
      const crc = page.readUInt32LE(22);
      page.writeUInt32LE(0, 22);
      expect(crc).toBe(crcMsb(page, 32, 0x04c11db7));
      const packets: Buffer[] = [];
      let offset = at + 27 + segments;
      let current: Buffer[] = [];
      for (const l of lacing) {
        current.push(ogg.subarray(offset, offset + l));
        offset += l;
        if (l < 255) {
          packets.push(Buffer.concat(current));
          current = [];
        }
      }
      pages.push({
        flags: ogg[at + 5]!,
        granule: ogg.readBigInt64LE(at + 6),
        sequence: ogg.readUInt32LE(at + 18),
        packets,
      });
      at += 27 + segments + size;
    }
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i));
    expect(pages[0]!.flags).toBe(0x02);
    expect(pages.at(-1)!.flags).toBe(0x04);
    const head = pages[0]!.packets[0]!;
    expect(head.toString('latin1', 0, 8)).toBe('OpusHead');
    expect([head[8], head[9], head.readUInt32LE(12)]).toEqual([1, 1, SAMPLE_RATE]);
    const preSkip = head.readUInt16LE(10);
    expect(pages[1]!.packets[0]!.toString('utf8')).toContain(`DESCRIPTION=${TEXT}`);
    const audio = pages.slice(2).flatMap((p) => p.packets);
    for (const packet of audio) expect(packet[0]! >> 3).toBe(31); // CELT, full band, 20 ms
    expect(audio.length).toBe(Math.ceil((seconds * 48_000) / 960));
    const granules = pages.slice(2).map((p) => p.granule);
    expect(granules).toEqual([...granules].sort((a, b) => (a < b ? -1 : 1)));
    expect(Number(pages.at(-1)!.granule) - preSkip).toBe(Math.round(seconds * 48_000));
  });

  it('embeds the text in the containers that carry metadata only up to 4096 characters', () => {
    const long = 'é'.repeat(5000);
    const opus = fakeAudio('opus', long);
    expect(opus.toString('utf8')).toContain(`DESCRIPTION=${'é'.repeat(4096)}`);
    expect(opus.toString('utf8')).not.toContain('é'.repeat(4097));
  });
});
