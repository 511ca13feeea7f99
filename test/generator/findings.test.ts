/**
 * Strict mode reports every finding of a spec at once, each named and located (an unknown property with the
 * keyword it resembles, a missing operationId), not the first schema-validation error; `--only` and the command
 * name suggest the nearest known name.
 */
import { writeFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../generator/cli/generate.ts';
import { main as lint } from '../../generator/cli/lint.ts';

const findings31 = 'test/fixtures/new-user/findings.yaml';
let dir = '';
let spec30 = '';
let config = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-findings-'));
  spec30 = path.join(dir, 'openapi.yaml');
  writeFileSync(spec30, readFileSync(findings31, 'utf8').replace('openapi: 3.1.0', 'openapi: 3.0.3'));
  config = path.join(dir, 'strict.json');
  writeFileSync(config, '{ "mode": "strict" }');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sink() {
  let text = '';
  return {
    stream: new Writable({
      write(c, _e, cb) {
        text += String(c);
        cb();
      },
    }) as unknown as NodeJS.WritableStream,
    text: () => text,
  };
}

async function generate(args: string[]) {
  const out = sink();
  const err = sink();
  const code = await main([...args, '--quiet'], out.stream, err.stream);
  return { code, stderr: err.text() };
}

describe('strict mode reports every finding at once', () => {
  it('an OpenAPI 3.0 spec: each unknown property named at its key, with "did you mean", and the missing operationId', async () => {
    const r = await generate(['--spec', spec30, '--out', path.join(dir, 'out'), '--config', config]);
    expect(r.code).toBe(EXIT.failed);
    const errors = r.stderr.split('\n').filter((l) => l.includes(' error['));
    expect(errors).toEqual([
      expect.stringMatching(
        /openapi\.yaml:15:\d+ #\/paths\/~1things\/get\/responses\/200\/content\/application~1json\/schema\/min_items: error\[invalid-openapi\]: unknown property 'min_items'/,
      ),
      expect.stringMatching(
        /openapi\.yaml:22:\d+ #\/components\/schemas\/Thing\/properties\/name\/maxLenght: error\[invalid-openapi\]: unknown property 'maxLenght'/,
      ),
      expect.stringMatching(
        /openapi\.yaml:8:7 #\/paths\/~1things\/get: error\[missing-operation-id\]: GET \/things has no operationId/,
      ),
    ]);
    expect(r.stderr).toContain("unknown schema keyword 'min_items' (did you mean 'minItems'?)");
    expect(r.stderr).toContain("unknown schema keyword 'maxLenght' (did you mean 'maxLength'?)");
    expect(r.stderr).toMatch(/^3 errors$/m);
    expect(r.stderr).not.toContain('related]');
  });

  it('lint (strict by default) prints the same findings and exits 1; --tolerant lists them as warnings', async () => {
    const err = sink();
    expect(await lint(['--spec', findings31, '--config', config], sink().stream, err.stream)).toBe(1);
    expect(err.text()).toMatch(/error\[missing-operation-id\]: GET \/things has no operationId/);
    expect(err.text()).toContain(
      "warning[unknown-keyword]: unknown schema keyword 'min_items' (did you mean 'minItems'?)",
    );
    const out = sink();
    const tolerant = sink();
    expect(
      await lint(['--spec', findings31, '--config', config, '--tolerant'], out.stream, tolerant.stream),
    ).toBe(0);
    expect(tolerant.text()).toMatch(
      /warning\[missing-operation-id\]: GET \/things has no operationId; named 'getThings'/,
    );
    expect(out.text()).toMatch(/findings\.yaml: 1 operation, no error, 3 warnings/);
  });
});

describe('names suggested', () => {
  it('--only client,typs suggests types', async () => {
    const r = await generate(['--spec', findings31, '--out', path.join(dir, 'x'), '--only', 'client,typs']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toMatch(
      /^error\[usage\]: --only names no output "typs" \(did you mean "types"\?\); the outputs are types, client/,
    );
  });
});
