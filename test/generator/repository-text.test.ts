/**
 * What the tool's sources say stays inside the repository: the generator and the runtimes (whose comments are
 * copied into generated code) never say "seeds" (the API's documents are "the documentation"; what they do not
 * show is "not documented") and never send a reader to a file outside the repository (`shared/…`). Tests and
 * benchmarks may read such files; that is code, not a pointer for readers, and is not checked here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const list = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

const hits = (files: string[], pattern: RegExp): string[] =>
  files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );

describe('repository text', () => {
  const sources = [...list('generator'), ...list('templates')];

  it('the generator, the runtimes, the README and the extensions reference never say "seeds"', () => {
    expect(
      hits([...sources, 'README.md', 'spec/EXTENSIONS.md', '.dependency-cruiser.cjs'], /\bseeds\b/i),
    ).toEqual([]);
  });

  it('the generator and the runtimes name no file outside the repository', () => {
    expect(hits(sources, /(^|[\s(`'"])(\.\.\/)*shared\//)).toEqual([]);
  });
});
