/**
 * A small valid PNG: 8-bit RGB, an 8×8 grid of tiles in colours derived from the seed, so another seed gives a
 * visibly different image and the same seed the same bytes. Deflated with node:zlib (level 9); rows that repeat
 * the one above are filtered to zeros, so a 1024×1024 image takes about 5 KB.
 */
import { deflateSync } from 'node:zlib';
import { crc32 } from './crc32.js';
import { Random } from './random.js';

/** Largest side accepted: the API's sizes stay well below, and memory stays bounded. */
export const MAX_PNG_SIDE = 8192;
/** Tiles per side. */
export const PNG_GRID = 8;
const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** The colour of tile (column, row) of the image for `seed`. */
export function tileColour(seed: string | number, column: number, row: number): [number, number, number] {
  const random = new Random(`png:${seed}:${column}:${row}`);
  return [random.int(0, 255), random.int(0, 255), random.int(0, 255)];
}

export function fakePng(width: number, height: number, seed: string | number): Buffer {
  for (const [name, side] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isSafeInteger(side) || side < 1 || side > MAX_PNG_SIDE) {
      throw new RangeError(`PNG ${name} must be an integer from 1 to ${MAX_PNG_SIDE}, not ${String(side)}.`);
    }
  }
  // Tile sides in pixels (the last tile of a row or column may be narrower).
  const tileWidth = Math.ceil(width / PNG_GRID);
  const tileHeight = Math.ceil(height / PNG_GRID);
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  let band = Buffer.alloc(0);
  for (let y = 0; y < height; y++) {
    if (y % tileHeight === 0) {
      // One scanline per band of tiles; the band's other rows copy it.
      band = Buffer.alloc(stride);
      for (let x0 = 0, column = 0; x0 < width; x0 += tileWidth, column++) {
        const [r, g, b] = tileColour(seed, column, y / tileHeight);
        for (let x = x0; x < Math.min(width, x0 + tileWidth); x++) {
          band[1 + x * 3] = r;
          band[2 + x * 3] = g;
          band[3 + x * 3] = b;
        }
      }
    }
    // The band's first row is stored as is (filter 0, None); the rows below it repeat it, so filter 2 (Up) makes
    // them all zeros.
    if (y % tileHeight === 0) band.copy(raw, y * stride);
    else raw[y * stride] = 2;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method 0
  header[12] = 0; // no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
