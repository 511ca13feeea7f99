/** printFile prints with ts-morph's structure printer directly; the text is what a ts-morph source file holds. */
import {
  IndentationText,
  NewLineKind,
  Project,
  QuoteKind,
  StructureKind,
  VariableDeclarationKind,
  type StatementStructures,
} from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { printFile } from '../../generator/emit/ts/project.ts';

describe('printFile', () => {
  it('gives the text ts-morph would parse into a source file, byte for byte', () => {
    const statements: (string | StatementStructures)[] = [
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './runtime.js',
        namedImports: [{ name: 'Ctx' }, { name: 'T', isTypeOnly: true }],
      },
      {
        kind: StructureKind.Interface,
        name: 'A',
        isExported: true,
        docs: ['An A.'],
        properties: [{ name: 'b', type: 'string', hasQuestionToken: true }],
      },
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [{ name: 'x', initializer: '{ a: 1 } as const' }],
      },
      {
        kind: StructureKind.Function,
        name: 'f',
        parameters: [{ name: 'v', type: 'unknown' }],
        returnType: 'boolean',
        statements: (w) =>
          void w
            .write('if (v)')
            .block(() => w.writeLine('return true;'))
            .writeLine('return false;'),
      },
      'export type U = 1 | 2;',
    ];
    const project = new Project({
      useInMemoryFileSystem: true,
      manipulationSettings: {
        indentationText: IndentationText.TwoSpaces,
        newLineKind: NewLineKind.LineFeed,
        quoteKind: QuoteKind.Single,
      },
    });
    const parsed = project.createSourceFile('/a.ts', { statements }).getFullText();
    expect(printFile('a.ts', statements)).toBe(parsed);
    expect(parsed).toContain('function f(v: unknown): boolean {');
  });
});
