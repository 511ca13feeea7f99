/** The generated docs: nested fields, limits of multi-type fields, and wording. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeLimits } from '../../generator/emit/docs/describe.ts';
import { emitDocs } from '../../generator/emit/docs/index.ts';
import type { TypeNode } from '../../generator/ir/schema.ts';
import { buildIr } from '../../generator/pipeline.ts';

const root = path.resolve(import.meta.dirname, '../..');
let pages: Map<string, string>;

beforeAll(async () => {
  const api = await buildIr(path.join(root, 'spec/openapi.yaml'));
  pages = new Map(emitDocs(api).map((f) => [f.path, f.contents]));
});

/** The list item of a field in a page: whether it says required, and what follows the colon. */
function item(page: string, field: string): { required: boolean; text: string } | undefined {
  const m = pages
    .get(page)!
    .split('\n')
    .map((l) => /^- `([^`]+)`( \(required\))?: (.*)$/.exec(l))
    .find((x) => x?.[1] === field);
  return m ? { required: Boolean(m[2]), text: m[3]! } : undefined;
}

describe('docs content', () => {
  it('lists the fields of nested inline objects as parent.child items', () => {
    expect(item('docs/common.md', 'error')?.text).toMatch(/^object — /);
    expect(item('docs/common.md', 'error.message')).toEqual({
      required: true,
      text: 'string — Human-readable error message.',
    });
    expect(item('docs/batches.md', 'input_tokens_details.cached_tokens')).toBeDefined();
    expect(item('docs/completions.md', 'completion_tokens_details.reasoning_tokens')).toBeDefined();
  });

  it('lists fields, not a table: no page has a fields table (prettier pads every row of a table to its widest cell)', () => {
    for (const page of pages.values()) expect(page).not.toMatch(/^\| field /m);
  });

  it('gives an allOf schema its fields instead of "unknown and object {…}"', () => {
    expect(item('docs/completions.md', 'model')?.required).toBe(true);
    expect(item('docs/completions.md', 'temperature')?.text).toMatch(
      /^number or null \(minimum 0; maximum 2\) — /,
    );
    expect(pages.get('docs/completions.md')).not.toMatch(/unknown and/);
  });

  it('keeps the limits of each type of a field that accepts several', () => {
    expect(item('docs/embeddings.md', 'input')?.text).toContain(
      '(string: minLength 1; array of string: maxItems 2048; item.minLength 1; array of integer: maxItems 2048; array of array of integer: maxItems 2048)',
    );
    const node: TypeNode = {
      kind: 'union',
      mode: 'anyOf',
      nullable: false,
      pointer: '#/x',
      variants: [
        { kind: 'string', nullable: false, pointer: '#/x/0', maxLength: 10 },
        { kind: 'number', integer: true, nullable: false, pointer: '#/x/1', minimum: 1, maximum: 5 },
      ],
    };
    expect(describeLimits(node)).toBe('string: maxLength 10; integer: minimum 1; maximum 5');
  });

  it('never names the seeds in generated docs, client, types or tables', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    for (const page of pages.values()) expect(page).not.toMatch(/seeds/i);
    // generated/server/ comes from the server templates, checked with them.
    const files = ['docs', 'client', 'types', 'tables', 'validators'].flatMap((d) =>
      walk(path.join(root, 'generated', d)),
    );
    const hits = files
      .filter((f) => /seeds/i.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(hits).toEqual([]);
    expect(pages.get('docs/common.md')).toMatch(/^## Not documented$/m);
  });
});
