/**
 * Reads an input of the tool (a spec file, a file a `$ref` names, a config) safely: only a regular file, of at most
 * MAX_INPUT_BYTES, and nested at most MAX_NESTING deep. A FIFO would block the read for ever and `/dev/zero` never
 * ends; a folder, a socket or a device is no document. Opened without blocking, then judged by what was opened.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';

/** Far above any published spec (Microsoft Graph's 47 MB included). */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;
/** Objects and arrays inside each other at most; real specs stay under 40. */
export const MAX_NESTING = 200;

/** Why a file cannot be read as an input, in words for a message (the caller locates it). */
export class UnreadableInput extends Error {
  constructor(
    message: string,
    /** `file-not-found`: not a regular file; `input-limit`: over a limit. */
    readonly code: 'file-not-found' | 'input-limit',
  ) {
    super(message);
  }
}

function kind(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The text of `file`, or an `UnreadableInput` saying why not (system errors keep their own message). */
export function readInput(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnreadableInput(`is ${kind(stats)}, not a regular file`, 'file-not-found');
    if (stats.size > MAX_INPUT_BYTES)
      throw new UnreadableInput(
        `is ${(stats.size / 2 ** 20).toFixed(0)} MiB, more than the ${MAX_INPUT_BYTES / 2 ** 20} MiB an input may have`,
        'input-limit',
      );
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The offset where `text` (JSON, or YAML's brackets and indentation) first nests deeper than MAX_NESTING, or -1.
 * Read before parsing: the parsers recurse, and a 1,000-level document would overflow their stack.
 */
export function tooDeepAt(text: string, json: boolean): number {
  let depth = 0;
  const indents: number[] = [];
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || (!json && ch === "'")) {
      // Skip a quoted string (JSON escapes with a backslash, YAML's single quotes by doubling).
      for (i++; i < text.length && text[i] !== ch; i++) if (ch === '"' && text[i] === '\\') i++;
      continue;
    }
    if (!json) {
      if (ch === '\n') {
        lineStart = true;
        indent = 0;
        continue;
      }
      if (lineStart && (ch === ' ' || ch === '-')) {
        indent++;
        continue;
      }
      if (lineStart && ch !== '#' && ch !== '\r') {
        lineStart = false;
        while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
        indents.push(indent);
        if (depth + indents.length > MAX_NESTING) return i;
      }
      if (ch === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
        while (i + 1 < text.length && text[i + 1] !== '\n') i++;
        continue;
      }
    }
    if (ch === '{' || ch === '[') {
      if (++depth + indents.length > MAX_NESTING) return i;
    } else if (ch === '}' || ch === ']') depth--;
  }
  return -1;
}

/** The pointer of a place in `value` nested deeper than MAX_NESTING (aliases expanded), or undefined. */
export function tooDeepIn(value: unknown): string | undefined {
  const stack: { v: unknown; depth: number; pointer: string }[] = [{ v: value, depth: 0, pointer: '#' }];
  while (stack.length) {
    const { v, depth, pointer } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_NESTING) return pointer;
    for (const [k, child] of Object.entries(v))
      stack.push({
        v: child,
        depth: depth + 1,
        pointer: `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      });
  }
  return undefined;
}
