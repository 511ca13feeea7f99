/** The project's prettier configuration: the style every generated file must have (the formatter's contract). */
import type * as Prettier from 'prettier';

export const PRETTIER_OPTIONS = {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
  proseWrap: 'preserve',
  endOfLine: 'lf',
} as const satisfies Prettier.Options;
