/**
 * A tiny vocabulary of TypeScript type expressions, as ts-morph writer functions, that absorbs edge cases once:
 * a union of one member is the member, of none is `never`; nullable adds `| null`; open enums add
 * `(string & {})`. Emitters build types from the IR only through `typeOf`.
 */
import type { CodeBlockWriter, WriterFunction } from 'ts-morph';
import type { EnumNode, TypeNode } from '../../ir/schema.ts';
import { propertyDoc } from './docs.ts';
import { commentText, quote, typeKey } from './literal.ts';

export type TypeWriter = WriterFunction;

/** Records the named types an expression uses, so the file can import them. */
export interface TypeUse {
  schema(name: string): string;
  /** Records the hoisted enum an enum node prints as, and returns its name. */
  enumType(node: EnumNode): string;
}

export const text =
  (s: string): TypeWriter =>
  (w) =>
    void w.write(s);

export function union(members: TypeWriter[]): TypeWriter {
  if (members.length === 0) return text('never');
  if (members.length === 1) return members[0]!;
  return (w) =>
    members.forEach((m, i) => {
      if (i) w.write(' | ');
      m(w);
    });
}

export function intersection(members: TypeWriter[]): TypeWriter {
  if (members.length === 0) return text('unknown');
  if (members.length === 1) return members[0]!;
  return (w) =>
    members.forEach((m, i) => {
      if (i) w.write(' & ');
      w.write('(');
      m(w);
      w.write(')');
    });
}

export function arrayOf(item: TypeWriter): TypeWriter {
  return (w) => {
    w.write('Array<');
    item(w);
    w.write('>');
  };
}

export function literal(value: string | number | boolean | null): TypeWriter {
  return text(typeof value === 'string' ? quote(value) : String(value));
}

function writeDoc(w: CodeBlockWriter, doc: string | undefined): void {
  if (!doc) return;
  w.writeLine('/**');
  for (const line of commentText(doc).split('\n')) w.writeLine(line ? ` * ${line}` : ' *');
  w.writeLine(' */');
}

// Members every object has through `Object.prototype`, as TypeScript's `Object` interface declares them.
const OBJECT_MEMBERS = new Set([
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
]);

/**
 * The type of an object member as declared. An optional member named like one of `Object.prototype` (`constructor`)
 * reads the inherited one when absent, and TypeScript checks every object against it: `constructor?: string` would
 * refuse every object literal without one. Such a member also admits what it inherits (`| Object['constructor']`).
 */
export function memberType(name: string, optional: boolean, type: TypeWriter): TypeWriter {
  return optional && OBJECT_MEMBERS.has(name) ? union([type, text(`Object[${quote(name)}]`)]) : type;
}

export interface MemberSpec {
  name: string;
  optional: boolean;
  type: TypeWriter;
  doc?: string;
  readonly?: boolean;
}

export function objectType(members: MemberSpec[], index?: TypeWriter): TypeWriter {
  if (members.length === 0 && !index) return text('Record<string, never>');
  return (w) => {
    w.write('{').newLine();
    w.indent(() => {
      for (const m of members) {
        writeDoc(w, m.doc);
        w.write(`${m.readonly ? 'readonly ' : ''}${typeKey(m.name)}${m.optional ? '?' : ''}: `);
        memberType(m.name, m.optional, m.type)(w);
        w.write(';').newLine();
      }
      if (index) {
        w.write('[key: string]: ');
        index(w);
        w.write(';').newLine();
      }
    });
    w.write('}');
  };
}

function withNull(node: TypeNode, t: TypeWriter): TypeWriter {
  return node.nullable && node.kind !== 'null' && node.kind !== 'unknown' ? union([t, text('null')]) : t;
}

/** The TypeScript type of an IR node. `mode` chooses how multipart files and open objects read. */
export function typeOf(node: TypeNode, use: TypeUse): TypeWriter {
  return withNull(node, bare(node, use));
}

function bare(node: TypeNode, use: TypeUse): TypeWriter {
  // A schema without `type` whose keywords constrain one type lets every other value through.
  if (
    (node.kind === 'string' || node.kind === 'number' || node.kind === 'array') &&
    node.typeAsserted === false
  )
    return text('unknown');
  switch (node.kind) {
    case 'string':
      return text('string');
    case 'number':
      return text('number');
    case 'boolean':
      return text('boolean');
    case 'null':
      return text('null');
    case 'unknown':
      return text('unknown');
    case 'never':
      return text('never');
    case 'binary':
      return text('Blob');
    case 'literal':
      return literal(node.value);
    case 'enum':
      return text(use.enumType(node));
    case 'ref':
      return text(use.schema(node.target));
    case 'array': {
      if (node.prefixItems?.length) {
        const items = node.prefixItems.map((p) => typeOf(p, use));
        return (w) => {
          w.write('[');
          items.forEach((it, i) => {
            if (i) w.write(', ');
            it(w);
          });
          w.write(', ...');
          arrayOf(typeOf(node.items, use))(w);
          w.write(']');
        };
      }
      return arrayOf(typeOf(node.items, use));
    }
    case 'map': {
      // Worked out now, not while printing: the file's imports are taken before it is printed.
      const values = typeOf(node.values, use);
      return (w) => {
        w.write('{ [key: string]: ');
        values(w);
        w.write(' }');
      };
    }
    case 'object': {
      const members = node.properties.map((p) => {
        const m: MemberSpec = { name: p.name, optional: !p.required, type: typeOf(p.type, use) };
        const doc = propertyDoc(p);
        if (doc) m.doc = doc;
        return m;
      });
      // An object with no declared properties is open unless additionalProperties is false.
      if (members.length === 0 && node.additional === true) return text('Record<string, unknown>');
      const index = typeof node.additional === 'object' ? typeOf(node.additional, use) : undefined;
      // Properties whose type does not fit the index signature need it widened.
      const widened =
        index && members.length ? union([index, ...members.map((m) => m.type), text('undefined')]) : index;
      return objectType(members, widened);
    }
    case 'union':
      return union(node.variants.map((v) => typeOf(v, use)));
    case 'intersection':
      // Constraint-only members (`allOf: [{if, then}]`) are `unknown`: they add checks, not type.
      return intersection(
        node.members
          .filter(
            (m) =>
              m.kind !== 'unknown' &&
              !('typeAsserted' in m && m.typeAsserted === false && m.kind !== 'object'),
          )
          .map((m) => typeOf(m, use)),
      );
  }
}
