/**
 * What a fake transcription needs from an audio file: its duration and, for audio made by `fakeAudio`, the text
 * embedded in it. Reads WAV, FLAC, Ogg (Opus), MP3 (MPEG-1/2 Layer III, after an ID3v2 tag) and ADTS AAC; any
 * other bytes get a duration estimated at 128 kbit/s (16,000 bytes a second), an emulator assumption.
 */

export interface AudioInfo {
  /** Seconds. */
  duration: number;
  /** The text embedded by `fakeAudio`, when found. */
  text?: string;
  container: 'wav' | 'flac' | 'ogg' | 'mp3' | 'aac' | 'unknown';
}

export const ESTIMATED_BYTES_PER_SECOND = 16_000;

export function audioInfo(input: Uint8Array): AudioInfo {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const reader =
    ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE'
      ? wavInfo
      : ascii(bytes, 0, 4) === 'fLaC'
        ? flacInfo
        : ascii(bytes, 0, 4) === 'OggS'
          ? oggInfo
          : ascii(bytes, 0, 3) === 'ID3' || isMp3Header(bytes, 0)
            ? mp3Info
            : isAdtsHeader(bytes, 0)
              ? adtsInfo
              : undefined;
  try {
    const info = reader?.(bytes);
    if (info) return info;
  } catch {
    // A truncated or odd file: estimated below, like unknown bytes.
  }
  return { duration: bytes.length / ESTIMATED_BYTES_PER_SECOND, container: 'unknown' };
}

const ascii = (bytes: Buffer, at: number, length: number) =>
  bytes.length >= at + length ? bytes.toString('latin1', at, at + length) : '';

function withText(info: AudioInfo, text: string | undefined): AudioInfo {
  return text === undefined ? info : { ...info, text };
}

function wavInfo(bytes: Buffer): AudioInfo | undefined {
  let byteRate = 0;
  let dataBytes: number | undefined;
  let text: string | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = ascii(bytes, at, 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
    if (id === 'fmt ') byteRate = body.readUInt32LE(8);
    else if (id === 'data') dataBytes = body.length;
    else if (id === 'LIST' && ascii(body, 0, 4) === 'INFO') {
      for (let i = 4; i + 8 <= body.length;) {
        const sub = ascii(body, i, 4);
        const length = body.readUInt32LE(i + 4);
        if (sub === 'ICMT') text = body.toString('utf8', i + 8, i + 8 + length).replace(/\0+$/, '');
        i += 8 + length + (length % 2);
      }
    }
    at += 8 + size + (size % 2);
  }
  if (!byteRate || dataBytes === undefined) return undefined;
  return withText({ duration: dataBytes / byteRate, container: 'wav' }, text);
}

/** The DESCRIPTION of a Vorbis comment block (FLAC's and Opus's), if any. */
function description(block: Buffer): string | undefined {
  let at = 4 + block.readUInt32LE(0);
  const count = block.readUInt32LE(at);
  at += 4;
  for (let i = 0; i < count; i++) {
    const length = block.readUInt32LE(at);
    const comment = block.toString('utf8', at + 4, at + 4 + length);
    at += 4 + length;
    const eq = comment.indexOf('=');
    if (eq > 0 && comment.slice(0, eq).toUpperCase() === 'DESCRIPTION') return comment.slice(eq + 1);
  }
  return undefined;
}

function flacInfo(bytes: Buffer): AudioInfo | undefined {
  let duration: number | undefined;
  let text: string | undefined;
  for (let at = 4; at + 4 <= bytes.length;) {
    const last = (bytes[at]! & 0x80) !== 0;
    const type = bytes[at]! & 0x7f;
    const length = bytes.readUIntBE(at + 1, 3);
    const body = bytes.subarray(at + 4, at + 4 + length);
    if (type === 0) {
      const packed = body.readBigUInt64BE(10);
      const rate = Number(packed >> 44n);
      const samples = Number(packed & 0xf_ffff_ffffn);
      if (rate) duration = samples / rate;
    } else if (type === 4) text = description(body);
    at += 4 + length;
    if (last) break;
  }
  return duration === undefined ? undefined : withText({ duration, container: 'flac' }, text);
}

function oggInfo(bytes: Buffer): AudioInfo | undefined {
  let preSkip = 0;
  let granule = 0n;
  let text: string | undefined;
  let opus = false;
  for (let at = 0; at + 27 <= bytes.length && ascii(bytes, at, 4) === 'OggS';) {
    const segments = bytes[at + 26]!;
    const lacing = bytes.subarray(at + 27, at + 27 + segments);
    const size = lacing.reduce((a, b) => a + b, 0);
    const body = bytes.subarray(at + 27 + segments, at + 27 + segments + size);
    const pageGranule = bytes.readBigInt64LE(at + 6);
    if (pageGranule > granule) granule = pageGranule;
    if (ascii(body, 0, 8) === 'OpusHead') {
      opus = true;
      preSkip = body.readUInt16LE(10);
    } else if (ascii(body, 0, 8) === 'OpusTags') text = description(body.subarray(8));
    at += 27 + segments + size;
  }
  if (!opus) return undefined;
  return withText({ duration: Math.max(0, Number(granule) - preSkip) / 48_000, container: 'ogg' }, text);
}

const MP3_BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MP3_RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

function isMp3Header(bytes: Buffer, at: number): boolean {
  return (
    bytes.length >= at + 4 &&
    bytes[at] === 0xff &&
    (bytes[at + 1]! & 0xe6) === 0xe2 &&
    (bytes[at + 2]! & 0xf0) !== 0xf0 &&
    (bytes[at + 2]! & 0x0c) !== 0x0c
  );
}

function mp3Info(bytes: Buffer): AudioInfo | undefined {
  let at = 0;
  let text: string | undefined;
  if (ascii(bytes, 0, 3) === 'ID3') {
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    const version = bytes[3]!;
    for (let i = 10; i + 10 <= 10 + size;) {
      const id = ascii(bytes, i, 4);
      if (!/^[A-Z0-9]{4}$/.test(id)) break;
      const length =
        version === 4
          ? ((bytes[i + 4]! & 0x7f) << 21) |
            ((bytes[i + 5]! & 0x7f) << 14) |
            ((bytes[i + 6]! & 0x7f) << 7) |
            (bytes[i + 7]! & 0x7f)
          : bytes.readUInt32BE(i + 4);
      const body = bytes.subarray(i + 10, i + 10 + length);
      if (id === 'TXXX' && body[0] === 3) {
        const nul = body.indexOf(0, 1);
        if (body.toString('latin1', 1, nul) === 'text') text = body.toString('utf8', nul + 1);
      }
      i += 10 + length;
    }
    at = 10 + size;
  }
  let seconds = 0;
  let frames = 0;
  while (isMp3Header(bytes, at)) {
    const version = (bytes[at + 1]! >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const bitrate = (version === 3 ? MP3_BITRATES_V1 : MP3_BITRATES_V2)[bytes[at + 2]! >> 4]!;
    const rate = MP3_RATES[version]![(bytes[at + 2]! >> 2) & 0x03]!;
    const padding = (bytes[at + 2]! >> 1) & 0x01;
    const samples = version === 3 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * bitrate * 1000) / rate) + padding;
    if (!bitrate || length < 4) break;
    seconds += samples / rate;
    frames++;
    at += length;
  }
  return frames ? withText({ duration: seconds, container: 'mp3' }, text) : undefined;
}

const ADTS_RATES = [
  96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350,
];

function isAdtsHeader(bytes: Buffer, at: number): boolean {
  return bytes.length >= at + 7 && bytes[at] === 0xff && (bytes[at + 1]! & 0xf6) === 0xf0;
}

function adtsInfo(bytes: Buffer): AudioInfo | undefined {
  let seconds = 0;
  for (let at = 0; isAdtsHeader(bytes, at);) {
    const rate = ADTS_RATES[(bytes[at + 2]! >> 2) & 0x0f];
    const length = ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
    const blocks = (bytes[at + 6]! & 0x03) + 1;
    if (!rate || length < 7) break;
    seconds += (blocks * 1024) / rate;
    at += length;
  }
  return seconds ? { duration: seconds, container: 'aac' } : undefined;
}
