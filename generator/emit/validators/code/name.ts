/** An identifier the compiler creates (`v3`, `isPet`, `RE0`): inserted into code as is, never quoted. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

export class Name {
  readonly str: string;
  constructor(str: string) {
    // A name is made by the compiler, never read from a spec: anything else is a bug in the compiler.
    if (!IDENTIFIER.test(str) || RESERVED.has(str))
      throw new Error(`code template: ${JSON.stringify(str)} is not an identifier`);
    this.str = str;
  }
  toString(): string {
    return this.str;
  }
}

/** Whether `s` can be written as a bare identifier (a property name after `.`, an object key). */
export function isIdentifier(s: string): boolean {
  return IDENTIFIER.test(s);
}
