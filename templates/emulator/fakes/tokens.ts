/**
 * Token counting, approximated. The documents say only that rate limiting estimates tokens "from the request's
 * character count" and that `/responses/input_tokens` returns the exact count the model would receive; the
 * tokenizer itself is not documented. The approximation follows how BPE tokenizers split text. The text is cut
 * into pieces, and each counts:
 *   - a run of Latin letters (with its one leading space, if any): one token per 6 letters, rounded up (common
 *     English words are one token, long ones several);
 *   - a run of digits: one token per 3 digits, rounded up (tokenizers group digits by three);
 *   - any other non-space character: one token if ASCII, else one per 2 bytes of its UTF-8 form, rounded up
 *     (a CJK character or an emoji: 2);
 *   - a run of whitespace: one token.
 * So the count is deterministic, 0 only for the empty string, and never decreases when text is appended.
 */
const PIECE = /( ?[A-Za-z\u00C0-\u024F]+)|(\d+)|(\s+)|([^\sA-Za-z\u00C0-\u024F\d])/gu;

export function countTokens(text: string): number {
  let tokens = 0;
  for (const [, letters, digits, spaces, other] of text.matchAll(PIECE)) {
    if (letters !== undefined) tokens += Math.ceil(letters.trimStart().length / 6);
    else if (digits !== undefined) tokens += Math.ceil(digits.length / 3);
    else if (spaces !== undefined) tokens += 1;
    else if (other !== undefined)
      tokens += other.charCodeAt(0) < 0x80 ? 1 : Math.ceil(Buffer.byteLength(other) / 2);
  }
  return tokens;
}
