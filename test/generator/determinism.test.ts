/** Output is byte-identical across runs and across the key order of the input spec. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runPipeline } from '../../generator/pipeline.ts';
import { originOf } from '../../generator/render/origin.ts';

/** Reverses the key order of every mapping, recursively (lists keep their order: it is meaningful). */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  }
  return value;
}

describe('determinism', () => {
  for (const name of ['composition', 'streams-and-files', 'webhooks-and-machines']) {
    it(`${name}: same bytes twice and with reversed key order`, async () => {
      const spec = `test/fixtures/generator/${name}/openapi.yaml`;
      const a = await runPipeline({ spec });
      const b = await runPipeline({ spec });
      expect(b.files).toEqual(a.files);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-order-'));
      const reversed = path.join(dir, 'openapi.yaml');
      writeFileSync(reversed, stringify(reverseKeys(parse(readFileSync(spec, 'utf8')))));
      // The copy lives elsewhere; the files name the original as their input, so only the key order differs.
      const c = await runPipeline({ spec: reversed, origin: originOf(spec) });
      expect(c.files.map((f) => f.path)).toEqual(a.files.map((f) => f.path));
      for (let i = 0; i < a.files.length; i++)
        expect(c.files[i]!.contents, a.files[i]!.path).toBe(a.files[i]!.contents);
    });
  }
});

describe('prettier output cache', () => {
  it('a warm cache gives the same bytes as no cache', async () => {
    const spec = 'test/fixtures/generator/streams-and-files/openapi.yaml';
    const cache = mkdtempSync(path.join(os.tmpdir(), 'codegen-cache-'));
    const plain = await runPipeline({ spec });
    const cold = await runPipeline({ spec, cache });
    const warm = await runPipeline({ spec, cache });
    expect(cold.files).toEqual(plain.files);
    expect(warm.files).toEqual(plain.files);
  });
});
