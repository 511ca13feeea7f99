import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fakePng, MAX_PNG_SIDE, PNG_GRID, tileColour } from '../../../templates/emulator/fakes/index.js';

/** CRC-32 bit by bit (no table): an implementation independent of the one under test. */
function crcBitwise(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG decoder for 8-bit RGB, non-interlaced, filters None/Sub/Up/Average/Paeth: checks every chunk's CRC. */
function decodePng(png: Buffer): {
  width: number;
  height: number;
  pixel: (x: number, y: number) => [number, number, number];
} {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(
      crcBitwise(png.subarray(at + 4, at + 8 + length)),
    );
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * 3;
  expect(raw).toHaveLength((stride + 1) * height);
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    if (filter > 4) throw new Error(`row ${y}: filter type ${filter} does not exist`);
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= 3 ? out[y * stride + i - 3]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = i >= 3 && y > 0 ? out[(y - 1) * stride + i - 3]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor =
        filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth;
      out[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    pixel: (x, y) => [out[y * stride + x * 3]!, out[y * stride + x * 3 + 1]!, out[y * stride + x * 3 + 2]!],
  };
}

describe('fakePng', () => {
  it('is a valid PNG of the requested size whose pixels are the seed tiles', () => {
    for (const [width, height] of [
      [1, 1],
      [7, 3],
      [64, 40],
      [256, 256],
      [1024, 1536],
    ] as const) {
      const image = decodePng(fakePng(width, height, 'seed-a'));
      expect([image.width, image.height]).toEqual([width, height]);
      const tileWidth = Math.ceil(width / PNG_GRID);
      const tileHeight = Math.ceil(height / PNG_GRID);
      for (const [x, y] of [
        [0, 0],
        [width - 1, height - 1],
        [Math.floor(width / 2), Math.floor(height / 3)],
      ] as const) {
        expect(image.pixel(x, y)).toEqual(
          tileColour('seed-a', Math.floor(x / tileWidth), Math.floor(y / tileHeight)),
        );
      }
    }
  });

  it('is small: a 1024×1024 image in a few kilobytes', () => {
    expect(fakePng(1024, 1024, 1).length).toBeLessThan(8 * 1024);
  });

  it('gives equal bytes for equal seeds and different images for different seeds', () => {
    expect(fakePng(32, 32, 'x')).toEqual(fakePng(32, 32, 'x'));
    expect(fakePng(32, 32, 'x')).not.toEqual(fakePng(32, 32, 'y'));
    expect(fakePng(32, 32, 7)).toEqual(fakePng(32, 32, '7'));
  });

  it('refuses a side that is not an integer from 1 to the maximum', () => {
    expect(() => fakePng(0, 10, 's')).toThrow(
      `PNG width must be an integer from 1 to ${MAX_PNG_SIDE}, not 0.`,
    );
    expect(() => fakePng(10, MAX_PNG_SIDE + 1, 's')).toThrow(
      `PNG height must be an integer from 1 to ${MAX_PNG_SIDE}, not ${MAX_PNG_SIDE + 1}.`,
    );
    expect(() => fakePng(2.5, 10, 's')).toThrow('PNG width must be an integer');
  });
});
