import { describe, expect, it } from 'vitest';
import {
  embeddingFromBase64,
  embeddingToBase64,
  fakeEmbedding,
} from '../../../templates/emulator/fakes/index.js';

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('fakeEmbedding', () => {
  it('is a unit vector of exactly the requested dimensions', () => {
    for (const dimensions of [1, 2, 3, 256, 1536, 3072]) {
      const v = fakeEmbedding('hello world', dimensions);
      expect(v).toHaveLength(dimensions);
      expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-6);
      expect(v.every(Number.isFinite)).toBe(true);
    }
    expect(fakeEmbedding('x', 1)).toEqual([expect.closeTo(Math.sign(fakeEmbedding('x', 1)[0]!), 6)]);
  });

  it('depends on the input alone: equal inputs equal vectors, different inputs nearly orthogonal', () => {
    expect(fakeEmbedding('the same text', 64)).toEqual(fakeEmbedding('the same text', 64));
    const a = fakeEmbedding('first text', 512);
    const b = fakeEmbedding('second text', 512);
    const cosine = a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(a).not.toEqual(b);
    expect(Math.abs(cosine)).toBeLessThan(0.25);
    expect(fakeEmbedding('', 8)).toHaveLength(8);
  });

  it('holds float32 values, so the base64 form decodes to exactly the same numbers', () => {
    const v = fakeEmbedding('round trip', 300);
    for (const x of v) expect(Math.fround(x)).toBe(x);
    expect(embeddingFromBase64(embeddingToBase64(v))).toEqual(v);
  });

  it('encodes base64 as float32 little-endian, the layout clients decode', () => {
    const encoded = embeddingToBase64([1, -2, 0.5]);
    const bytes = Buffer.from(encoded, 'base64');
    expect(bytes).toHaveLength(12);
    const decoded = new Float32Array(bytes.buffer, bytes.byteOffset, 3);
    expect([...decoded]).toEqual([1, -2, 0.5]);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x00, 0x00, 0x80, 0x3f]));
  });

  it('refuses dimensions that are not a positive integer, and base64 that is not whole floats', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => fakeEmbedding('x', bad)).toThrow(
        `dimensions must be a positive integer, not ${String(bad)}.`,
      );
    }
    expect(() => embeddingFromBase64(Buffer.from([1, 2, 3]).toString('base64'))).toThrow(
      'A base64 embedding holds whole float32 values; got 3 bytes.',
    );
  });
});
