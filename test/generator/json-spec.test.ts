/**
 * A spec written as JSON is read with JSON.parse and located through an offset index (generator/load/json-source.ts),
 * not the YAML reader's node tree: its findings still name the file, line and column of the value, through a `$ref`
 * to another JSON file too; a repeated key is refused where it is written; text JSON.parse refuses is read (or
 * refused, located) by the YAML reader as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../generator/cli/generate.ts';

let dir = '';
let config = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-json-spec-'));
  config = path.join(dir, 'strict.json');
  writeFileSync(config, '{ "mode": "strict" }');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function generate(spec: string) {
  let stderr = '';
  const err = new Writable({
    write(c, _e, cb) {
      stderr += String(c);
      cb();
    },
  }) as unknown as NodeJS.WritableStream;
  const out = new Writable({
    write(_c, _e, cb) {
      cb();
    },
  }) as unknown as NodeJS.WritableStream;
  const code = await main(
    ['--spec', spec, '--out', path.join(dir, 'out'), '--config', config, '--quiet'],
    out,
    err,
  );
  return { code, stderr };
}

/** 1-based line and column just after the first occurrence of `needle` in `text` (where its value starts). */
function after(text: string, needle: string): string {
  const offset = text.indexOf(needle) + needle.length;
  const before = text.slice(0, offset);
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
}

describe('a JSON spec', () => {
  it("locates each finding at its value's line and column", async () => {
    // OpenAPI 3.0: an unknown schema keyword breaks its schema (3.1 allows them).
    const text = JSON.stringify(
      parse(
        readFileSync('test/fixtures/new-user/findings.yaml', 'utf8').replace(
          'openapi: 3.1.0',
          'openapi: 3.0.3',
        ),
      ),
      null,
      2,
    );
    const spec = path.join(dir, 'findings.json');
    writeFileSync(spec, text);
    const r = await generate(spec);
    expect(r.code).toBe(EXIT.failed);
    const errors = r.stderr.split('\n').filter((l) => l.includes(' error['));
    expect(errors).toEqual([
      expect.stringContaining(
        `findings.json:${after(text, '"min_items": ')} #/paths/~1things/get/responses/200/content/application~1json/schema/min_items: error[invalid-openapi]: unknown property 'min_items'`,
      ),
      expect.stringContaining(
        `findings.json:${after(text, '"maxLenght": ')} #/components/schemas/Thing/properties/name/maxLenght: error[invalid-openapi]: unknown property 'maxLenght'`,
      ),
      expect.stringContaining(
        `findings.json:${after(text, '"get": ')} #/paths/~1things/get: error[missing-operation-id]: GET /things has no operationId`,
      ),
    ]);
  });

  it('follows a $ref into another JSON file, and names an unresolved pointer where the $ref is written', async () => {
    const schemas = { Thing: { type: 'object', properties: { name: { type: 'string', maxLenght: 3 } } } };
    writeFileSync(path.join(dir, 'schemas.json'), JSON.stringify(schemas, null, 2));
    const root = {
      openapi: '3.1.0',
      info: { title: 'Refs', version: '1.0.0' },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: 'schemas.json#/Thing' } } },
              },
            },
          },
        },
      },
    };
    const spec = path.join(dir, 'refs.json');
    writeFileSync(spec, JSON.stringify(root, null, 2));
    const found = await generate(spec);
    const schemasText = readFileSync(path.join(dir, 'schemas.json'), 'utf8');
    expect(found.stderr).toContain(`schemas.json:${after(schemasText, '"maxLenght": ')}`);
    expect(found.stderr).toContain("unknown schema keyword 'maxLenght'");

    const broken = JSON.stringify(root, null, 2).replace('schemas.json#/Thing', 'schemas.json#/Nothing');
    writeFileSync(spec, broken);
    const r = await generate(spec);
    expect(r.code).toBe(EXIT.failed);
    expect(r.stderr).toContain(`refs.json:${after(broken, '"$ref": ')}`);
    expect(r.stderr).toContain("error[unresolved-ref]: $ref 'schemas.json#/Nothing' does not resolve");
  });

  it('refuses a repeated key at its second occurrence', async () => {
    const text =
      '{\n  "openapi": "3.1.0",\n  "info": { "title": "A", "version": "1", "title": "B" },\n  "paths": {}\n}\n';
    const spec = path.join(dir, 'repeated.json');
    writeFileSync(spec, text);
    const r = await generate(spec);
    expect(r.code).toBe(EXIT.failed);
    expect(r.stderr).toContain(
      `repeated.json:3:43: error[yaml-syntax]: Map keys must be unique ("title" is repeated)`,
    );
  });

  it('text JSON.parse refuses goes to the YAML reader: a trailing comma is read, an unclosed object is refused where it ends', async () => {
    const spec = path.join(dir, 'loose.json');
    writeFileSync(
      spec,
      '{\n  "openapi": "3.1.0",\n  "info": { "title": "Loose", "version": "1" },\n  "paths": {},\n}\n',
    );
    expect((await generate(spec)).code).toBe(EXIT.ok);
    writeFileSync(spec, '{\n  "openapi": "3.1.0",\n  "info": { "title": "Loose", "version": "1" \n');
    const r = await generate(spec);
    expect(r.code).toBe(EXIT.failed);
    expect(r.stderr).toMatch(/loose\.json:\d+:\d+: error\[yaml-syntax\]/);
  });
});
