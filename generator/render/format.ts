/** Formats every generated file with prettier (TypeScript, Markdown, JSON), with a fixed configuration. */
import * as prettier from 'prettier';
import type { GeneratedFile } from '../emit/index.ts';

export const PRETTIER_OPTIONS: prettier.Options = {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  proseWrap: 'preserve',
  endOfLine: 'lf',
};

const PARSERS: Record<string, string> = { '.ts': 'typescript', '.md': 'markdown', '.json': 'json' };

export async function formatFiles(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const ext = /\.[a-z]+$/.exec(file.path)?.[0] ?? '';
      const parser = PARSERS[ext];
      if (!parser) return file;
      return { ...file, contents: await prettier.format(file.contents, { ...PRETTIER_OPTIONS, parser }) };
    }),
  );
}
