/**
 * Reads the spec's YAML files with positions kept, following `$ref`s to other files, so that syntax errors,
 * missing files and unresolved pointers are reported at `file:line:column` before bundling. A file written as JSON
 * is read with `JSON.parse` and located through an offset index (json-source.ts); a YAML file keeps its node tree.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { decodeToken, fail, type Diagnostics } from '../diagnostics.ts';
import { nearest } from '../naming/distance.ts';
import { isDataKey } from './data-refs.ts';
import { decodeFragment, findAnchors } from './anchors.ts';
import { rewriteIdRefs } from './ids.ts';
import { createJsonLocator, linePos, lineStarts, scanJson } from './json-source.ts';
import { MAX_NESTING, readInput, tooDeepAt, tooDeepIn, UnreadableInput } from './read-file.ts';

export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path as shown in messages (relative to the working directory). */
  display: string;
  /** The plain JS value of the document. */
  value: unknown;
  /** Line and column (1-based) of the value at these pointer tokens, or of the deepest of its ancestors there. */
  positionAt(tokens: readonly string[]): Position;
  /** The root of the file as written, for the source map (a YAML alias is a leaf there, as in the file). */
  root(): SourceNode;
  /** A new copy of `value` for the bundler to change (`value` is kept for later runs in the process). */
  copy(): unknown;
}

/** A place in a file as written. */
export interface SourceNode {
  child(token: string): SourceNode | undefined;
  /** The node's `$ref`, when it is a mapping with a string one. */
  ref(): string | undefined;
  position(): Position;
}

export interface Position {
  line?: number;
  column?: number;
}

export interface SourceSet {
  root: SourceFile;
  files: Map<string, SourceFile>;
}

export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

function readSource(file: string, from?: { file: SourceFile; tokens: string[] }): SourceFile {
  let text: string;
  try {
    text = readInput(file);
  } catch (error) {
    const where = from ? { file: from.file.display, ...from.file.positionAt(from.tokens) } : {};
    if (error instanceof UnreadableInput)
      fail(
        error.code,
        `${from ? '$ref names' : 'the spec file'} ${displayPath(file)}, which ${error.message}`,
        where,
      );
    if (from) fail('file-not-found', `$ref names a file that cannot be read: ${displayPath(file)}`, where);
    fail('file-not-found', `cannot read the spec file ${displayPath(file)}`);
  }
  const display = displayPath(file);
  const json = /^\s*\{/.test(text);
  const deep = tooDeepAt(text, json);
  if (deep >= 0)
    fail('input-limit', `nested more than ${MAX_NESTING} levels deep`, {
      file: display,
      ...linePos(lineStarts(text), deep),
    });
  const key = createHash('sha1').update(text).digest('hex');
  const cached = parsedFiles.get(key);
  if (cached) return { ...cached, path: file, display };
  const parsed = json ? readJson(text, file, display) : undefined;
  const read = parsed ?? readYaml(text, file, display);
  const pointer = tooDeepIn(read.value);
  if (pointer !== undefined)
    fail('input-limit', `nested more than ${MAX_NESTING} levels deep (YAML aliases expanded)`, {
      file: display,
      pointer,
    });
  // Parsing the JSON text again is faster than a structured clone (GitHub's 11 MB: 50 ms against 150 ms), and gives
  // the same value unless an `$id` reference was rewritten in it.
  const source: SourceFile = {
    ...read,
    copy:
      parsed && rewriteIdRefs(read.value) === 0
        ? () => JSON.parse(text) as unknown
        : () => structuredClone(read.value),
  };
  if (!parsed) rewriteIdRefs(source.value);
  if (parsedFiles.size >= MAX_PARSED_FILES) parsedFiles.clear();
  parsedFiles.set(key, source);
  return source;
}

/** A file `JSON.parse` reads; undefined when it does not (YAML's reader then reads it, or names the error). */
function readJson(text: string, file: string, display: string): Omit<SourceFile, 'copy'> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { index, duplicate } = scanJson(text);
  let starts: Int32Array | undefined;
  const at = (offset: number) => linePos((starts ??= lineStarts(text)), offset);
  if (duplicate)
    fail('yaml-syntax', `Map keys must be unique ("${duplicate.key}" is repeated)`, {
      file: display,
      ...at(duplicate.offset),
    });
  let offsetAt: ((tokens: readonly string[]) => number) | undefined;
  const positionAt = (tokens: readonly string[]) => at((offsetAt ??= createJsonLocator(text, index))(tokens));
  const node = (v: unknown, tokens: string[]): SourceNode => ({
    child: (token) => {
      const c = valueChild(v, token);
      return c === undefined ? undefined : node(c, [...tokens, token]);
    },
    ref: () => refOf(v),
    position: () => positionAt(tokens),
  });
  return { path: file, display, value, positionAt, root: () => node(value, []) };
}

function readYaml(text: string, file: string, display: string): Omit<SourceFile, 'copy'> {
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: true,
    version: '1.2',
  });
  const firstError = doc.errors[0];
  if (firstError) {
    const at = lines.linePos(firstError.pos[0]);
    const message = firstError.message.split('\n')[0] ?? firstError.message;
    fail('yaml-syntax', message, { file: display, line: at.line, column: at.col });
  }
  const positionAt = (tokens: readonly string[]): Position => {
    let node = doc.contents as YamlNode | null;
    for (const token of tokens) {
      const next = node ? yamlChild(node, token) : undefined;
      if (!next) break;
      node = next;
    }
    const offset = node?.range?.[0];
    if (offset === undefined) return {};
    const pos = lines.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const node = (n: YamlNode): SourceNode => ({
    child: (token) => {
      const c = yamlChild(n, token);
      return c ? node(c) : undefined;
    },
    ref: () => {
      if (!isMap(n)) return undefined;
      const pair = n.items.find((p) => isScalar(p.key) && p.key.value === '$ref');
      return pair && isScalar(pair.value) && typeof pair.value.value === 'string'
        ? pair.value.value
        : undefined;
    },
    position: () => {
      const offset = n.range?.[0];
      if (offset === undefined) return {};
      const pos = lines.linePos(offset);
      return { line: pos.line, column: pos.col };
    },
  });
  const empty: SourceNode = { child: () => undefined, ref: () => undefined, position: () => ({}) };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
  } catch (error) {
    // The yaml package refuses an alias that expands too much ("resource exhaustion"): a YAML alias bomb.
    if (!(error instanceof ReferenceError)) throw error;
    fail(
      'input-limit',
      `YAML aliases expand too much (an alias used more than ${MAX_ALIAS_COUNT} times its size): ${error.message}`,
      { file: display },
    );
  }
  return {
    path: file,
    display,
    value,
    positionAt,
    root: () => (doc.contents ? node(doc.contents) : empty),
  };
}

/** The yaml package's bound on what one alias may expand to, in nodes per node of its anchor. */
const MAX_ALIAS_COUNT = 100;

function valueChild(value: unknown, token: string): unknown {
  if (Array.isArray(value)) {
    const index = Number(token);
    return Number.isInteger(index) ? value[index] : undefined;
  }
  if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, token))
    return undefined;
  return (value as Record<string, unknown>)[token];
}

function refOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const ref = (value as Record<string, unknown>).$ref;
  return typeof ref === 'string' ? ref : undefined;
}

function yamlChild(node: YamlNode, token: string): YamlNode | undefined {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (isScalar(pair.key) && String(pair.key.value) === token)
        return (pair.value as YamlNode | null) ?? undefined;
    }
  } else if (isSeq(node)) {
    const index = Number(token);
    if (Number.isInteger(index)) return (node.items[index] as YamlNode | null | undefined) ?? undefined;
  }
  return undefined;
}

/**
 * Parsed files by content, for runs in one process (`--watch`, `generate()` in a build tool, the spec diff of two
 * versions or copies): a file whose text was parsed before is not parsed again, wherever it lies. Nothing downstream mutates a SourceFile
 * (the bundler gets clones of `value`). Bounded: cleared when full.
 */
const parsedFiles = new Map<string, SourceFile>();
const MAX_PARSED_FILES = 5000;

/** Calls `visit` for every object of a value that has a string `$ref`, with the tokens of that `$ref`. */
function eachRef(
  value: unknown,
  visit: (ref: string, tokens: string[]) => void,
  tokens: string[] = [],
  parentKey?: string,
): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      tokens.push(String(i));
      eachRef(value[i], visit, tokens, parentKey);
      tokens.pop();
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    if (key === '$ref' && typeof child === 'string') visit(child, [...tokens, key]);
    // JSON data (`enum: [{$ref: x}]`): a `$ref` there is a value, not a reference.
    else if (child !== null && typeof child === 'object' && !isDataKey(key, parentKey, child)) {
      tokens.push(key);
      eachRef(child, visit, tokens, key);
      tokens.pop();
    }
  }
}

/** Resolves a JSON pointer fragment (`/components/schemas/X`) in a plain value; `undefined` when missing. */
export function resolvePointer(value: unknown, fragment: string): unknown {
  if (fragment === '') return value;
  let current: unknown = value;
  // Empty tokens are keys too (`#/$defs//x` names the key "" of `$defs`).
  for (const raw of fragment.replace(/^\//, '').split('/')) {
    const token = decodeToken(raw);
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

/**
 * Loads the root file and every file it references, checking that every `$ref` resolves. With `diagnostics`, a
 * `$ref` to a missing component is reported (with the nearest existing name) and read as the fallback its kind
 * allows (a schema as any value, a parameter left out, …), so the rest of the spec is still checked; without it,
 * or for a reference no fallback fits, the first one stops the load.
 */
export function loadSources(rootPath: string, diagnostics?: Diagnostics): SourceSet {
  const rootAbs = path.resolve(rootPath);
  const files = new Map<string, SourceFile>();
  const root = readSource(rootAbs);
  files.set(rootAbs, root);
  const queue: SourceFile[] = [root];
  const pending: { from: SourceFile; tokens: string[]; target: string; fragment: string; ref: string }[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    eachRef(file.value, (ref, tokens) => {
      const hash = ref.indexOf('#');
      const filePart = hash === -1 ? ref : ref.slice(0, hash);
      const fragment = hash === -1 ? '' : ref.slice(hash + 1);
      if (/^[a-z]+:\/\//i.test(filePart)) {
        fail('unsupported', `remote $ref is not supported (the generator reads local files only): ${ref}`, {
          file: file.display,
          ...file.positionAt(tokens),
        });
      }
      const target = filePart === '' ? file.path : path.resolve(path.dirname(file.path), filePart);
      if (!files.has(target)) {
        const loaded = readSource(target, { file, tokens });
        files.set(target, loaded);
        queue.push(loaded);
      }
      pending.push({ from: file, tokens, target, fragment, ref });
    });
  }
  const patched = new Map<string, Patched>();
  for (const ref of pending) {
    const targetFile = files.get(ref.target)!;
    // A fragment without `/` names an `$anchor` or `$dynamicAnchor` (JSON Schema 2020-12).
    const anchor = ref.fragment !== '' && !ref.fragment.startsWith('/');
    if (
      anchor
        ? findAnchors(targetFile.value, '#', decodeFragment(ref.fragment)).length > 0
        : resolvePointer(targetFile.value, ref.fragment) !== undefined
    )
      continue;
    const near = anchor ? undefined : nearestKey(targetFile.value, ref.fragment);
    const message = `$ref '${ref.ref}' does not resolve: no '#${ref.fragment}' in ${targetFile.display}${near ? ` (did you mean '${near}'?)` : ''}`;
    const location = {
      file: ref.from.display,
      ...ref.from.positionAt(ref.tokens),
      pointer: `#${ref.fragment}`,
    };
    const edit = diagnostics && fallbackFor(ref.fragment);
    if (!diagnostics || !edit) fail('unresolved-ref', message, location);
    diagnostics.report('unresolved-ref', message, location, edit.fallback);
    const entry = patched.get(ref.from.path) ?? { value: structuredClone(ref.from.value), removals: [] };
    patched.set(ref.from.path, entry);
    edit.apply(entry, ref.tokens.slice(0, -1));
  }
  for (const [file, entry] of patched) {
    // Removals last and from the end, so the indexes of the others still hold.
    for (const [tokens, index] of entry.removals.sort((a, b) => b[1] - a[1])) {
      const list = resolveTokens(entry.value, tokens);
      if (Array.isArray(list)) list.splice(index, 1);
    }
    // A new object: the parsed file stays cached as it was read, for later runs in the process.
    const value = entry.value;
    files.set(file, { ...files.get(file)!, value, copy: () => structuredClone(value) });
  }
  return { root: files.get(rootAbs)!, files };
}

interface Patched {
  value: unknown;
  /** Array items to remove: the array's tokens and the index. */
  removals: [string[], number][];
}

const resolveTokens = (value: unknown, tokens: string[]): unknown =>
  tokens.reduce<unknown>(
    (v, t) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[t] : undefined),
    value,
  );

/** The fallback for a reference to a missing component, by the component's kind; undefined when none fits. */
function fallbackFor(
  fragment: string,
): { fallback: string; apply: (entry: Patched, holder: string[]) => void } | undefined {
  const kind = /^\/components\/([^/]+)\/[^/]+$/.exec(fragment)?.[1];
  const replace = (entry: Patched, holder: string[], value: Record<string, unknown>) => {
    const object = resolveTokens(entry.value, holder) as Record<string, unknown>;
    delete object.$ref;
    for (const [k, v] of Object.entries(value)) if (!(k in object)) object[k] = v;
  };
  switch (kind) {
    case 'schemas':
      return { fallback: 'read as any value', apply: (e, h) => replace(e, h, {}) };
    case 'parameters':
      return {
        fallback: 'the parameter is left out',
        apply: (e, h) => e.removals.push([h.slice(0, -1), Number(h[h.length - 1])]),
      };
    case 'responses':
      return {
        fallback: 'read as a response with no content',
        apply: (e, h) => replace(e, h, { description: '' }),
      };
    case 'requestBodies':
      return { fallback: 'read as a body with no content', apply: (e, h) => replace(e, h, { content: {} }) };
    case 'headers':
      return { fallback: 'read as a header of any value', apply: (e, h) => replace(e, h, { schema: {} }) };
    case 'examples':
      return { fallback: 'the example is left empty', apply: (e, h) => replace(e, h, {}) };
    case undefined:
    default:
      return undefined;
  }
}

/** The existing key nearest to the fragment's last token, in the object its other tokens name. */
function nearestKey(value: unknown, fragment: string): string | undefined {
  const tokens = fragment.split('/');
  const last = decodeFragment(tokens.pop() ?? '');
  const parent = resolvePointer(value, tokens.join('/'));
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  return nearest(last, Object.keys(parent), Math.max(2, Math.floor(last.length / 3)));
}
