/** Fake embeddings: unit vectors derived from the input, so equal inputs embed equally and different ones do not. */
import { Random } from './random.js';

/**
 * A unit vector (Euclidean norm 1) of `dimensions` numbers, each a float32 value (so a base64 round trip is
 * exact), derived from `input` alone.
 */
export function fakeEmbedding(input: string, dimensions: number): number[] {
  if (!Number.isSafeInteger(dimensions) || dimensions < 1) {
    throw new RangeError(`dimensions must be a positive integer, not ${String(dimensions)}.`);
  }
  const random = new Random(`embedding:${input}`);
  // Gaussian components give a direction uniform on the sphere.
  const raw = Array.from({ length: dimensions }, () => random.normal());
  let sum = 0;
  for (const x of raw) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return raw.map((x) => Math.fround(x / norm));
}

/**
 * The `encoding_format: base64` form of an embedding: the numbers as float32, little-endian, base64 encoded. (The
 * documents name the format only; this layout is what clients decode, e.g. openai-node into a Float32Array.)
 */
export function embeddingToBase64(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => bytes.writeFloatLE(x, i * 4));
  return bytes.toString('base64');
}

/** The inverse of `embeddingToBase64`. */
export function embeddingFromBase64(encoded: string): number[] {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length % 4 !== 0)
    throw new RangeError(`A base64 embedding holds whole float32 values; got ${bytes.length} bytes.`);
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
}
