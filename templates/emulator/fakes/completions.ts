/** Fake completion text: sentences of plain words chosen from the prompt, cut at the token limit. */
import { Random, WORDS } from './random.js';

/** Tokens of a completion when no limit is given (an emulator choice: the documents give no default). */
export const DEFAULT_COMPLETION_TOKENS = 16;

export interface FakeCompletion {
  text: string;
  /** `length` when the text was cut at `maxTokens`, else `stop`. */
  finishReason: 'stop' | 'length';
  /** `countTokens(text)`. */
  tokens: number;
}

/**
 * A completion derived from the prompt: its natural length is 8 to 40 tokens (whole sentences); with
 * `maxTokens` below that, exactly `maxTokens` tokens and finish reason `length`.
 */
export function fakeCompletion(prompt: string, maxTokens?: number): FakeCompletion {
  if (maxTokens !== undefined && (!Number.isSafeInteger(maxTokens) || maxTokens < 0)) {
    throw new RangeError(`maxTokens must be a non-negative integer, not ${String(maxTokens)}.`);
  }
  const random = new Random(`completion:${prompt}`);
  const natural = random.int(8, 40);
  const limit = maxTokens ?? DEFAULT_COMPLETION_TOKENS;
  const budget = Math.min(natural, limit);
  // Every piece is one token: a word (with its leading space) or a full stop. Sentences are sized so the natural
  // text ends with a full stop: each takes at least two tokens, and the last one takes whatever remains.
  let text = '';
  let tokens = 0;
  let left = -1; // words still to come in the current sentence; -1 between sentences
  while (tokens < budget) {
    const word = random.pick(WORDS);
    if (left === -1) {
      const remaining = natural - tokens;
      left = random.int(3, 8);
      if (remaining - (left + 2) < 2) left = remaining - 2;
      text += `${text ? ' ' : ''}${word[0]!.toUpperCase()}${word.slice(1)}`;
    } else if (left === 0) {
      text += '.';
      left = -1;
    } else {
      text += ` ${word}`;
      left--;
    }
    tokens++;
  }
  return { text, finishReason: budget < natural ? 'length' : 'stop', tokens };
}

/** The text of `fakeCompletion`. */
export function fakeCompletionText(prompt: string, maxTokens?: number): string {
  return fakeCompletion(prompt, maxTokens).text;
}
