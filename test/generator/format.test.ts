/** The formatter: oxfmt aligned with prettier gives prettier's bytes, and the known differences are handled. */
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatFiles, PRETTIER_OPTIONS, type FormatStats } from '../../generator/render/format.ts';
import { alignWithPrettier } from '../../generator/render/oxfmt-align.ts';

const ts = (contents: string) => ({ path: 'x.ts', contents });
const byPrettier = (text: string, parser = 'typescript') =>
  prettier.format(text, { ...PRETTIER_OPTIONS, parser });

describe('format', () => {
  it('joins a type alias union that fits on the next line, as prettier does', async () => {
    const source = `export type JobStatus = 'validating_files' | 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'expired_x';\n`;
    const [out] = await formatFiles([ts(source)]);
    expect(out!.contents).toBe(await byPrettier(source));
    expect(out!.contents).toContain("=\n  'validating_files' | 'queued'");
  });

  it('joins a property type union that fits on the next line', async () => {
    const source = `interface A { readonly target: { readonly in: 'path'; readonly name: string } | { readonly in: 'body'; readonly pointer: string }; }\n`;
    expect((await formatFiles([ts(source)]))[0]!.contents).toBe(await byPrettier(source));
  });

  it('keeps one member per line when the joined union is too long', async () => {
    const members = Array.from({ length: 12 }, (_, i) => `'member_number_${i}'`).join(' | ');
    const source = `export type Long = ${members};\n`;
    const [out] = await formatFiles([ts(source)]);
    expect(out!.contents).toBe(await byPrettier(source));
    expect(out!.contents).toContain("  | 'member_number_0'\n");
  });

  it('hugs a negated group that is the whole condition of an if, as prettier does (oxfmt breaks twice)', async () => {
    const source = `function f(v: unknown, r: unknown, c: { add(x: string): void }) {\n  if (!(isEmbeddingCreateRequestInputVariant1(v, r) || isEmbeddingCreateRequestInputVariant2(v, r) || isEmbeddingCreateRequestInputVariant3(v, r))) return false;\n  if (x) {\n    c.add('a');\n  } else if (!(isEmbeddingCreateRequestInputVariant1(v, r) || isEmbeddingCreateRequestInputVariant2(v, r) || isEmbeddingCreateRequestInputVariant3(v, r))) {\n    c.add('b');\n  }\n  return true;\n}\n`;
    const stats: FormatStats = { cached: 0, oxfmt: 0, prettier: 0 };
    const [out] = await formatFiles([ts(source)], undefined, 'oxfmt', stats);
    expect(out!.contents).toBe(await byPrettier(source));
    expect(out!.contents).toContain('  if (!(\n    isEmbedding');
    expect(stats).toEqual({ cached: 0, oxfmt: 1, prettier: 0 });
  });

  it('sends a brace-less if with an else, whose trailing comment makes the line too long, to prettier (oxfmt keeps the line)', async () => {
    const source = `function f(options: { baseURL?: string }, op: { servers?: string[] }) {\n  let base = '';\n  if (options.baseURL === undefined && !op.servers?.length) base = this.baseURL.trim(); // already without a trailing slash\n  else {\n    base = 'x';\n  }\n  if (base) base = base; // short\n  return base;\n}\n`;
    const stats: FormatStats = { cached: 0, oxfmt: 0, prettier: 0 };
    const [out] = await formatFiles([ts(source)], undefined, 'oxfmt', stats);
    expect(out!.contents).toBe(await byPrettier(source));
    expect(out!.contents).toContain('?.length)\n    base = this');
    expect(stats).toEqual({ cached: 0, oxfmt: 0, prettier: 1 });
  });

  it('sends any other long line of code with a trailing comment to prettier', async () => {
    const source = `export const list = [firstValueInTheList, secondValueInTheList, thirdValueInTheList, fourthValue]; // a trailing comment\nif (options.baseURL === undefined && !op.servers?.length) base = this.baseURL.trim(); // already without a trailing slash\n`;
    const stats: FormatStats = { cached: 0, oxfmt: 0, prettier: 0 };
    const [out] = await formatFiles([ts(source)], undefined, 'oxfmt', stats);
    expect(out!.contents).toBe(await byPrettier(source));
    expect(stats).toEqual({ cached: 0, oxfmt: 0, prettier: 1 });
    expect(alignWithPrettier(`${'x'.repeat(120)}; // c`, 110)).toBeUndefined();
  });

  it('formats JSON and Markdown as prettier does, package.json included (not sorted)', async () => {
    const json =
      '{ "name": "x", "version": "1.0.0", "exports": { ".": "./index.ts" }, "description": "d" }\n';
    const md = '# Title\n\n* a\n* b\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    const [pkg, doc] = await formatFiles([
      { path: 'client/package.json', contents: json },
      { path: 'README.md', contents: md },
    ]);
    expect(pkg!.contents).toBe(await byPrettier(json, 'json'));
    expect(doc!.contents).toBe(await byPrettier(md, 'markdown'));
  });

  it('engine prettier formats every file with prettier', async () => {
    const stats: FormatStats = { cached: 0, oxfmt: 0, prettier: 0 };
    const source = 'const a = {b:1}\n';
    const [out] = await formatFiles([ts(source)], undefined, 'prettier', stats);
    expect(out!.contents).toBe(await byPrettier(source));
    expect(stats.prettier).toBe(1);
  });
});
