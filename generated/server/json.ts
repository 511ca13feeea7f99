// Copied by platform-api-codegen from its runtime (templates/server/json.ts). Do not edit: every generation replaces it.
/**
 * JSON parsing of large bodies in slices. `JSON.parse` of 1 MiB of small values (half a million of them) holds the
 * event loop for tens of milliseconds, and every other request waits behind it. Here a container longer than
 * `RUN_CHARS` is taken apart by a scan (strings skipped, brackets counted); runs of its members are parsed by
 * `JSON.parse` (native speed), and other requests get a turn whenever the work has held the loop for `SLICE_MS`.
 * The verdict and the value are those of `JSON.parse` on the whole text, with `__proto__` keys dropped.
 */

/** Members are parsed natively in runs of about this many characters; a longer member is taken apart in turn. */
export const RUN_CHARS = 32 * 1024;
/** Longest hold of the event loop between two turns for other requests. */
const SLICE_MS = 4;

/** Thrown on anything that is not JSON; the caller answers `invalid_json` for every error alike. */
const INVALID = new SyntaxError('not valid JSON');
const BLANK = /^[ \t\n\r]*$/;

/**
 * Removes every own `__proto__` key from parsed JSON. `JSON.parse` makes it a plain own key, harmless until a
 * handler copies the object with `Object.assign({}, x)` or a merge helper, which then sets the copy's prototype.
 * The walk is bounded by the container limit checked while reading.
 */
export function dropProtoKeys(root: unknown): void {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    if (Object.hasOwn(value, '__proto__')) delete (value as Record<string, unknown>)['__proto__'];
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
}

/** `__proto__` can only come from the text itself, spelled out or with a `\u` escape: most texts skip the walk. */
function mayHideProto(text: string): boolean {
  return text.includes('__proto__') || text.includes('\\u');
}

/** `JSON.parse` with `__proto__` keys dropped; throws on invalid JSON. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (mayHideProto(text)) dropProtoKeys(value);
  return value;
}

/** Resolves on a later turn of the event loop, after pending I/O (setImmediate where it exists: Node, Bun, Deno). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

/**
 * Parses `text` as `parseJson` does, yielding the event loop every `SLICE_MS`; rejects on invalid JSON. `runChars`
 * (default `RUN_CHARS`) is there for tests, which take small texts apart down to single members.
 */
export function parseJsonSliced(text: string, runChars = RUN_CHARS): Promise<unknown> {
  return new SlicedParser(text, runChars).value(0, text.length);
}

class SlicedParser {
  readonly text: string;
  readonly runChars: number;
  #since = performance.now();

  constructor(text: string, runChars: number) {
    this.text = text;
    this.runChars = runChars;
  }

  /** Gives other requests a turn once the work since the last one has held the loop long enough. */
  async #pace(): Promise<void> {
    if (performance.now() - this.#since < SLICE_MS) return;
    await nextTurn();
    this.#since = performance.now();
  }

  #skipBlank(at: number, end: number): number {
    const text = this.text;
    for (; at < end; at++) {
      const c = text.charCodeAt(at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    }
    return at;
  }

  /** Index just past the string that opens at `at` (a `"`), or INVALID when it does not close before `end`. */
  #stringEnd(at: number, end: number): number {
    const text = this.text;
    let quote = text.indexOf('"', at + 1);
    for (;;) {
      if (quote === -1 || quote >= end) throw INVALID;
      let slashes = 0;
      while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
      if (slashes % 2 === 0) return quote + 1;
      quote = text.indexOf('"', quote + 1);
    }
  }

  /** A member too long for a run (blanks alone are no member: they go with the run, which judges them). */
  #long(from: number, to: number): boolean {
    return to - from > this.runChars && this.#skipBlank(from, to) < to;
  }

  /** The one JSON value in `[start, end)`, with blanks around it. */
  async value(start: number, end: number): Promise<unknown> {
    const at = this.#skipBlank(start, end);
    const c = this.text.charCodeAt(at);
    if (end - at <= this.runChars || (c !== 0x5b && c !== 0x7b)) return parseJson(this.text.slice(at, end));
    const close = { at: 0 };
    const value = c === 0x5b ? await this.#array(at, end, close) : await this.#object(at, end, close);
    if (this.#skipBlank(close.at + 1, end) !== end) throw INVALID;
    return value;
  }

  /**
   * Scans the container opening at `open` for its members (separated by commas at its own level); `member` is
   * called with each member's extent. Sets `close.at` to the closing bracket, which must match the opening one.
   */
  async #members(
    open: number,
    end: number,
    close: { at: number },
    member: (from: number, to: number, last: boolean) => Promise<void>,
  ): Promise<void> {
    const text = this.text;
    const closing = text.charCodeAt(open) === 0x5b ? 0x5d : 0x7d;
    let depth = 0;
    let from = open + 1;
    for (let i = open + 1; ; i++) {
      if (i >= end) throw INVALID;
      const c = text.charCodeAt(i);
      if (c === 0x22) i = this.#stringEnd(i, end) - 1;
      else if (c === 0x5b || c === 0x7b) depth++;
      else if (c === 0x5d || c === 0x7d) {
        if (depth > 0) {
          depth--;
          continue;
        }
        if (c !== closing) throw INVALID;
        close.at = i;
        return member(from, i, true);
      } else if (c === 0x2c && depth === 0) {
        await member(from, i, false);
        from = i + 1;
      }
    }
  }

  /**
   * Runs of members: `[from, to)` of the text, members and the commas between them, parsed natively inside
   * `open`/`close`. A run of blanks only is an empty container when the container has no comma at all, else a
   * missing member (`[1,]`), which `JSON.parse` of the run alone would take for an empty one.
   */
  #run(from: number, to: number, open: string, close: string, alone: boolean): unknown {
    const slice = this.text.slice(from, to);
    if (!alone && BLANK.test(slice)) throw INVALID;
    return parseJson(open + slice + close);
  }

  async #array(open: number, end: number, close: { at: number }): Promise<unknown[]> {
    const out: unknown[] = [];
    let run = open + 1;
    let commas = 0;
    const flush = async (to: number, alone: boolean) => {
      const items = this.#run(run, to, '[', ']', alone) as unknown[];
      for (let k = 0; k < items.length; k++) out.push(items[k]);
      await this.#pace();
    };
    await this.#members(open, end, close, async (from, to, last) => {
      if (this.#long(from, to)) {
        // A long member: the members before it as one run, then it is taken apart in turn.
        if (run < from) await flush(from - 1, false);
        out.push(await this.value(from, to));
        run = to + 1;
      } else if (last) {
        if (run <= to) await flush(to, commas === 0);
      } else if (to - run > this.runChars) {
        await flush(to, false);
        run = to + 1;
      }
      if (!last) commas++;
    });
    return out;
  }

  async #object(open: number, end: number, close: { at: number }): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    let run = open + 1;
    let commas = 0;
    const flush = async (to: number, alone: boolean) => {
      const members = this.#run(run, to, '{', '}', alone) as Record<string, unknown>;
      // Assigned in order, so key order and the last of repeated keys are as `JSON.parse` of the whole text has them.
      for (const key in members) out[key] = members[key];
      await this.#pace();
    };
    await this.#members(open, end, close, async (from, to, last) => {
      if (this.#long(from, to)) {
        if (run < from) await flush(from - 1, false);
        // `"key" : value`, the value taken apart in turn.
        const keyAt = this.#skipBlank(from, to);
        if (this.text.charCodeAt(keyAt) !== 0x22) throw INVALID;
        const keyEnd = this.#stringEnd(keyAt, to);
        const key = JSON.parse(this.text.slice(keyAt, keyEnd)) as string;
        const colon = this.#skipBlank(keyEnd, to);
        if (this.text.charCodeAt(colon) !== 0x3a) throw INVALID;
        const value = await this.value(colon + 1, to);
        if (key !== '__proto__') out[key] = value;
        run = to + 1;
      } else if (last) {
        if (run <= to) await flush(to, commas === 0);
      } else if (to - run > this.runChars) {
        await flush(to, false);
        run = to + 1;
      }
      if (!last) commas++;
    });
    return out;
  }
}
