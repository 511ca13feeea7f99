/**
 * Swagger 2.0 input, converted on load: a small 2.0 spec generates a client whose requests reach a real HTTP
 * server on 127.0.0.1 as the 2.0 document describes them (a body parameter as JSON, form parameters as multipart and
 * URL-encoded bodies, a `collectionFormat: csv` query parameter joined with commas); a note says it was converted;
 * what has no 3.0 form is a located finding.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWarning, GeneratorError } from '../../generator/diagnostics.ts';
import { runPipeline } from '../../generator/pipeline.ts';

const out = path.resolve('.tmp/swagger2');
const spec = path.resolve('test/fixtures/swagger-2/pets.yaml');
const display = path.relative(process.cwd(), spec);

interface Seen {
  method: string;
  url: string;
  type: string;
  body: string;
}
const seen: Seen[] = [];
let recorder: http.Server;
let base: string;
type Call = (...args: unknown[]) => Promise<unknown>;
type Client = { pets: Record<string, Call> & { note: Record<string, Call> } };
let Client: new (o: object) => Client;
let warnings: string[];

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  const result = await runPipeline({ spec, format: false, emitters: ['client'], mode: 'tolerant' });
  warnings = result.warnings.map(formatWarning);
  for (const f of result.files) {
    mkdirSync(path.dirname(path.join(out, f.path)), { recursive: true });
    writeFileSync(path.join(out, f.path), f.contents);
  }
  const client = (await import(pathToFileURL(path.join(out, 'client/index.ts')).href)) as Record<
    string,
    unknown
  >;
  Client = client[result.api.clientName] as typeof Client;
  recorder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method!, url: req.url!, type: req.headers['content-type'] ?? '', body });
      if (req.method === 'POST' && req.url === '/pets') {
        res.writeHead(201, { 'content-type': 'application/json' }).end(body);
      } else if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => recorder.close(r));
});

async function sent(call: (c: Client) => Promise<unknown>): Promise<{ seen: Seen; answer: unknown }> {
  const before = seen.length;
  const answer = await call(new Client({ baseURL: base, apiKey: 'k', maxRetries: 0 }));
  expect(seen.length).toBe(before + 1);
  return { seen: seen.at(-1)!, answer };
}

describe('a Swagger 2.0 spec', () => {
  it('is converted on load, with a note located at its swagger field', () => {
    expect(warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${display.replace(/[.]/g, '\\.')}:3:10 #/swagger: warning\\[converted-input\\]: Swagger 2\\.0 input converted to OpenAPI 3\\.0\\.0 on load \\(swagger2openapi\\)`,
        ),
      ),
    );
  });

  it('sends a body parameter as the JSON request body', async () => {
    const { seen: r, answer } = await sent((c) => c.pets.create!({ name: 'Rex', tag: null }));
    expect([r.method, r.url, r.type]).toEqual(['POST', '/pets', 'application/json']);
    expect(JSON.parse(r.body)).toEqual({ name: 'Rex', tag: null });
    expect(answer).toEqual({ name: 'Rex', tag: null });
  });

  it('sends a collectionFormat csv query parameter joined with commas', async () => {
    const { seen: r } = await sent((c) => c.pets.list!({ tags: ['a', 'b'], limit: 2 }));
    const query = new URL(r.url, base).searchParams;
    expect(query.getAll('tags')).toEqual(['a,b']);
    expect(query.get('limit')).toBe('2');
  });

  it('sends formData parameters with a file as multipart/form-data', async () => {
    const file = new Blob(['photo-bytes'], { type: 'image/png' });
    const { seen: r } = await sent((c) => c.pets.photo!('p1', { file, caption: 'hi' }));
    expect([r.method, r.url]).toEqual(['POST', '/pets/p1/photo']);
    expect(r.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(r.body).toMatch(
      /name="file"; filename="[^"]*"\r\nContent-Type: image\/png\r\n\r\nphoto-bytes\r\n/,
    );
    expect(r.body).toMatch(/name="caption"\r\n\r\nhi\r\n/);
  });

  it('sends other formData parameters as an URL-encoded body', async () => {
    const { seen: r } = await sent((c) => c.pets.note.update!('p1', { text: 'a b&c' }));
    expect([r.method, r.url, r.type]).toEqual(['PUT', '/pets/p1/note', 'application/x-www-form-urlencoded']);
    expect(r.body).toBe('text=a+b%26c');
  });

  it('reports what 3.0 cannot say (collectionFormat tsv) at its line in the 2.0 file, an error in strict mode', async () => {
    const dir = path.join(out, 'tsv');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'swagger.yaml');
    writeFileSync(
      file,
      [
        "swagger: '2.0'",
        'info: {title: T, version: "1"}',
        'paths:',
        '  /a:',
        '    get:',
        '      operationId: getA',
        '      parameters:',
        '        - {name: ids, in: query, type: array, items: {type: string}, collectionFormat: tsv}',
        "      responses: {'204': {description: ok}}",
        '',
      ].join('\n'),
    );
    const error = await runPipeline({ spec: file, format: false, emitters: ['types'] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).format()).toBe(
      `${path.relative(process.cwd(), file)}:8:11 #/paths/~1a/get/parameters/0: error[unsupported]: Swagger 2.0 construct with no OpenAPI 3 equivalent: collectionFormat:tsv is no longer supported`,
    );
  });
  it('reads a multi-file 2.0 spec: named definitions in other files stay named, findings name their file and line', async () => {
    const dir = path.join(out, 'multi');
    mkdirSync(path.join(dir, 'definitions'), { recursive: true });
    const root = path.join(dir, 'swagger.yaml');
    writeFileSync(
      root,
      [
        "swagger: '2.0'",
        'info: {title: T, version: "1"}',
        'definitions:',
        "  Pet: {$ref: 'definitions/pet.yaml'}",
        'paths:',
        '  /pets:',
        '    post:',
        '      operationId: createPet',
        "      parameters: [{name: pet, in: body, schema: {$ref: '#/definitions/Pet'}}]",
        "      responses: {'200': {description: ok, schema: {$ref: 'definitions/pet.yaml'}}}",
        '',
      ].join('\n'),
    );
    const pet = path.join(dir, 'definitions/pet.yaml');
    writeFileSync(pet, 'type: object\nproperties:\n  name: {type: string}\n');
    const { files } = await runPipeline({ spec: root, format: false, emitters: ['types'] });
    const types = files.map((f) => f.contents).join('\n');
    expect(types).toMatch(/export interface Pet \{/);
    // The response's `$ref` to the same file is the same named type, not a second one.
    expect(types).not.toMatch(/Pet2|PetYaml/);
    writeFileSync(pet, 'type: object\nproperties:\n  name: {type: strin}\n');
    const error = await runPipeline({ spec: root, format: false, emitters: ['types'] }).catch(
      (e: unknown) => e,
    );
    expect((error as GeneratorError).format()).toContain(
      `${path.relative(process.cwd(), pet)}:3:16 #/components/schemas/Pet/properties/name/type: error[invalid-openapi]`,
    );
  });
  it.each([
    [
      'a 2.0 document the converter refuses',
      "parameters:\n  'Page Size': {name: a, in: query, type: string}\n  Page_Size: {name: b, in: query, type: string}\n",
      "swagger: '2.0'",
      /^\S+swagger\.yaml:1:1 #: error\[invalid-openapi\]: the Swagger 2\.0 document cannot be converted to OpenAPI 3\.0: Duplicate sanitised parameter name Page_Size$/,
    ],
    [
      'swagger: 2.0 unquoted (a YAML number)',
      '',
      'swagger: 2.0',
      /^\S+swagger\.yaml #\/swagger: error\[unsupported\]: the 'swagger' field must be the string "2\.0" \(quote it in YAML: swagger: '2\.0'\)$/,
    ],
    [
      'Swagger 1.2',
      '',
      "swagger: '1.2'",
      /^\S+swagger\.yaml #\/swagger: error\[unsupported\]: Swagger 1\.2 documents are not supported: only Swagger 2\.0 \(converted on load\), OpenAPI 3\.0 and 3\.1 are read$/,
    ],
  ])('%s is a located error', async (_, extra, head, want) => {
    const dir = path.join(out, 'refused');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'swagger.yaml');
    writeFileSync(file, `${head}\ninfo: {title: T, version: "1"}\npaths: {}\n${extra}`);
    const error = await runPipeline({ spec: file, format: false, emitters: ['types'] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).format()).toMatch(want);
  });
});
