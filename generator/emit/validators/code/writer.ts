/**
 * Statements of generated code on a ts-morph `CodeBlockWriter`, taking `Code` only: lines, blocks and `else`
 * blocks are written from code the template built, so no spec string reaches the writer unprinted.
 */
import type { CodeBlockWriter } from 'ts-morph';
import type { Code } from './code.ts';

export class Writer {
  constructor(readonly w: CodeBlockWriter) {}
  line(code: Code): this {
    this.w.writeLine(code.toString());
    return this;
  }
  /** `head { body }` (`head` empty: a bare block). */
  block(head: Code, body: () => void): this {
    this.w.write(head.toString()).block(body);
    return this;
  }
  /** `else { body }`, after a `block`. */
  else(body: () => void): this {
    this.w.write('else').block(body);
    return this;
  }
  /** Lines indented one level (a `case` of a `switch`). */
  indent(body: () => void): this {
    this.w.indent(body);
    return this;
  }
}
