/**
 * Docs split per area and page: an area of more than 200 entries (operations, then schemas) is written as
 * `<area>.md`, `<area>-2.md`…, each listed in the index, and every link to a schema points at the page that holds it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { areaFiles, DOCS_PAGE_ENTRIES as PAGE_ENTRIES } from '../../generator/naming/paths.ts';
import { runPipeline } from '../../generator/pipeline.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'codegen-doc-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs pages', () => {
  it('splits a large area into pages and links each schema to its page', async () => {
    // 450 schemas shared by two operations of different areas (so their area is `common`), each linking the next.
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 450; i++)
      schemas[`S${i}`] = {
        type: 'object',
        properties: { next: { $ref: `#/components/schemas/S${(i + 1) % 450}` } },
      };
    const all = {
      type: 'object',
      properties: Object.fromEntries(
        Object.keys(schemas).map((n) => [n.toLowerCase(), { $ref: `#/components/schemas/${n}` }]),
      ),
    };
    const ok = { '200': { description: 'ok', content: { 'application/json': { schema: all } } } };
    const file = path.join(dir, 'spec.yaml');
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Pages', version: '1' },
        paths: {
          '/a': { get: { operationId: 'getA', tags: ['a'], responses: ok } },
          '/b': { get: { operationId: 'getB', tags: ['b'], responses: ok } },
        },
        components: { schemas },
      }),
    );
    const { files } = await runPipeline({ spec: file, emitters: ['docs'], format: false, mode: 'tolerant' });
    const docs = new Map(
      files.filter((f) => f.path.startsWith('docs/')).map((f) => [f.path.slice('docs/'.length), f.contents]),
    );
    expect([...docs.keys()].filter((p) => p.startsWith('common')).sort()).toEqual([
      'common-2.md',
      'common-3.md',
      'common.md',
    ]);
    for (const [name, text] of docs)
      if (name.startsWith('common')) expect(text.match(/^### /gm)!.length).toBeLessThanOrEqual(PAGE_ENTRIES);
    expect(docs.get('README.md')).toContain('(./common-3.md)');
    // Every link to a schema lands on a page with its heading; on its own page it is a bare anchor.
    let links = 0;
    for (const [name, text] of docs) {
      for (const [, target, anchor] of text.matchAll(/\]\((\.\/[\w-]+\.md)?#(s\d+)\)/g)) {
        links++;
        const page = target ? target.slice(2) : name;
        expect(docs.get(page), `${name} → ${target ?? ''}#${anchor}`).toMatch(
          new RegExp(`^### ${anchor!.toUpperCase()}$`, 'm'),
        );
      }
    }
    expect(links).toBeGreaterThanOrEqual(450);
  });

  it('takes its page files from the resolver: one page per 200 entries, at least one', () => {
    expect(areaFiles('a', 0).docs).toEqual([{ file: 'docs/a.md', from: 0, to: 200 }]);
    expect(areaFiles('a', 200).docs.map((p) => p.file)).toEqual(['docs/a.md']);
    expect(areaFiles('a', 401).docs).toEqual([
      { file: 'docs/a.md', from: 0, to: 200 },
      { file: 'docs/a-2.md', from: 200, to: 400 },
      { file: 'docs/a-3.md', from: 400, to: 600 },
    ]);
  });
});
