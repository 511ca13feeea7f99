/** What openai-node's tests take from jest beyond vitest's globals: `jest.spyOn` and friends, which `vi` provides. */
import { vi } from 'vitest';

(globalThis as { jest?: typeof vi }).jest = vi;
