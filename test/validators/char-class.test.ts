import { describe, expect, it } from 'vitest';
import { asciiClass } from '../../generator/emit/validators/keywords/char-class.ts';
import { asciiSet, onlyAscii } from '../../templates/validators/runtime.ts';

// `^[…]+$` patterns are tested without a regular expression: the table test must answer exactly as the pattern does.
const PATTERNS = [
  '^[0-9]+$',
  '^[a-zA-Z0-9._-]+$',
  '^[A-Za-z0-9.\\-_]+$',
  '^[a-z]*$',
  '^[-a]+$',
  '^[a-]+$',
  '^[.-]+$',
  '^[a\\-z]+$',
  '^[ -~]+$',
  '^[/+=]*$',
];
const NOT_CLASSES = [
  '^[^0-9]+$',
  '[0-9]+',
  '^[0-9]+',
  '^[0-9]{2}$',
  '^[\\d]+$',
  '^[a-z]+$|x',
  '^[[a]]+$',
  '^[z-a]+$',
  '^[é]+$',
  '^(?:[a-z])+$',
];
const SAMPLES = [
  '',
  '0',
  '123',
  'abc',
  'a-b',
  'A.b_c-9',
  '-',
  '.',
  'a\n',
  '\n1',
  '1 2',
  'é',
  '😀',
  'a😀',
  '/+=',
  '~',
  ' ',
  'Z',
  'z',
  '\u0000',
  '12345678901234567890',
  'a-z',
  '\\',
];

describe('ASCII character-class patterns', () => {
  it('answers as the regular expression does, for every sample', () => {
    for (const pattern of PATTERNS) {
      const cls = asciiClass(pattern);
      expect(cls, pattern).toBeDefined();
      const re = new RegExp(pattern, 'u');
      const set = asciiSet(cls!.ranges);
      for (const s of SAMPLES)
        expect(onlyAscii(s, set, cls!.min), `${pattern} on ${JSON.stringify(s)}`).toBe(re.test(s));
    }
  });
  it('answers as the regular expression does on random strings', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet: string = 'az09AZ._-/+=~ \n\té😀\\';
    for (const pattern of PATTERNS) {
      const cls = asciiClass(pattern)!;
      const re = new RegExp(pattern, 'u');
      const set = asciiSet(cls.ranges);
      for (let n = 0; n < 300; n++) {
        const s = Array.from(
          { length: Math.floor(next() * 6) },
          () => [...alphabet][Math.floor(next() * [...alphabet].length)],
        ).join('');
        expect(onlyAscii(s, set, cls.min), `${pattern} on ${JSON.stringify(s)}`).toBe(re.test(s));
      }
    }
  });
  it('leaves every other pattern to its regular expression', () => {
    for (const pattern of NOT_CLASSES) expect(asciiClass(pattern), pattern).toBeUndefined();
  });
});
