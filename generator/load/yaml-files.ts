/**
 * Reads the spec's YAML files with positions kept, following `$ref`s to other files, so that syntax errors,
 * missing files and unresolved pointers are reported at `file:line:column` before bundling.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { fail } from '../diagnostics.ts';
import { isDataKey } from './data-refs.ts';
import { decodeFragment, findAnchors } from './anchors.ts';
import { rewriteIdRefs } from './ids.ts';

export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path as shown in messages (relative to the working directory). */
  display: string;
  doc: Document.Parsed;
  lines: LineCounter;
  /** The plain JS value of the document. */
  value: unknown;
}

export interface SourceSet {
  root: SourceFile;
  files: Map<string, SourceFile>;
}

export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

function readSource(file: string, from?: { file: SourceFile; node: YamlNode }): SourceFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    if (from) {
      const pos = position(from.file, from.node);
      fail('file-not-found', `$ref names a file that cannot be read: ${displayPath(file)}`, {
        file: from.file.display,
        ...pos,
      });
    }
    fail('file-not-found', `cannot read the spec file ${displayPath(file)}`);
  }
  const display = displayPath(file);
  const key = createHash('sha1').update(text).digest('hex');
  const cached = parsedFiles.get(key);
  if (cached) return { ...cached, path: file, display };
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, version: '1.2' });
  const firstError = doc.errors[0];
  if (firstError) {
    const at = lines.linePos(firstError.pos[0]);
    const message = firstError.message.split('\n')[0] ?? firstError.message;
    fail('yaml-syntax', message, { file: display, line: at.line, column: at.col });
  }
  const source = { path: file, display, doc, lines, value: doc.toJS({ maxAliasCount: 100 }) as unknown };
  rewriteIdRefs(doc, source.value);
  if (parsedFiles.size >= MAX_PARSED_FILES) parsedFiles.clear();
  parsedFiles.set(key, source);
  return source;
}

/**
 * Parsed files by content, for runs in one process (`--watch`, `generate()` in a build tool, the spec diff of two
 * versions or copies): a file whose text was parsed before is not parsed again, wherever it lies. Nothing downstream mutates a SourceFile
 * (the bundler gets clones of `value`). Bounded: cleared when full.
 */
const parsedFiles = new Map<string, SourceFile>();
const MAX_PARSED_FILES = 5000;

/** Line and column (1-based) of a YAML node. */
export function position(file: SourceFile, node: YamlNode | null | undefined): { line?: number; column?: number } {
  const offset = node?.range?.[0];
  if (offset === undefined) return {};
  const at = file.lines.linePos(offset);
  return { line: at.line, column: at.col };
}

/** Walks a YAML node tree and calls `visit` for every mapping that has a string `$ref`. */
function eachRef(node: YamlNode | null | undefined, visit: (ref: string, refNode: YamlNode) => void, parentKey?: string): void {
  if (!node) return;
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (key === '$ref' && isScalar(pair.value) && typeof pair.value.value === 'string') {
        visit(pair.value.value, pair.value);
      } else if (typeof key === 'string' && isDataKey(key, parentKey, isSeq(pair.value) ? [] : undefined)) {
        // JSON data (`enum: [{$ref: x}]`): a `$ref` there is a value, not a reference.
        continue;
      } else {
        eachRef(pair.value as YamlNode, visit, typeof key === 'string' ? key : undefined);
      }
    }
  } else if (isSeq(node)) {
    for (const item of node.items) eachRef(item as YamlNode, visit, parentKey);
  }
}

/** Resolves a JSON pointer fragment (`/components/schemas/X`) in a plain value; `undefined` when missing. */
export function resolvePointer(value: unknown, fragment: string): unknown {
  if (fragment === '') return value;
  let current: unknown = value;
  // Empty tokens are keys too (`#/$defs//x` names the key "" of `$defs`).
  for (const raw of fragment.replace(/^\//, '').split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, token)) return undefined;
    current = (current as Record<string, unknown>)[token];
  }
  return current;
}

/** Loads the root file and every file it references, checking that every `$ref` resolves. */
export function loadSources(rootPath: string): SourceSet {
  const rootAbs = path.resolve(rootPath);
  const files = new Map<string, SourceFile>();
  const root = readSource(rootAbs);
  files.set(rootAbs, root);
  const queue: SourceFile[] = [root];
  const pending: { from: SourceFile; node: YamlNode; target: string; fragment: string; ref: string }[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    eachRef(file.doc.contents as YamlNode, (ref, node) => {
      const hash = ref.indexOf('#');
      const filePart = hash === -1 ? ref : ref.slice(0, hash);
      const fragment = hash === -1 ? '' : ref.slice(hash + 1);
      if (/^[a-z]+:\/\//i.test(filePart)) {
        fail('unsupported', `remote $ref is not supported (the generator reads local files only): ${ref}`, {
          file: file.display,
          ...position(file, node),
        });
      }
      const target = filePart === '' ? file.path : path.resolve(path.dirname(file.path), filePart);
      if (!files.has(target)) {
        const loaded = readSource(target, { file, node });
        files.set(target, loaded);
        queue.push(loaded);
      }
      pending.push({ from: file, node, target, fragment, ref });
    });
  }
  for (const ref of pending) {
    const targetFile = files.get(ref.target)!;
    // A fragment without `/` names an `$anchor` or `$dynamicAnchor` (JSON Schema 2020-12).
    const anchor = ref.fragment !== '' && !ref.fragment.startsWith('/');
    if (anchor ? findAnchors(targetFile.value, '#', decodeFragment(ref.fragment)).length === 0 : resolvePointer(targetFile.value, ref.fragment) === undefined) {
      fail(
        'unresolved-ref',
        `$ref '${ref.ref}' does not resolve: no '#${ref.fragment}' in ${targetFile.display}`,
        { file: ref.from.display, ...position(ref.from, ref.node), pointer: `#${ref.fragment}` },
      );
    }
  }
  return { root, files };
}
