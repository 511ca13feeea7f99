/** The values every family of the model uses: pointers into the document and JSON values as the spec writes them. */

/** A JSON pointer into the bundled document, e.g. `#/components/schemas/Video`. Used in messages and docs. */
export type Pointer = string;

/** A JSON value as the spec writes it (defaults, examples, `const` values), object keys in the spec's order. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON value that is not an object or array. */
export type Scalar = string | number | boolean | null;
