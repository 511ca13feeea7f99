/**
 * openai-node's tests are written for jest, whose `toThrowErrorMatchingInlineSnapshot` records a thrown error's
 * message (`"The given webhook signature…"`); vitest records the error itself (`[Error: …]`). Printing an error as
 * its message gives the snapshots the meaning their authors wrote them with.
 */
import type { SnapshotSerializer } from 'vitest';

export default {
  test: (value: unknown) => value instanceof Error,
  serialize: (value: Error, config, indentation, depth, refs, printer) =>
    printer(value.message, config, indentation, depth, refs),
} satisfies SnapshotSerializer;
