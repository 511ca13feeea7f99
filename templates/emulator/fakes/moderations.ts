/**
 * Fake moderation: every category gets a small score derived from the input, and none is flagged, unless the
 * input asks for it with the marker `[flag:<category>]` (for example `[flag:violence]`, case-insensitive), which
 * scores that category 0.99 and flags it. Tests can so drive both outcomes without a real classifier.
 */
import { Random } from './random.js';

export interface FakeModerationResult {
  flagged: boolean;
  categories: Record<string, boolean>;
  category_scores: Record<string, number>;
}

/** Scores at or above this flag their category. */
export const FLAG_THRESHOLD = 0.5;
export const FLAGGED_SCORE = 0.99;

/** Categories the input asks to flag with `[flag:<category>]` markers. */
export function requestedFlags(input: string): Set<string> {
  return new Set([...input.matchAll(/\[flag:([^\]]+)\]/gi)].map((m) => m[1]!.trim().toLowerCase()));
}

/** A result over exactly `categories` (in that order): the spec's list is the caller's. */
export function fakeModeration(input: string, categories: readonly string[]): FakeModerationResult {
  const asked = requestedFlags(input);
  const result: FakeModerationResult = { flagged: false, categories: {}, category_scores: {} };
  for (const category of categories) {
    // Small, varied and stable: below 0.02, never 0 (a real classifier is never certain).
    const score = asked.has(category.toLowerCase())
      ? FLAGGED_SCORE
      : Math.round((0.0001 + new Random(`moderation:${category}:${input}`).next() * 0.0199) * 1e6) / 1e6;
    result.category_scores[category] = score;
    result.categories[category] = score >= FLAG_THRESHOLD;
    if (score >= FLAG_THRESHOLD) result.flagged = true;
  }
  return result;
}
