/** Shared plumbing of the pass tests: a locator for hand-built models and a tolerant diagnostics sink. */
import { Diagnostics } from '../../generator/diagnostics.ts';

/** Every pointer is its own location (no source file behind a hand-built model). */
export const locate = (pointer: string) => ({ pointer });

export const strict = () => new Diagnostics('strict');
export const tolerant = () => new Diagnostics('tolerant');
