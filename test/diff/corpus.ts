/**
 * The diff corpus: each case in test/fixtures/diff/cases/*.yaml is a small patch of the real spec (edits of
 * its YAML files by JSON pointer) and the changes the diff must report for it, all of them.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMap, isSeq, parse, parseDocument, type Document } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SPEC_DIR = path.join(ROOT, 'spec');
export const CASES_DIR = path.join(ROOT, 'test/fixtures/diff/cases');

export interface PatchOp {
  /** File relative to spec/, e.g. `schemas/videos.yaml`. */
  file: string;
  /** set: add or replace; remove; append: to a list; rename: a map key, to `to`. */
  op: 'set' | 'remove' | 'append' | 'rename';
  /** JSON pointer inside the file. */
  path: string;
  value?: unknown;
  to?: string;
}

export interface Expected {
  severity: 'breaking' | 'compatible' | 'docs';
  rule: string;
  subject: string;
  location: string;
}

export interface DiffCase {
  name: string;
  description: string;
  patch: PatchOp[];
  expect: Expected[];
}

export function loadCases(dir = CASES_DIR): DiffCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({
      name: f.replace(/\.yaml$/, ''),
      ...(parse(readFileSync(path.join(dir, f), 'utf8')) as Omit<DiffCase, 'name'>),
    }));
}

/** Pointer segments to keys: a segment addressing a list item becomes a number, map keys stay strings. */
function keysOf(doc: Document, pointer: string): (string | number)[] {
  const segments =
    pointer === ''
      ? []
      : pointer
          .replace(/^\//, '')
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const keys: (string | number)[] = [];
  let node: unknown = doc.contents;
  for (const s of segments) {
    const key = isSeq(node) ? Number(s) : s;
    keys.push(key);
    node = isSeq(node) || isMap(node) ? node.get(key, true) : undefined;
  }
  return keys;
}

export function applyPatch(specDir: string, ops: PatchOp[]): void {
  const docs = new Map<string, Document>();
  for (const op of ops) {
    const file = path.join(specDir, op.file);
    const doc = docs.get(file) ?? parseDocument(readFileSync(file, 'utf8'));
    docs.set(file, doc);
    const keys = keysOf(doc, op.path);
    const where = `${op.file}#${op.path}`;
    if (op.op !== 'set' && !doc.hasIn(keys)) throw new Error(`patch: nothing at ${where}`);
    if (op.op === 'set') {
      if (!doc.hasIn(keys.slice(0, -1)) && keys.length > 1) throw new Error(`patch: no parent for ${where}`);
      doc.setIn(keys, doc.createNode(op.value));
    } else if (op.op === 'remove') doc.deleteIn(keys);
    else if (op.op === 'append') {
      if (!isSeq(doc.getIn(keys, true))) throw new Error(`patch: not a list at ${where}`);
      doc.addIn(keys, doc.createNode(op.value));
    } else {
      const value = doc.getIn(keys, true);
      doc.deleteIn(keys);
      doc.setIn([...keys.slice(0, -1), op.to!], value);
    }
  }
  for (const [file, doc] of docs) writeFileSync(file, doc.toString({ lineWidth: 0 }));
}

const created: string[] = [];

/** Removes every temp copy `materialise` made in this process. */
export function disposeCopies(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Copies spec/ to a temp dir, applies the case and returns the root document's path. */
export function materialise(ops: PatchOp[], specDir = SPEC_DIR): string {
  const top = mkdtempSync(path.join(tmpdir(), 'diff-case-'));
  created.push(top);
  const dir = path.join(top, 'spec');
  // spec/lint/ is left out; the test is on the path inside spec/, so a checkout under a folder named lint still copies.
  cpSync(specDir, dir, {
    recursive: true,
    filter: (src) => path.relative(specDir, src).split(path.sep)[0] !== 'lint',
  });
  applyPatch(dir, ops);
  return path.join(dir, 'openapi.yaml');
}
