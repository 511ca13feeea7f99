// Copied by platform-api-codegen from its runtime (templates/server/request/json.ts). Do not edit: every generation replaces it.
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
const SLICE_MS = 1;

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

  /** The one JSON value in `[start, end)`, with blanks around it. */
  async value(start: number, end: number): Promise<unknown> {
    const text = this.text;
    const at = skipBlank(text, start, end);
    const c = text.charCodeAt(at);
    if (end - at <= this.runChars || (c !== 0x5b && c !== 0x7b)) return parseJson(text.slice(at, end));
    const { value, close } = await this.#container(at, end);
    if (skipBlank(text, close + 1, end) !== end) throw INVALID;
    return value;
  }

  /**
   * The array or object opening at `open` (its end not known beforehand), and the index of its closing bracket.
   * Runs of members are parsed natively. A run ends at the first comma a run's length further: a guess, which
   * parses only when that comma separates this container's own members (the text from the run's start is read as
   * the whole text reads it, so a cut inside a string or a nested container leaves something unclosed, and a cut
   * past this container's end leaves its closing bracket inside). Where a guess fails, `scan` reads on exactly,
   * at most about a run's length, to the next run's end, the closing bracket, or a member growing long, which
   * is taken apart in turn when it is an array or an object. A run of blanks only is an empty container when the
   * container has no comma at all, else a missing member (`[1,]`), which `JSON.parse` of the run alone would take
   * for an empty container.
   */
  async #container(open: number, end: number): Promise<{ value: unknown; close: number }> {
    const text = this.text;
    const runChars = this.runChars;
    const isArray = text.charCodeAt(open) === 0x5b;
    const closing = isArray ? 0x5d : 0x7d;
    // An array's runs are kept as the arrays `JSON.parse` made and joined once at the end (a native copy). An
    // object's members are assigned in order, so key order and the last of repeated keys are as `JSON.parse` of
    // the whole text has them; a `__proto__` key is dropped.
    const parts: unknown[][] = [];
    const out: Record<string, unknown> = {};
    const add = (from: number, to: number, alone: boolean) => {
      const slice = text.slice(from, to);
      if (!alone && BLANK.test(slice)) throw INVALID;
      if (isArray) return void parts.push(parseJson(`[${slice}]`) as unknown[]);
      const members = parseJson(`{${slice}}`) as Record<string, unknown>;
      for (const key in members) out[key] = members[key];
    };
    const done = (close: number) => ({ value: isArray ? joined(parts) : out, close });
    let run = open + 1;
    let from = run;
    let long = true;
    for (;;) {
      if (from === run && long) {
        const cut = text.indexOf(',', run + runChars);
        if (cut !== -1 && cut < end) {
          try {
            add(run, cut, false);
            run = from = cut + 1;
            await this.#pace();
            continue;
          } catch {
            // Not a cut between this container's own members (or not JSON): read on exactly.
          }
        }
      }
      const at = scan(text, from, run, end, closing, runChars, long ? runChars : Infinity);
      from = at.from;
      if (at.kind === 'close') {
        add(run, at.to, run === open + 1);
        return done(at.to);
      }
      if (at.kind === 'comma') {
        add(run, at.to, false);
        run = from = at.to + 1;
        long = true;
        await this.#pace();
        continue;
      }
      // A member growing long: an array or an object is taken apart; anything else (a long string or number, one
      // value, or blanks) goes with the run, read on to its end, and the run's parse judges it.
      let v = skipBlank(text, from, end);
      let key: string | undefined;
      if (!isArray && text.charCodeAt(v) === 0x22) {
        const keyEnd = stringEnd(text, v, end);
        key = JSON.parse(text.slice(v, keyEnd)) as string;
        v = skipBlank(text, keyEnd, end);
        v = text.charCodeAt(v) === 0x3a ? skipBlank(text, v + 1, end) : end;
      }
      const c = text.charCodeAt(v);
      if ((c !== 0x5b && c !== 0x7b) || (!isArray && key === undefined)) {
        long = false;
        continue;
      }
      if (run < from) add(run, from - 1, false);
      const member = await this.#container(v, end);
      if (isArray) parts.push([member.value]);
      else if (key !== '__proto__') out[key!] = member.value;
      const next = skipBlank(text, member.close + 1, end);
      const n = text.charCodeAt(next);
      if (n === closing) return done(next);
      if (n !== 0x2c) throw INVALID;
      run = from = next + 1;
      long = true;
      await this.#pace();
    }
  }
}

/** The runs of an array as one array: `concat` copies packed arrays natively (`flat()` goes item by item). */
function joined(parts: unknown[][]): unknown[] {
  if (parts.length === 1) return parts[0]!;
  let out: unknown[] = [];
  for (let k = 0; k < parts.length; k += 1024) out = out.concat(...parts.slice(k, k + 1024));
  return out;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipBlank(text: string, at: number, end: number): number {
  while (at < end && isBlank(text.charCodeAt(at))) at++;
  return at;
}

/** Index just past the string that opens at `at` (a `"`); INVALID when it does not close before `end`. */
function stringEnd(text: string, at: number, end: number): number {
  let quote = text.indexOf('"', at + 1);
  for (;;) {
    if (quote === -1 || quote >= end) throw INVALID;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
}

/**
 * Reads from `from` (the start of a member, at the container's own level) to the next place with work: a comma
 * of this level more than `runChars` past `run` (`comma`), the closing bracket (`close`, which must match), or a
 * member running longer than `longChars` before it ends (`long`). Returns that place (`to`) and where the member
 * there starts (`from`).
 */
function scan(
  text: string,
  from: number,
  run: number,
  end: number,
  closing: number,
  runChars: number,
  longChars: number,
): { kind: 'comma' | 'close' | 'long'; to: number; from: number } {
  let depth = 0;
  for (let i = from; ; i++) {
    if (i >= end) throw INVALID;
    if (i - from > longChars) return { kind: 'long', to: i, from };
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i, end) - 1;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
      else if (c !== closing) throw INVALID;
      else return { kind: 'close', to: i, from };
    } else if (c === 0x2c && depth === 0) {
      if (i - run > runChars) return { kind: 'comma', to: i, from };
      from = i + 1;
    }
  }
}
