/**
 * Whether a value satisfies a schema of a spec, checked by ajv (with ajv-formats) on the schema where it stands in
 * the document, so its local `$ref`s resolve. The value maker uses it to pick values that are valid and not
 * ambiguous: a `oneOf` branch whose value no other branch also accepts, an `enum` member the rest of its schema
 * admits. `undefined` when ajv cannot compile the schema (an OpenAPI 3.0 keyword it reads otherwise): no verdict.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Node = Record<string, unknown>;

const checkers = new WeakMap<object, SchemaCheck>();

/** The one checker of `doc` (its pointers are walked once). */
export function schemaCheck(doc: object): SchemaCheck {
  let c = checkers.get(doc);
  if (!c) checkers.set(doc, (c = new SchemaCheck(doc)));
  return c;
}

/** A value as a server may read it: a parameter's text `1` is both the string and the integer. */
export function readings(value: unknown): unknown[] {
  if (typeof value === 'number' || typeof value === 'boolean') return [value, String(value)];
  if (typeof value === 'string') {
    if (/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(value)) return [value, Number(value)];
    if (value === 'true' || value === 'false') return [value, value === 'true'];
  }
  return [value];
}

export class SchemaCheck {
  private readonly ajv: Ajv;
  private readonly pointers = new WeakMap<object, string>();
  private readonly compiled = new WeakMap<object, ValidateFunction | null>();

  constructor(doc: object) {
    this.ajv = new Ajv({ strict: false, validateSchema: false, allErrors: false, logger: false });
    (addFormats as unknown as (a: Ajv) => void)(this.ajv);
    // `$id`s in example data (Box's) would be read as schema ids, and clash: the copy ajv reads has none.
    this.ajv.addSchema(
      JSON.parse(JSON.stringify(doc), (k, v: unknown) => (k === '$id' ? undefined : v)) as Node,
      'doc',
    );
    const stack: [unknown, string][] = [[doc, '']];
    while (stack.length) {
      const [node, pointer] = stack.pop()!;
      if (!node || typeof node !== 'object' || this.pointers.has(node)) continue;
      this.pointers.set(node, pointer);
      for (const [k, v] of Object.entries(node))
        stack.push([v, `${pointer}/${encodeURIComponent(k.replace(/~/g, '~0').replace(/\//g, '~1'))}`]);
    }
  }

  /** Whether `value` satisfies `schema` (a node of the document, or a schema with no `$ref` of its own). */
  matches(schema: unknown, value: unknown): boolean | undefined {
    if (!schema || typeof schema !== 'object') return true;
    let validate = this.compiled.get(schema);
    if (validate === undefined) {
      const pointer = this.pointers.get(schema);
      try {
        validate =
          pointer !== undefined
            ? (this.ajv.getSchema(`doc#${pointer}`) ?? null)
            : this.ajv.compile(schema as Node);
      } catch {
        validate = null;
      }
      this.compiled.set(schema, validate);
    }
    return validate ? validate(value) : undefined;
  }
}
