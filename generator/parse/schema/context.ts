/**
 * What every converter of the schema parser is given: the parse context, the recursion (`parse` for a subschema,
 * `shape` for a schema rewritten in place), and the state of the one parse in progress. Converters are standalone
 * functions of `(schema, base, pointer, p)`; they reach each other only through the rule table (./rules.ts) and
 * these two entries, so no converter module imports the parser.
 */
import type { NodeBase, TypeNode } from '../../ir/schema.ts';
import type { Json, ParseContext } from '../context.ts';
import type { DynamicRefs } from './dynamic-ref.ts';

export interface SchemaParse {
  readonly ctx: ParseContext;
  /** The area of what is being parsed, for the `x-not-shown` entries met. */
  readonly area: () => string;
  /** A (sub)schema → its node: keyword check, shape, then the applicators beside it. */
  readonly parse: (raw: unknown, pointer: string) => TypeNode;
  /** A schema object's shape alone (a schema rewritten in place: `$ref` siblings, `allOf` siblings, one type of several). */
  readonly shape: (schema: Json, pointer: string) => TypeNode;
  /** Non-component refs being inlined, to detect recursion the model cannot name. */
  readonly inlining: Set<string>;
  /** Pointers of `allOf` parts (and of the schema holding the `allOf`), whose required names may be a sibling's. */
  readonly allOfParts: Set<string>;
  /** The `$dynamicRef` scope along the path being parsed. */
  readonly dynamic: DynamicRefs;
}

/** One converter: a schema (already known to match its rule), its base fields, its pointer → a node. */
export type Converter = (schema: Json, b: NodeBase, pointer: string, p: SchemaParse) => TypeNode;
