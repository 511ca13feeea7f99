/** The ts-morph project every TypeScript emitter prints with: in memory, one source file per output file. */
import { commentText } from './literal.ts';
import {
  IndentationText,
  NewLineKind,
  Project,
  QuoteKind,
  type SourceFile,
  type StatementStructures,
} from 'ts-morph';

let project: Project | undefined;

function shared(): Project {
  project ??= new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Single,
    },
  });
  return project;
}

/** ts-morph's own structure printer, which `createSourceFile` runs before parsing the text it printed. */
interface PrinterContext {
  createWriter(): { toString(): string };
  structurePrinterFactory: {
    forSourceFile(o: { isAmbient: boolean }): { printText(writer: unknown, structure: object): void };
  };
}

/**
 * Prints statements (ts-morph structures) to the text of one file. The text comes from ts-morph's structure printer
 * directly: creating a source file would also parse it, for nothing (a third of emit time). No banner: the pipeline
 * opens every generated TypeScript file with one (render/origin.ts), as only it knows the spec and the command.
 */
export function printFile(path: string, statements: (string | StatementStructures)[]): string {
  return printStatements(path, statements);
}

/** Prints statements: a whole file (`printFile`), or a part of one that is printed again among a file's statements. */
export function printStatements(path: string, statements: (string | StatementStructures)[]): string {
  const structure = { statements: statements.map(safeDocs) };
  const context = (shared() as unknown as { _context?: PrinterContext })._context;
  if (context?.structurePrinterFactory) {
    const writer = context.createWriter();
    context.structurePrinterFactory
      .forSourceFile({ isAmbient: path.endsWith('.d.ts') })
      .printText(writer, structure);
    return writer.toString();
  }
  const file: SourceFile = shared().createSourceFile(`/${path}`, structure, { overwrite: true });
  const text = file.getFullText();
  shared().removeSourceFile(file);
  return text;
}

/**
 * A copy of a structure whose JSDoc texts (`docs`, at any depth: members, declarations, overloads) went through
 * `commentText`, so no text an emitter puts in a doc comment can end it.
 */
function safeDocs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(safeDocs) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'docs' && Array.isArray(value) ? value.map(safeDoc) : safeDocs(value);
  return out as T;
}

function safeDoc(doc: unknown): unknown {
  if (typeof doc === 'string') return commentText(doc);
  if (doc === null || typeof doc !== 'object') return doc;
  const d = doc as { description?: unknown; tags?: { text?: unknown }[] };
  return {
    ...d,
    ...(typeof d.description === 'string' ? { description: commentText(d.description) } : {}),
    ...(d.tags
      ? { tags: d.tags.map((t) => (typeof t.text === 'string' ? { ...t, text: commentText(t.text) } : t)) }
      : {}),
  };
}
