/**
 * Code built by the tagged template `_`: the template's own text is code written by the compiler; an interpolated
 * `Code` or `Name` is inserted as code; any other value (string, number, boolean, null, array, object) is printed
 * as a safe literal (`literal.ts`). A string read from a spec can only reach the output as such a literal.
 */
import { literal } from './literal.ts';
import { Name } from './name.ts';

export class Code {
  /** Only `_`, `join` and `Name` make code: the text is compiler-written or a printed literal. */
  private constructor(private readonly text: string) {}
  toString(): string {
    return this.text;
  }
  /** Whether this code is empty (nothing to write). */
  get empty(): boolean {
    return this.text === '';
  }

  /** @internal Used by `_` and `join` only. */
  static of(text: string): Code {
    return new Code(text);
  }
}

/** What may be interpolated into `_`: `Code` and `Name` as code, any other value as a literal. */
export type Part = unknown;

function print(part: unknown): string {
  return part instanceof Code || part instanceof Name ? part.toString() : literal(part);
}

export function _(strings: TemplateStringsArray, ...parts: Part[]): Code {
  let text = strings[0]!;
  for (let i = 0; i < parts.length; i++) text += print(parts[i]) + strings[i + 1]!;
  return Code.of(text);
}

/** Code pieces joined by a separator that is itself code (`' || '`, `', '`). */
export function join(parts: readonly (Code | Name)[], separator: Code): Code {
  return Code.of(parts.map(String).join(separator.toString()));
}

export const nil = _``;
