/**
 * Names of Object.prototype's members (`constructor`, `toString`, `__proto__`, `hasOwnProperty`, `valueOf`) are data
 * wherever a spec or a config gives them: as operationIds, schema names, property names and keys of the config's
 * `sdk.calls`, the whole output generates and type-checks (they used to crash the SDK naming pass).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline.ts';
import { generateCorpus, typecheckCorpus } from '../corpus/run.ts';

const spec = path.resolve('test/fixtures/prototype-names/openapi.yaml');

describe("Object.prototype's names", () => {
  it(
    'as operationIds and schema names: every output generates and type-checks',
    { timeout: 300_000 },
    async () => {
      const tree = path.resolve('.tmp/prototype-names');
      const [result] = await generateCorpus([{ name: 'proto', file: spec }], tree, false);
      expect(result!.error).toBeUndefined();
      expect(typecheckCorpus(tree).output.trim()).toBe('');
    },
  );

  it('as keys of sdk.calls: only the operations they name', async () => {
    const config = path.resolve('.tmp/prototype-names.config.json');
    // Written as text: an object literal's `__proto__` key would set its prototype, not a key.
    writeFileSync(config, '{ "sdk": { "calls": { "__proto__": "odd.proto", "constructor": "odd.make" } } }');
    const result = await runPipeline({ spec, config, emitters: ['client'], format: false, mode: 'tolerant' });
    const client = result.files.map((f) => f.contents).join('\n');
    expect(client).toMatch(/\bmake\(/);
    expect(client).toMatch(/\bproto\(/);
  });
});
