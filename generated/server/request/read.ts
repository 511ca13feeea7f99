// Copied by platform-api-codegen from its runtime (templates/server/request/read.ts). Do not edit: every generation replaces it.
/** Reading a request body with the size, JSON nesting and idle limits enforced while the bytes arrive. */
/**
 * Counts JSON nesting over raw bytes, chunk by chunk (strings and escapes skipped), so the limit holds before
 * `JSON.parse` sees the body. Malformed JSON is left to the parser.
 */
export class DepthScan {
  depth = 0;
  containers = 0;
  inString = false;
  escaped = false;
  /** Which limit was passed, once `feed` returned false. */
  exceeded: 'too_deep' | 'too_complex' | undefined;
  readonly max: number;
  readonly maxContainers: number;
  constructor(max: number, maxContainers: number) {
    this.max = max;
    this.maxContainers = maxContainers;
  }
  /** False once the nesting or the number of arrays and objects went past its limit. */
  feed(bytes: Uint8Array): boolean {
    let { depth, inString, escaped, containers } = this;
    const max = this.max;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) inString = false;
      } else if (b === 0x22) inString = true;
      else if (b === 0x5b || b === 0x7b) {
        if (++depth > max) return !(this.exceeded = 'too_deep');
        if (++containers > this.maxContainers) return !(this.exceeded = 'too_complex');
      } else if (b === 0x5d || b === 0x7d) depth--;
    }
    this.containers = containers;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/**
 * The body, with the limits checked as each chunk arrives. `idleMs` bounds the wait for the next chunk, so a
 * client trickling its body (or stopping) does not hold the request: 'timeout' then. With the length announced
 * (`expected`), each chunk is copied into place as it arrives: no copy of the whole body at the end, which for
 * 32 MiB would hold the event loop for milliseconds.
 */
export async function readBody(
  source: AsyncIterable<Uint8Array> | null,
  limit: number,
  depth: DepthScan | undefined,
  idleMs: number,
  expected?: number,
): Promise<Uint8Array | 'too_large' | 'too_deep' | 'too_complex' | 'timeout'> {
  if (!source) return new Uint8Array(0);
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let whole =
    expected !== undefined && expected > 0 && expected <= limit ? new Uint8Array(expected) : undefined;
  let total = 0;
  let done = false;
  // Set by the timer (a closure the type narrowing does not see).
  let timedOut = false as boolean;
  // One timer for the whole read, re-armed from the last chunk's time when it fires early (no timer and no promise
  // per chunk). When it expires, `return()` ends the read that is waiting (both adapters' sources allow it).
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const idle = Date.now() - last;
    if (idle < idleMs) return void (timer = setTimeout(check, idleMs - idle));
    timedOut = true;
    iterator.return?.().catch(() => undefined);
  };
  timer = setTimeout(check, idleMs);
  try {
    for (;;) {
      const next = await iterator.next();
      if (timedOut) return 'timeout';
      if (next.done) {
        done = true;
        break;
      }
      last = Date.now();
      const chunk = next.value;
      const at = total;
      total += chunk.length;
      if (total > limit) return 'too_large';
      if (depth && !depth.feed(chunk)) return depth.exceeded!;
      if (whole && total <= whole.length) whole.set(chunk, at);
      else {
        // More than announced (an adapter that does not frame by length): back to a list of chunks.
        if (whole) chunks.push(whole.subarray(0, at));
        whole = undefined;
        chunks.push(chunk);
      }
    }
  } finally {
    clearTimeout(timer);
    // Stopped early: let the source stop reading.
    if (!done && !timedOut) iterator.return?.().catch(() => undefined);
  }
  if (whole) return total === whole.length ? whole : whole.subarray(0, total);
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
