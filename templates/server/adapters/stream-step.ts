/**
 * One step of sending a response stream, shared by both adapters. A stream may run as long as its client reads
 * it, so a step keeps nothing once it is done: the wait for the next item and for the abort is a fresh listener
 * removed when either settles (a `Promise.race` against one long-lived abort promise would keep every item sent
 * reachable from it until the stream ends). And a stream whose items are ready at once lets the event loop turn
 * once it has sent for a slice of time (`turnTaker`), so other requests are answered while it runs; a turn after
 * every item would cap a stream of small items at a few megabytes a second on a busy machine.
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

/** How long a stream may send items that are ready at once before it lets the event loop turn. */
export const STREAM_SLICE_MS = 1;

/**
 * One stream's turn keeper: each call after an item returns a promise that resolves once the event loop has turned
 * (I/O of other requests included) when the stream has sent for `STREAM_SLICE_MS` since its last turn, and
 * `undefined` otherwise (no wait).
 */
export function turnTaker(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < STREAM_SLICE_MS) return undefined;
    return new Promise((resume) =>
      schedule(() => {
        since = performance.now();
        resume();
      }),
    );
  };
}
