import { describe, expect, it } from 'vitest';
import {
  countTokens,
  DEFAULT_COMPLETION_TOKENS,
  fakeCompletion,
  fakeCompletionText,
} from '../../../templates/emulator/fakes/index.js';

describe('countTokens', () => {
  it('follows the documented approximation', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello')).toBe(1);
    expect(countTokens('Hello world')).toBe(2);
    expect(countTokens('The quick brown fox jumps over the lazy dog.')).toBe(10);
    expect(countTokens('internationalization')).toBe(4); // 20 letters: ceil(20 / 6)
    expect(countTokens('1234567')).toBe(3); // digits by three
    expect(countTokens('a  b')).toBe(3); // a run of spaces is one token
    expect(countTokens('你好')).toBe(4); // 3 UTF-8 bytes each: 2 tokens each
    expect(countTokens('😀')).toBe(2);
    expect(countTokens('!?')).toBe(2);
  });

  it('never decreases as text is appended, and is 0 only for the empty string', () => {
    const text = 'Tokens: 12345, words and ✓ symbols — ünïcödé 😀 end.';
    let previous = 0;
    for (let i = 1; i <= text.length; i++) {
      const count = countTokens(text.slice(0, i));
      expect(count).toBeGreaterThanOrEqual(previous);
      expect(count).toBeGreaterThan(0);
      previous = count;
    }
  });
});

describe('fakeCompletion', () => {
  it('derives the text from the prompt: same prompt same text, another prompt another text', () => {
    expect(fakeCompletionText('Say hello', 50)).toBe(fakeCompletionText('Say hello', 50));
    expect(fakeCompletionText('Say hello', 50)).not.toBe(fakeCompletionText('Say goodbye', 50));
  });

  it('gives exactly maxTokens tokens and finish reason length when cut, and whole sentences when not', () => {
    for (const prompt of ['a', 'Write a poem', 'x'.repeat(500)]) {
      const free = fakeCompletion(prompt, 1000);
      expect(free.finishReason).toBe('stop');
      expect(free.tokens).toBeGreaterThanOrEqual(8);
      expect(free.tokens).toBeLessThanOrEqual(40);
      expect(free.text).toMatch(/^[A-Z][a-z]*( [a-z]+)*\.( [A-Z][a-z]*( [a-z]+)*\.)*$/);
      expect(countTokens(free.text)).toBe(free.tokens);
      for (const max of [0, 1, 2, 5, free.tokens - 1]) {
        const cut = fakeCompletion(prompt, max);
        expect(cut).toEqual({ text: cut.text, finishReason: 'length', tokens: max });
        expect(countTokens(cut.text)).toBe(max);
        expect(free.text.startsWith(cut.text)).toBe(true);
      }
      expect(fakeCompletion(prompt, free.tokens)).toEqual(free);
    }
  });

  it('uses the default length without maxTokens', () => {
    const natural = fakeCompletion('Say hello', 1000).tokens;
    expect(fakeCompletion('Say hello').tokens).toBe(Math.min(natural, DEFAULT_COMPLETION_TOKENS));
  });

  it('refuses a maxTokens that is not a non-negative integer', () => {
    expect(() => fakeCompletion('x', -1)).toThrow('maxTokens must be a non-negative integer, not -1.');
    expect(() => fakeCompletion('x', 2.5)).toThrow('maxTokens must be a non-negative integer, not 2.5.');
  });
});
