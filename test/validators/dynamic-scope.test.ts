/**
 * `$dynamicRef` bound through the dynamic scope (JSON Schema 2020-12 §8.2.3.2) in an OpenAPI 3.1 document: one
 * generic list, two specialisations that each declare the list's `$dynamicAnchor`, each body checked against its
 * own item type without a warning; and the case the generator does not follow (a named component whose callers
 * redeclare the anchor), reported where the reference is.
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

const body = (name: string) => ({ required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } });
const post = (name: string) => ({ post: { operationId: `post${name}`, requestBody: body(name), responses: { '204': { description: 'done' } } } });

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'dynamic scope', version: '1' },
  paths: { '/strings': post('StringList'), '/numbers': post('NumberList'), '/specific': post('Specific') },
  components: {
    schemas: {
      Lists: {
        $id: 'https://example.com/lists',
        $defs: { generic: { $id: 'generic', type: 'array', items: { $dynamicRef: '#item' }, $defs: { item: { $dynamicAnchor: 'item' } } } },
      },
      StringList: { $id: 'https://example.com/strings', $ref: 'https://example.com/generic', $defs: { item: { $dynamicAnchor: 'item', type: 'string' } } },
      NumberList: { $id: 'https://example.com/numbers', $ref: 'https://example.com/generic', $defs: { item: { $dynamicAnchor: 'item', type: 'number' } } },
      // A named component is one function for all its callers: the binding a caller's scope would give is not followed.
      GenericNamed: { $id: 'https://example.com/named', type: 'array', items: { $dynamicRef: '#element' }, $defs: { element: { $dynamicAnchor: 'element' } } },
      Specific: { $id: 'https://example.com/specific', $ref: '#/components/schemas/GenericNamed', $defs: { element: { $dynamicAnchor: 'element', type: 'boolean' } } },
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
  ({ validateRequest } = (await import(path.join(dir, 'out/validators/index.ts'))) as { validateRequest: typeof validateRequest });
}, 120_000);

const check = (op: string, value: unknown) => validateRequest(op, { body: value, mediaType: 'application/json' });

describe('$dynamicRef through the dynamic scope', () => {
  it('binds the generic list item to the outermost $dynamicAnchor of each path', () => {
    expect(check('postStringList', ['a', 'b']).ok).toBe(true);
    expect(check('postStringList', ['a', 1]).errors?.[0]).toMatchObject({ path: '/body/1' });
    expect(check('postNumberList', [1, 2.5]).ok).toBe(true);
    expect(check('postNumberList', [1, 'a']).errors?.[0]).toMatchObject({ path: '/body/1' });
    expect(check('postStringList', 'a').ok).toBe(false);
  });

  it('reports, where the reference is, a binding a named schema’s callers could change', () => {
    expect(warnings.filter((w) => !w.startsWith('#/components/schemas/GenericNamed/'))).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(/^#\/components\/schemas\/GenericNamed\/items\/\$dynamicRef unsupported: '\$dynamicRef: #element' is bound to #\/components\/schemas\/GenericNamed\/\$defs\/element along this schema's own paths; #\/components\/schemas\/Specific also declares '\$dynamicAnchor: element'/),
    ]);
    // The declared limitation: checked against the named schema's own binding (any item).
    expect(check('postSpecific', [true, 'x']).ok).toBe(true);
  });
});
