/**
 * Strict and tolerant modes: each finding is an error in strict mode and, in tolerant mode, a located warning
 * naming the fallback that the output then shows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatWarning, type GeneratorError, type Mode } from '../../generator/diagnostics.ts';
import type { CodegenConfig } from '../../generator/config/types.ts';
import { runPipeline } from '../../generator/pipeline.ts';
import { makeMultiFileSpec } from '../../scripts/make-multifile-spec.ts';
import { generateCorpus, typecheckCorpus } from '../corpus/run.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-tolerant-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;

/** A 3.1 document with these paths and schemas, written as JSON (valid YAML) so positions are real. */
function spec(
  paths: Record<string, unknown>,
  schemas: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): string {
  const file = path.join(dir, `spec-${count++}.yaml`);
  writeFileSync(
    file,
    JSON.stringify(
      { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths, components: { schemas }, ...extra },
      null,
      2,
    ),
  );
  return file;
}

async function generate(file: string, mode: Mode, emitters?: string[], config?: Partial<CodegenConfig>) {
  const result = await runPipeline({
    spec: file,
    mode,
    format: false,
    ...(emitters ? { emitters } : {}),
    ...(config ? { config } : {}),
  });
  const text = (p: string) => result.files.find((f) => f.path === p)?.contents ?? '';
  return { ...result, text, lines: result.warnings.map(formatWarning) };
}

/** The strict run's error as the CLI prints it (`file:line:column #/pointer: error[code]: message`). */
async function strictError(
  file: string,
  emitters: string[],
  config?: Partial<CodegenConfig>,
): Promise<string> {
  try {
    await runPipeline({ spec: file, mode: 'strict', format: false, emitters, ...(config ? { config } : {}) });
  } catch (error) {
    return (error as GeneratorError).format();
  }
  return 'no error';
}

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };

describe('modes', () => {
  it("an example that is a $ref to a file the bundler cannot bring in (DigitalOcean's): a warning in tolerant mode, an error in strict", async () => {
    const root = path.join(dir, `multi-${count++}`);
    mkdirSync(path.join(root, 'responses'), { recursive: true });
    const item = path.join(root, 'responses', 'item.yml');
    writeFileSync(
      item,
      'item:\n  description: ok\n  content:\n    application/json:\n      schema: { type: object }\n      example:\n        $ref: "missing.yml#/item"\n',
    );
    const file = path.join(root, 'openapi.yaml');
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/a': { get: { operationId: 'getA', responses: { '200': { $ref: 'responses/item.yml#/item' } } } },
        },
      }),
    );
    const tolerant = await generate(file, 'tolerant', ['types']);
    expect(tolerant.lines.join('\n')).toMatch(
      /item\.yml:7:9 #\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/example: warning\[unresolved-ref\]: \$ref 'missing\.yml#\/item' inside example data could not be bundled/,
    );
    expect(await strictError(file, ['types'])).toMatch(
      /error\[unresolved-ref\]: \$ref 'missing\.yml#\/item' inside example data/,
    );
  });

  it('ignores other vendors’ x- keys in both modes; a near-miss of ours is an error in strict, a warning in tolerant', async () => {
    const vendor = spec(
      { '/a': { get: { operationId: 'getA', 'x-codeSamples': [], 'x-oaiMeta': {}, responses: ok } } },
      {},
      { 'x-tagGroups': [] },
    );
    expect((await generate(vendor, 'strict', ['types'])).warnings).toEqual([]);
    const typo = spec({ '/a': { get: { operationId: 'getA', 'x-sdk-cal': 'a.b', responses: ok } } });
    expect(await strictError(typo, ['types'])).toMatch(
      /spec-\d+\.yaml:\d+:\d+ .*error\[unknown-extension\]: unknown extension 'x-sdk-cal' \(did you mean 'x-sdk-call'\?\)/,
    );
    const tolerant = await generate(typo, 'tolerant', ['types']);
    expect(tolerant.lines).toEqual([
      expect.stringMatching(
        /spec-\d+\.yaml:\d+:\d+ #\/paths\/~1a\/get\/x-sdk-cal: warning\[unknown-extension\]: .*; the key is ignored$/,
      ),
    ]);
  });

  it('a required name no property declares: an error in strict, in tolerant a warning with "did you mean", and the validators require the name', async () => {
    const file = spec(
      {},
      {
        Req: {
          type: 'object',
          required: ['input', 'modle'],
          properties: { input: { type: 'string' }, model: { type: 'string' } },
        },
      },
    );
    expect(await strictError(file, ['types'])).toMatch(
      /spec-\d+\.yaml:\d+:\d+ #\/components\/schemas\/Req\/required\/1: error\[invalid-openapi\]: required names 'modle'.*did you mean 'model'\?/,
    );
    const out = await generate(file, 'tolerant', ['types', 'validators']);
    expect(out.lines).toEqual([
      expect.stringMatching(
        /#\/components\/schemas\/Req\/required\/1: warning\[invalid-openapi\]: required names 'modle'.*; the validators require 'modle'; the types do not name it$/,
      ),
    ]);
    expect(out.text('types/common.ts')).toMatch(/model\?: string/);
    expect(out.text('validators/schemas/common.ts')).toContain(
      "c.missing(p + '/modle', '#/components/schemas/Req/required')",
    );
  });

  it('names an operation without operationId from its method and path; strict refuses it', async () => {
    const file = spec({
      '/pet/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok,
        },
      },
      '/': { post: { responses: ok } },
    });
    expect(await strictError(file, ['types'])).toMatch(
      /error\[missing-operation-id\]: GET \/pet\/\{id\} has no operationId/,
    );
    const out = await generate(file, 'tolerant', ['types', 'client']);
    expect(out.api.operations.map((o) => o.operationId).sort()).toEqual(['getPetById', 'postRoot']);
    expect(out.lines[0]).toMatch(
      /warning\[missing-operation-id\]: GET \/pet\/\{id\} has no operationId; named 'getPetById' from the method and path/,
    );
    expect(out.text('types/pet.ts')).toContain('export type GetPetByIdPathParams');
  });

  it('renames a repeated operationId in tolerant mode and keeps raw ids as quoted keys only', async () => {
    const file = spec({
      '/a': { get: { operationId: 'find a', responses: ok } },
      '/b': { get: { operationId: 'find a', responses: ok } },
    });
    expect(await strictError(file, ['types'])).toMatch(/duplicate-operation-id/);
    const out = await generate(file, 'tolerant', ['client', 'server']);
    expect(out.api.operations.map((o) => o.operationId)).toEqual(['find a', 'find a2']);
    expect(out.lines.join('\n')).toMatch(
      /warning\[duplicate-operation-id\]: .*the second is renamed 'find a2'/,
    );
    expect(out.text('server/handlers.ts')).toContain("'find a'?:");
    expect(out.files.map((f) => f.contents).join('\n')).toContain("operations['find a2']");
    expect(out.text('protocol/operations.ts')).toMatch(
      /'find a2': \{\s*id: 'find a2',\s*method: 'GET',\s*path: '\/b'/,
    );
    expect(out.text('client/operations.ts')).toContain("'find a2': facts['find a2']");
  });

  it('reports what the official OpenAPI schema refuses: an error in strict mode, one located warning per place in tolerant mode', async () => {
    const file = spec({
      '/a': {
        get: {
          operationId: 'getA',
          responses: {
            '200': { description: 7, content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
    });
    expect(await strictError(file, ['types'])).toMatch(
      /spec-\d+\.yaml:\d+:\d+ #\/paths\/~1a\/get\/responses\/200\/description: error\[invalid-openapi\]: must be string/,
    );
    const out = await generate(file, 'tolerant', ['types']);
    expect(out.lines).toEqual([
      expect.stringMatching(
        /#\/paths\/~1a\/get\/responses\/200\/description: warning\[invalid-openapi\]: must be string \(rule: type\).*; not valid against the OpenAPI schema; read as written where the model can still be built$/,
      ),
    ]);
    expect(out.api.operations.map((o) => o.operationId)).toEqual(['getA']);
  });

  it('warns on unknown schema keywords with a "did you mean", in both modes', async () => {
    const file = spec({}, { R: { type: 'array', items: { type: 'number' }, min_items: 2 } });
    const out = await generate(file, 'strict', ['types']);
    expect(out.lines).toEqual([
      expect.stringMatching(
        /#\/components\/schemas\/R\/min_items: warning\[unknown-keyword\]: unknown schema keyword 'min_items' \(did you mean 'minItems'\?\); ignored/,
      ),
    ]);
  });

  it('compiles a pattern valid only without the u flag without it, and gives a pattern not proven safe to the linear-time matcher in tolerant mode', async () => {
    const file = spec(
      {},
      { Slug: { type: 'string', pattern: '^[\\w-.]+$' }, Bad: { type: 'string', pattern: '^([a-z]+)*$' } },
    );
    expect(await strictError(file, ['validators'])).toMatch(
      /error\[unsafe-pattern\]: pattern "\^\(\[a-z\]\+\)\*\$" is not proven safe for backtracking engines/,
    );
    const out = await generate(file, 'tolerant', ['validators']);
    const code = out.files.map((f) => f.contents).join('\n');
    expect(code).toContain(`new RegExp('^[\\\\w-.]+$', '')`);
    expect(code).toMatch(/const RE\d+ = new LinearPattern\(true, true, /);
    expect(out.lines.join('\n')).toMatch(/warning\[unsafe-pattern\]: .*; checked by the linear-time matcher/);
  });
});

describe('operations that OpenAPI tools disagree on', () => {
  it('reads content-form parameters, undeclared or stray path parameters, bodies without content and then without if', async () => {
    const file = spec(
      {
        '/items/{id}': {
          post: {
            operationId: 'postItem',
            parameters: [
              {
                name: 'filter',
                in: 'query',
                content: {
                  'application/json': { schema: { type: 'object', properties: { q: { type: 'string' } } } },
                },
              },
              { name: 'stray', in: 'path', required: true, schema: { type: 'string' } },
            ],
            requestBody: { description: 'no content' },
            responses: ok,
          },
        },
      },
      { Odd: { type: 'string', then: { maxLength: 2 } } },
    );
    expect(await strictError(file, ['types'])).toMatch(
      /spec-\d+\.yaml:\d+:\d+ .*: error\[invalid-openapi\]: /,
    );
    const out = await generate(file, 'tolerant', ['types', 'client', 'validators', 'server']);
    const op = out.api.operations[0]!;
    expect(op.parameters.map((p) => `${p.in} ${p.name} ${p.type.kind}`)).toEqual([
      'path id string',
      'query filter object',
    ]);
    expect(op.requestBody!.contents.map((c) => `${c.mediaType} ${c.kind}`)).toEqual([
      'application/octet-stream binary',
    ]);
    const text = out.lines.join('\n');
    expect(text).toMatch(
      /warning\[unsupported\]: parameter 'filter' uses the 'content' form.*; typed by the schema of its 'application\/json' content/,
    );
    expect(text).toMatch(
      /warning\[invalid-openapi\]: path parameter 'stray' is not in the path \/items\/\{id\}; the parameter is left out/,
    );
    expect(text).toMatch(
      /warning\[invalid-openapi\]: path parameter '\{id\}' of \/items\/\{id\} is not declared; declared as a required string/,
    );
    expect(text).toMatch(
      /warning\[invalid-openapi\]: a request body needs content; read as a body of any bytes/,
    );
    expect(text).toMatch(
      /#\/components\/schemas\/Odd: warning\[invalid-openapi\]: 'then'\/'else' without 'if' has no effect; ignored/,
    );
  });
});

describe('media and bodies', () => {
  it('reads every media type: XML and YAML as text, anything else as binary, event streams without x-sse as one event', async () => {
    const file = spec({
      '/x': {
        post: {
          operationId: 'postX',
          requestBody: { content: { 'application/xml': { schema: { type: 'string' } } } },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/pdf': {}, 'application/yaml': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/s': {
        get: {
          operationId: 'stream',
          responses: {
            '200': {
              description: 'ok',
              content: {
                'text/event-stream': { schema: { type: 'object', properties: { n: { type: 'integer' } } } },
              },
            },
          },
        },
      },
      '/f': {
        post: {
          operationId: 'form',
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { a: { type: 'string' } } },
              },
            },
          },
          responses: ok,
        },
      },
    });
    const out = await generate(file, 'strict');
    const op = (id: string) => out.api.operations.find((o) => o.operationId === id)!;
    expect(op('postX').requestBody!.contents[0]!.kind).toBe('text');
    expect(op('postX').responses[0]!.contents.map((c) => c.kind)).toEqual(['binary', 'text']);
    expect(op('stream').responses[0]!.contents[0]!.sse!.events.map((e) => [e.name, e.type.kind])).toEqual([
      ['message', 'object'],
    ]);
    const operations = out.text('client/operations.ts');
    // The client sends the operation's text media type, read from the shared table at run time.
    expect(operations).toMatch(/postX: \{ \.\.\.facts\.postX, body: 'text' \}/);
    expect(out.text('protocol/operations.ts')).toMatch(
      /postX: \{[^}]*mediaTypes: \{ 'application\/xml': 'text' \}/,
    );
    expect(operations).toMatch(/form: \{[^}]*body: 'form'/);
  });

  it('takes enums of any JSON values; a repeated value is a warning in tolerant mode', async () => {
    const file = spec(
      {},
      { Mixed: { enum: [true, 1, 'a', null] }, Twice: { type: 'string', enum: ['a', 'b', 'a'] } },
    );
    expect(await strictError(file, ['types'])).toMatch(/error\[duplicate-enum-value\]/);
    const out = await generate(file, 'tolerant', ['types']);
    expect(out.text('types/common.ts')).toMatch(/export type Mixed = true \| 1 \| 'a' \| null;/);
    expect(out.api.enums.find((e) => e.typeName === 'Twice')!.values).toEqual(['a', 'b']);
    expect(out.lines.join('\n')).toMatch(
      /#\/components\/schemas\/Twice\/enum: warning\[duplicate-enum-value\]: .*repeated values are dropped/,
    );
  });

  it('discriminates inline members by their const or enum; one without either falls back to a plain union', async () => {
    const member = (kind: unknown, extra: Record<string, unknown> = {}) => ({
      type: 'object',
      required: ['kind'],
      properties: { kind: kind, ...extra },
    });
    const file = spec(
      {},
      {
        U: {
          oneOf: [
            member({ const: 'a' }, { n: { type: 'integer' } }),
            member({ type: 'string', enum: ['b', 'c'] }),
          ],
          discriminator: { propertyName: 'kind' },
        },
      },
    );
    const out = await generate(file, 'tolerant', ['validators']);
    expect(out.warnings).toEqual([]);
    const u = out.api.schemas.find((s) => s.name === 'U')!.type;
    expect(u.kind === 'union' && u.discriminator).toEqual({
      property: 'kind',
      mapping: [
        { value: 'a', variant: 0 },
        { value: 'b', variant: 1 },
        { value: 'c', variant: 1 },
      ],
    });
    const dir = path.join(path.dirname(file), `gen-${count++}`);
    for (const f of out.files) {
      mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
      writeFileSync(path.join(dir, f.path), f.contents);
    }
    const v = await import(path.join(dir, 'validators/index.ts'));
    expect(v.validateSchema('U', { kind: 'a', n: 1 })).toMatchObject({ ok: true });
    expect(v.validateSchema('U', { kind: 'c' })).toMatchObject({ ok: true });
    // The discriminator selects the member, so the error is the member's, not "matches none of the shapes".
    expect(v.validateSchema('U', { kind: 'a', n: 'x' })).toMatchObject({
      ok: false,
      errors: [{ path: '/n' }],
    });
    expect(v.validateSchema('U', { kind: 'z' })).toMatchObject({
      ok: false,
      errors: [{ path: '/kind', code: 'discriminator' }],
    });

    const loose = spec(
      {},
      {
        U: {
          oneOf: [member({ type: 'string' }), member({ const: 'b' })],
          discriminator: { propertyName: 'kind' },
        },
      },
    );
    expect(await strictError(loose, ['types'])).toMatch(
      /error\[discriminator-fallback\]: an inline member of a discriminated union needs a const or string enum for 'kind'/,
    );
    const fallback = await generate(loose, 'tolerant', ['types', 'validators']);
    const l = fallback.api.schemas.find((s) => s.name === 'U')!.type;
    expect(l.kind === 'union' && l.discriminator === undefined).toBe(true);
    expect(fallback.lines.join('\n')).toMatch(
      /warning\[discriminator-fallback\]: .*typed and validated as a plain union/,
    );
  });
});

describe('discriminators over unions', () => {
  const member = (kind: string) => ({
    type: 'object',
    required: ['kind'],
    properties: { kind: { type: 'string', enum: [kind] } },
  });
  it('lists the members of a member that is a union of named schemas; an ambiguous value falls back to a plain union', async () => {
    const file = spec(
      {},
      {
        A: member('a'),
        B: member('b'),
        C: member('c'),
        B2: member('b'),
        BorC: { oneOf: [{ $ref: '#/components/schemas/B' }, { $ref: '#/components/schemas/C' }] },
        U: {
          oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/BorC' }],
          discriminator: { propertyName: 'kind' },
        },
        V: {
          oneOf: [{ $ref: '#/components/schemas/B' }, { $ref: '#/components/schemas/B2' }],
          discriminator: { propertyName: 'kind' },
        },
      },
    );
    const out = await generate(file, 'tolerant', ['types', 'validators']);
    const u = out.api.schemas.find((s) => s.name === 'U')!.type;
    expect(u.kind === 'union' && u.discriminator?.mapping).toEqual([
      { value: 'a', schema: 'A' },
      { value: 'b', schema: 'B' },
      { value: 'c', schema: 'C' },
    ]);
    const v = out.api.schemas.find((s) => s.name === 'V')!.type;
    expect(v.kind === 'union' && v.discriminator === undefined).toBe(true);
    expect(out.lines).toEqual([
      expect.stringMatching(
        /#\/components\/schemas\/V\/discriminator: warning\[discriminator-fallback\]: discriminator value 'b' selects more than one member; typed and validated as a plain union$/,
      ),
    ]);
  });
});

describe('loading', () => {
  it('replaces a $ref written as a description by its target; $dynamicRef refers to the enclosing schema', async () => {
    const file = spec(
      {},
      {
        Text: {
          type: 'object',
          description: 'shared text',
          properties: {
            a: { type: 'string', description: { $ref: '#/components/schemas/Text/description' } },
          },
        },
        Tree: {
          $dynamicAnchor: 'node',
          type: 'object',
          properties: { children: { type: 'array', items: { $dynamicRef: '#node' } } },
        },
      },
    );
    expect(await strictError(file, ['types'])).toMatch(/'description' is written as a \$ref/);
    const out = await generate(file, 'tolerant', ['types']);
    expect(out.text('types/common.ts')).toContain('/** shared text */\n  a?: string');
    expect(out.text('types/common.ts')).toMatch(/children\?: Array<Tree>/);
  });
});

describe('loading, multi-file', () => {
  it('names schemas written in their own files after the files; recursion stays a named reference', async () => {
    const root = makeMultiFileSpec(path.join(dir, 'multi'), 3);
    const out = await generate(root, 'tolerant', ['types']);
    expect(out.api.schemas.map((s) => s.name)).toEqual([
      'Error',
      'PageInfo',
      'TagTree',
      'Widget000',
      'Widget000List',
      'Widget001',
      'Widget001List',
      'Widget002',
      'Widget002List',
    ]);
    const widget = out.files
      .filter((f) => f.path.startsWith('types/'))
      .map((f) => f.contents)
      .join('\n');
    expect(widget).toMatch(/export interface Widget000 \{/);
    expect(widget).toMatch(/parent\?: Widget000;/);
    expect(widget).toMatch(/sibling\?: Widget001;/);
    expect(out.text('types/common.ts')).toMatch(/children\?: Array<TagTree>/);
    // Every operation refers to the named types; none is inlined per operation.
    expect(out.api.operations.find((o) => o.operationId === 'getWidget0')!.names.response).toBe('Widget000');
    expect(out.lines.every((l) => l.includes('warning[pagination-fallback]'))).toBe(true);
  });

  it('replaces a whole properties map written as a $ref by its target', async () => {
    const file = spec(
      {},
      {
        Shared: { type: 'object', properties: { a: { type: 'string' } } },
        User: { type: 'object', properties: { $ref: '#/components/schemas/Shared/properties' } },
      },
    );
    const out = await generate(file, 'tolerant', ['types']);
    expect(out.text('types/common.ts')).toMatch(/export interface User \{\s+a\?: string;\s+\}/);
    expect(out.lines.join('\n')).toMatch(
      /#\/components\/schemas\/User\/properties: warning\[invalid-openapi\]: 'properties' is written as a \$ref/,
    );
  });
});

describe('names and the resource tree', () => {
  it('keeps a resource class and a schema type of the same name apart, drops a shared version prefix, turns segments into identifiers', async () => {
    const list = {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } },
      },
    };
    const file = spec(
      {
        '/v2/pets': { get: { operationId: 'listPets', responses: list } },
        '/v2/1-clicks': { get: { operationId: 'clicks', responses: ok } },
        '/v2/pets/{id}/toys': {
          post: {
            operationId: 'addToy',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: ok,
          },
        },
        '/v2/pets/{id}/toys/{toy}': {
          get: {
            operationId: 'getToy',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'toy', in: 'path', required: true, schema: { type: 'string' } },
            ],
            responses: ok,
          },
        },
      },
      { Pets: { type: 'array', items: { type: 'string' } } },
    );
    const out = await generate(file, 'strict', ['types', 'client']);
    const calls = Object.fromEntries(out.api.operations.map((o) => [o.operationId, o.sdkPath.join('.')]));
    expect(calls).toEqual({
      listPets: 'pets.list',
      clicks: 'n1Clicks.retrieve',
      addToy: 'pets.toys.create',
      getToy: 'pets.toys.retrieve',
    });
    expect(out.api.resources.children.find((c) => c.property === 'pets')!.className).toBe('PetsResource');
    expect(out.text('client/resources/pets/pets.ts')).toContain('export class PetsResource');
  });

  it('names a POST after a path parameter by its verb, or as create on a plural noun (an upload is never a noun call)', async () => {
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    const upload = {
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
      },
    };
    const out = await generate(
      spec({
        '/projects/{id}/attachments': {
          post: {
            operationId: 'uploadAttachment',
            parameters: [id],
            requestBody: { content: upload },
            responses: ok,
          },
        },
        '/projects/{id}/line_items': {
          post: { operationId: 'addLineItem', parameters: [id], responses: ok },
        },
        '/projects/{id}/cancel': { post: { operationId: 'cancelProject', parameters: [id], responses: ok } },
        '/projects/{id}/status': { post: { operationId: 'setStatus', parameters: [id], responses: ok } },
        '/projects/{id}/access': { post: { operationId: 'grantAccess', parameters: [id], responses: ok } },
      }),
      'strict',
      ['client'],
    );
    const calls = Object.fromEntries(out.api.operations.map((o) => [o.operationId, o.sdkPath.join('.')]));
    expect(calls).toEqual({
      uploadAttachment: 'projects.attachments.create',
      addLineItem: 'projects.lineItems.create',
      cancelProject: 'projects.cancel',
      setStatus: 'projects.status',
      grantAccess: 'projects.access',
    });
    expect(out.text('client/resources/projects/attachments.ts')).toMatch(
      /class ProjectsAttachments extends APIResource \{[\s\S]*?\bcreate\(id: string, body\?: WithUploads<UploadAttachmentBody>/,
    );
  });

  it('makes a list of a collection GET whose call clashes; paged by offset it is iterated, by a limit alone it is warned', async () => {
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    const list = (param: string) => ({
      operationId: 'findPets',
      parameters: [{ name: param, in: 'query', schema: { type: 'integer' } }],
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
        },
      },
    });
    const byOffset = await generate(
      spec({
        '/pets': { get: list('offset') },
        '/pets/{id}': { get: { operationId: 'getPet', parameters: [id], responses: ok } },
      }),
      'tolerant',
      ['client'],
    );
    expect(
      Object.fromEntries(byOffset.api.operations.map((o) => [o.operationId, o.sdkPath.join('.')])),
    ).toEqual({ findPets: 'pets.list', getPet: 'pets.retrieve' });
    expect(byOffset.api.operations.find((o) => o.operationId === 'findPets')!.paging).toEqual({
      kind: 'offset',
      param: 'offset',
      items: [],
    });
    expect(byOffset.lines).toEqual([]);
    const byLimit = await generate(
      spec({
        '/pets': { get: list('limit') },
        '/pets/{id}': { get: { operationId: 'getPet', parameters: [id], responses: ok } },
      }),
      'tolerant',
      ['client'],
    );
    expect(byLimit.api.operations.find((o) => o.operationId === 'findPets')!.sdkPath.join('.')).toBe(
      'pets.list',
    );
    expect(byLimit.lines).toEqual([
      expect.stringMatching(
        /warning\[pagination-fallback\]: findPets returns a list whose paging parameters fit no convention the client iterates .*; client\.pets\.list is a plain method returning one page$/,
      ),
    ]);
  });

  it('under the URL rule (forced by the config), falls back to tag and operationId when the path rule gives the same call twice, with a warning naming the config entry', async () => {
    const paths: Partial<CodegenConfig> = { sdk: { naming: 'paths', calls: {} } };
    const file = spec({
      '/pets': { get: { operationId: 'findPets', tags: ['pets'], responses: ok } },
      '/pets/{id}': {
        get: {
          operationId: 'find pet by id',
          tags: ['pets'],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok,
        },
        put: {
          operationId: 'updatePet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok,
        },
        // A POST on an item updates it too: two operations on `pets.update`.
        post: {
          operationId: 'patchPet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok,
        },
      },
    });
    expect(await strictError(file, ['types'], paths)).toMatch(
      /error\[identifier-collision\]: operations .* both map to client\.pets\./,
    );
    const out = await generate(file, 'tolerant', ['types', 'client'], paths);
    const calls = Object.fromEntries(out.api.operations.map((o) => [o.operationId, o.sdkPath.join('.')]));
    expect(calls).toEqual({
      'find pet by id': 'pets.retrieve',
      findPets: 'pets.findPets',
      patchPet: 'pets.update',
      updatePet: 'pets.updatePet',
    });
    expect(out.lines.join('\n')).toMatch(
      /warning\[identifier-collision\]: operations .* both map to client\.pets\.update; updatePet is called client\.pets\.updatePet; to choose, name it in codegen\.config\.json: "sdk": \{ "calls": \{ "updatePet": "resource\.method" \} \}/,
    );
    // Under the automatic choice each operation keeps its URL-tree call where it is clean; only the ones that meet
    // fall back, under their first resource of the URL tree, without warnings.
    const auto = await generate(file, 'strict', ['types']);
    expect(Object.fromEntries(auto.api.operations.map((o) => [o.operationId, o.sdkPath.join('.')]))).toEqual({
      'find pet by id': 'pets.retrieve',
      findPets: 'pets.findPets',
      patchPet: 'pets.update',
      updatePet: 'pets.updatePet',
    });
  });

  it('gives path parameters safe, distinct identifiers, and the outputs type-check', async () => {
    const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
    const file = spec(
      {
        '/things/{class}/{Class}/{1st}': {
          get: {
            operationId: 'get-thing',
            parameters: [param('class'), param('Class'), param('1st')],
            responses: ok,
          },
        },
      },
      { Things: { type: 'string' } },
    );
    const out = await generate(file, 'tolerant', ['types']);
    expect(out.api.operations[0]!.parameters.map((p) => p.identifier)).toEqual(['_1st', 'class_', 'class_2']);
    const tree = path.resolve('.tmp/path-params-tree');
    const [result] = await generateCorpus([{ name: 'params', file }], tree, false);
    expect(result!.error).toBeUndefined();
    expect(typecheckCorpus(tree).output.trim()).toBe('');
  });

  it('names an enum inside a schema apart from the schema: `{enum, maxLength}` its values break type-checks', async () => {
    // Cloudflare's shape: no `type`, and a `maxLength` one value exceeds, so both apply (an intersection whose enum
    // member has the schema's pointer). The schema keeps its name, the enum gets one of its own (no TS2440).
    const file = spec(
      {
        '/rules': {
          get: {
            operationId: 'listRules',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/rule' } } },
              },
            },
          },
        },
      },
      {
        mode: { description: 'The action.', enum: ['block', 'managed_challenge'], maxLength: 12 },
        rule: { type: 'object', properties: { mode: { $ref: '#/components/schemas/mode' } } },
      },
    );
    const out = await generate(file, 'strict', ['types']);
    expect(out.api.schemas.find((s) => s.name === 'mode')!.typeName).toBe('Mode');
    expect(out.api.enums.map((e) => e.typeName)).toEqual(['Mode2']);
    const tree = path.resolve('.tmp/enum-in-schema-tree');
    const [result] = await generateCorpus([{ name: 'modes', file }], tree, false);
    expect(result!.error).toBeUndefined();
    expect(typecheckCorpus(tree).output.trim()).toBe('');
  });

  it('renames a clash between two author-chosen names in tolerant mode; invented enum names get numbers', async () => {
    const file = spec(
      {
        '/a': {
          post: {
            operationId: 'a',
            requestBody: {
              content: {
                'application/json': { schema: { type: 'object', properties: { k: { enum: ['x', 'y'] } } } },
              },
            },
            responses: ok,
          },
        },
      },
      { ABody: { type: 'string' }, Thing: { type: 'string' }, thing: { type: 'integer' } },
    );
    expect(await strictError(file, ['types'])).toMatch(/identifier-collision/);
    const out = await generate(file, 'tolerant', ['types']);
    expect(out.api.schemas.map((s) => s.typeName)).toEqual(['ABody', 'Thing', 'Thing2']);
    expect(out.api.operations[0]!.names.body).toBe('ABody2');
    expect(out.lines.join('\n')).toMatch(
      /the name 'Thing' is claimed by schema 'Thing' and by schema 'thing'.*; the second is named 'Thing2'/,
    );
  });
});
