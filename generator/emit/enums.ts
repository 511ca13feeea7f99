/** `generated/tables/enums.ts`: each enum as an `as const` array, its union type and a type guard. */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Api } from '../ir/api.ts';
import type { GeneratedFile } from './contract.ts';
import { printFile } from './ts/project.ts';
import { dataLiteral } from './ts/literal.ts';

export function emitEnums(api: Api): GeneratedFile[] {
  const statements: StatementStructures[] = api.enums.flatMap((e): StatementStructures[] => {
    const where = e.pointers.map((p) => `\`${p}\``).join(', ');
    const values = `${dataLiteral(e.values)} as const`;
    const doc = [
      e.description,
      e.open ? 'Known values; any other string is accepted too.' : undefined,
      `From ${where}.`,
    ]
      .filter(Boolean)
      .join('\n\n');
    return [
      {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: [`Values of {@link ${e.typeName}}.`],
        declarations: [{ name: e.valuesName, initializer: values }],
      },
      {
        kind: StructureKind.TypeAlias,
        isExported: true,
        name: e.typeName,
        docs: [doc],
        type: e.open
          ? `(typeof ${e.valuesName})[number] | (string & {})`
          : `(typeof ${e.valuesName})[number]`,
      },
      {
        kind: StructureKind.Function,
        isExported: true,
        name: e.guardName,
        docs: [
          e.open
            ? `True when \`value\` is one of the known values of {@link ${e.typeName}}.`
            : `True when \`value\` is a {@link ${e.typeName}}.`,
        ],
        parameters: [{ name: 'value', type: 'unknown' }],
        returnType: e.open ? `value is (typeof ${e.valuesName})[number]` : `value is ${e.typeName}`,
        statements: [`return (${e.valuesName} as readonly unknown[]).includes(value);`],
      },
    ];
  });
  return [{ path: 'tables/enums.ts', contents: printFile('tables/enums.ts', statements) }];
}
