import { describe, expect, it } from 'vitest';
import * as runtime from '../../templates/validators/runtime.ts';
import { FORMATS } from '../../generator/emit/validators/compile.ts';

// The compiler calls each format's function by name (`fmtDateTime(v)`), imported from the runtime: every name it
// may write must be a function the runtime exports, and `formats` (by format name) must hold the same ones.
describe('format functions', () => {
  it('every format the compiler asserts is a runtime export, the same function as in `formats`', () => {
    const exports = runtime as unknown as Record<string, unknown>;
    for (const [format, name] of FORMATS) {
      expect(typeof exports[name], name).toBe('function');
      expect(runtime.formats[format], format).toBe(exports[name]);
    }
    expect(Object.keys(runtime.formats).sort()).toEqual([...FORMATS.keys()].sort());
  });
});
