// Copied by platform-api-codegen from its runtime (templates/server/adapters/stream-step.ts). Do not edit: every generation replaces it.
/**
 * One step of sending a response stream, shared by both adapters. A stream may run as long as its client reads
 * it, so a step keeps nothing once it is done: the wait for the next item and for the abort is a fresh listener
 * removed when either settles (a `Promise.race` against one long-lived abort promise would keep every item sent
 * reachable from it until the stream ends). And a stream whose items are ready at once lets the event loop turn
 * between them (`yieldTurn`), so other requests are answered while it runs.
 */

/** The producer's next item, or `'aborted'` once `signal` aborts first. */
export function nextOrAbort<T>(
  iterator: AsyncIterator<T>,
  signal: AbortSignal,
): Promise<IteratorResult<T> | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    iterator.next().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error); // the producer's own value, as thrown
      },
    );
  });
}

const schedule: (resume: () => void) => void =
  typeof setImmediate === 'function' ? (resume) => setImmediate(resume) : (resume) => setTimeout(resume, 0);

/** Resolves after the event loop has turned once (I/O of other requests included). */
export function yieldTurn(): Promise<void> {
  return new Promise((resume) => schedule(resume));
}
