/**
 * `$dynamicRef` bound through the dynamic scope (JSON Schema 2020-12 §8.2.3.2) in an OpenAPI 3.1 document: one
 * generic list, two specialisations that each declare the list's `$dynamicAnchor`, each body checked against its
 * own item type without a warning; a named component whose caller redeclares the anchor, inlined there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../generator/pipeline.ts';
import { writeTree } from '../../generator/render/write.ts';
import { root } from './fixture.ts';

type Result = { ok: boolean; errors?: { path: string; code: string }[] };
let validateRequest: (op: string, input: { body: unknown; mediaType: string }) => Result;
let warnings: string[];

const body = (name: string) => ({
  required: true,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
});
const post = (name: string) => ({
  post: {
    operationId: `post${name}`,
    requestBody: body(name),
    responses: { '204': { description: 'done' } },
  },
});

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'dynamic scope', version: '1' },
  paths: {
    '/strings': post('StringList'),
    '/numbers': post('NumberList'),
    '/specific': post('Specific'),
    '/generic': post('GenericNamed'),
    '/tree': post('StringTree'),
  },
  components: {
    schemas: {
      Lists: {
        $id: 'https://example.com/lists',
        $defs: {
          generic: {
            $id: 'generic',
            type: 'array',
            items: { $dynamicRef: '#item' },
            $defs: { item: { $dynamicAnchor: 'item' } },
          },
        },
      },
      StringList: {
        $id: 'https://example.com/strings',
        $ref: 'https://example.com/generic',
        $defs: { item: { $dynamicAnchor: 'item', type: 'string' } },
      },
      NumberList: {
        $id: 'https://example.com/numbers',
        $ref: 'https://example.com/generic',
        $defs: { item: { $dynamicAnchor: 'item', type: 'number' } },
      },
      // A named component is one function for all its callers: inlined where a caller's scope binds it otherwise.
      GenericNamed: {
        $id: 'https://example.com/named',
        type: 'array',
        items: { $dynamicRef: '#element' },
        $defs: { element: { $dynamicAnchor: 'element' } },
      },
      // Recursive: the first level is inlined; the recursion calls the named schema, whose binding differs (warned).
      Tree: {
        $id: 'https://example.com/tree',
        type: 'object',
        properties: {
          value: { $dynamicRef: '#leaf' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
        },
        $defs: { leaf: { $dynamicAnchor: 'leaf' } },
      },
      StringTree: {
        $id: 'https://example.com/string-tree',
        $ref: '#/components/schemas/Tree',
        $defs: { leaf: { $dynamicAnchor: 'leaf', type: 'string' } },
      },
      Specific: {
        $id: 'https://example.com/specific',
        $ref: '#/components/schemas/GenericNamed',
        $defs: { element: { $dynamicAnchor: 'element', type: 'boolean' } },
      },
    },
  },
};

beforeAll(async () => {
  const dir = path.join(root, '.tmp/test/dynamic-scope');
  fs.mkdirSync(dir, { recursive: true });
  const spec = path.join(dir, 'openapi.json');
  fs.writeFileSync(spec, JSON.stringify(SPEC));
  const result = await runPipeline({ spec, emitters: ['validators'], mode: 'tolerant', format: false });
  warnings = result.warnings.map((w) => `${w.location.pointer} ${w.code}: ${w.message}`);
  writeTree(path.join(dir, 'out'), result.files, { force: true });
  ({ validateRequest } = (await import(path.join(dir, 'out/validators/index.ts'))) as {
    validateRequest: typeof validateRequest;
  });
}, 120_000);

const check = (op: string, value: unknown) =>
  validateRequest(op, { body: value, mediaType: 'application/json' });

describe('$dynamicRef through the dynamic scope', () => {
  it('binds the generic list item to the outermost $dynamicAnchor of each path', () => {
    expect(check('postStringList', ['a', 'b']).ok).toBe(true);
    expect(check('postStringList', ['a', 1]).errors?.[0]).toMatchObject({ path: '/body/1' });
    expect(check('postNumberList', [1, 2.5]).ok).toBe(true);
    expect(check('postNumberList', [1, 'a']).errors?.[0]).toMatchObject({ path: '/body/1' });
    expect(check('postStringList', 'a').ok).toBe(false);
  });

  it('inlines a named component where its callers’ scope binds its $dynamicRef otherwise, without a warning', () => {
    expect(warnings.filter((w) => !w.startsWith('#/components/schemas/Tree/'))).toEqual([]);
    expect(check('postSpecific', [true, false]).ok).toBe(true);
    expect(check('postSpecific', [true, 'x']).errors?.[0]).toMatchObject({ path: '/body/1' });
    // The named component's own function keeps its own binding (any item).
    expect(check('postGenericNamed', [true, 'x']).ok).toBe(true);
  });

  it('reports, where it is, a recursive reference whose callers’ scope would bind its $dynamicRef otherwise', () => {
    expect(warnings).toEqual([
      expect.stringMatching(
        /^#\/components\/schemas\/Tree\/properties\/children\/items unsupported: the dynamic scope of this recursive reference to 'Tree' binds a '\$dynamicRef' in it otherwise than the named schema does, and is not followed$/,
      ),
    ]);
    expect(check('postStringTree', { value: 'a', children: [{ value: 'b' }] }).ok).toBe(true);
    expect(check('postStringTree', { value: 1 }).errors?.[0]).toMatchObject({ path: '/body/value' });
  });
});
