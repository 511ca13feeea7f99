/**
 * What the tool's sources say stays inside the repository: the generator and the runtimes (whose comments are
 * copied into generated code) never say "seeds" (the API's documents are "the documentation"; what they do not
 * show is "not documented") and never send a reader to a file outside the repository (`shared/…`); and no source,
 * test or script reads a path outside it (a clone with nothing beside it passes every test).
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
      hits(
        [...sources, 'README.md', ...list('docs'), 'spec/EXTENSIONS.md', '.dependency-cruiser.cjs'],
        /\bseeds\b/i,
      ),
    ).toEqual([]);
  });

  it("the README's front door names every npm script, and every link into docs/ reaches a heading there", () => {
    const readme = readFileSync('README.md', 'utf8');
    const scripts = Object.keys(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
    ).filter((name) => name !== 'prepack' && name !== 'test');
    expect(
      scripts.filter((name) => !readme.includes(`npm run ${name}`) && !readme.includes(`\`${name}\``)),
    ).toEqual([]);
    const slug = (heading: string) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-');
    const broken = [readme, ...list('docs').map((f) => readFileSync(f, 'utf8'))].flatMap((text) =>
      [...text.matchAll(/\]\((?:docs\/)?([a-z]+\.md)#([\w-]+)\)/g)].flatMap(([link, file, anchor]) => {
        const target = readFileSync(path.join('docs', file!), 'utf8');
        const headings = [...target.matchAll(/^#{1,4} (.+)$/gm)].map((m) => slug(m[1]!));
        return headings.includes(anchor!) ? [] : [link];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('the generator and the runtimes name no file outside the repository', () => {
    expect(hits(sources, /(^|[\s(`'"])(\.\.\/)*shared\//)).toEqual([]);
  });

  it('no test or script reads a path outside the repository', () => {
    const root = path.resolve('.');
    const code = [
      ...list('test'),
      ...list('scripts'),
      ...readdirSync('.').filter((f) => /^vitest\..*\.ts$/.test(f)),
    ].filter((f) => /\.(ts|mts|mjs|js|cjs)$/.test(f) && !f.startsWith(path.join('test', 'fixtures')));
    const outside: string[] = [];
    for (const file of code) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"`]((?:\.\.\/)+[^'"`$\n]*|\.\.)['"`]/g)) {
        // A path given first to path.resolve or a file-system call is the working directory's (the repository's root,
        // where tests and scripts run); one after import.meta.dirname, or imported, is the file's own.
        const before = text.slice(Math.max(0, m.index - 200), m.index);
        const own = /((import\.meta\.(dirname|url)|__dirname)\s*,|\bimport\()\s*$/.test(before);
        if (!own && !/\b(resolve|join|\w+Sync|spawn\w*)\(\s*$/.test(before)) continue;
        const at = path.resolve(own ? path.dirname(file) : root, m[1]!);
        const line = text.slice(0, m.index).split('\n').length;
        if (at !== root && !at.startsWith(root + path.sep)) outside.push(`${file}:${line}: ${m[1]}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
