/**
 * The pool of shared helpers (validators/shared.ts), one per distinct sub-schema, and their names after what they
 * check, not a number: a plain scalar by its type
 * (`checkString`, `isNullableInteger`, `checkConst24h`, `checkBlob`), a list, map or union of named schemas by them
 * (`checkArrayOfBatchError`, `isVideoOrVideoDeleted`), anything else by the first place its schema is written in
 * the spec (`checkBatchCreateRequestMetadata`, `isCreateImageEditBodyImage`). A name met twice gets a number.
 * These are local function names of the generated validators, not identifiers of the API: the helper pool decides
 * them as it meets the schemas.
 */
import type { TypeNode } from '../../ir/schema.ts';
import type { Name } from './code/index.ts';
import type { Mode } from './context.ts';
import { hasApplicators, plainRef, structuralKey } from './structure.ts';

/** Longest run of words a name is made of: a deep place keeps its first word (the schema) and its last ones. */
const MAX_WORDS = 6;

/** `include[]` → `Include`, `x-client-request-id` → `XClientRequestId`, `application/json` → `ApplicationJson`. */
function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** The words of a plain scalar, list, map or union of named schemas; undefined for anything else. */
function shapeWords(node: TypeNode): string | undefined {
  if (hasApplicators(node)) return undefined;
  const nullable = node.nullable && node.kind !== 'null' ? 'Nullable' : '';
  switch (node.kind) {
    case 'string':
      return node.minLength === undefined &&
        node.maxLength === undefined &&
        node.pattern === undefined &&
        node.format === undefined &&
        node.typeAsserted !== false
        ? `${nullable}String`
        : undefined;
    case 'number':
      return node.minimum === undefined &&
        node.maximum === undefined &&
        node.exclusiveMinimum === undefined &&
        node.exclusiveMaximum === undefined &&
        node.multipleOf === undefined &&
        node.typeAsserted !== false
        ? `${nullable}${node.integer ? 'Integer' : 'Number'}`
        : undefined;
    case 'boolean':
      return `${nullable}Boolean`;
    case 'null':
      return 'Null';
    case 'binary':
      return `${nullable}Blob`;
    case 'literal': {
      const value = pascal(String(node.value).replace(/-/g, ' minus '));
      return value && value.length <= 24 ? `${nullable}Const${value}` : undefined;
    }
    case 'array':
      return plainRef(node.items) &&
        node.minItems === undefined &&
        node.maxItems === undefined &&
        !node.uniqueItems &&
        !node.prefixItems &&
        !node.contains &&
        node.typeAsserted !== false
        ? `${nullable}ArrayOf${pascal(node.items.target)}`
        : undefined;
    case 'map':
      return plainRef(node.values) &&
        node.minProperties === undefined &&
        node.maxProperties === undefined &&
        !node.propertyNames &&
        !node.propertyNamesType
        ? `${nullable}MapOf${pascal(node.values.target)}`
        : undefined;
    case 'union':
      return !node.discriminator && node.variants.length <= 3 && node.variants.every(plainRef)
        ? `${nullable}${node.variants.map((v) => pascal(v.target)).join('Or')}`
        : undefined;
    default:
      return undefined;
  }
}

/** What a pointer's tokens after a keyword stand for in a name (`items` → `Item`); undefined: the token is dropped. */
const KEYWORD_WORDS: Readonly<Record<string, string | undefined>> = {
  items: 'Item',
  additionalProperties: 'Value',
  propertyNames: 'Key',
  contains: 'Contained',
  not: 'Not',
  if: 'If',
  then: 'Then',
  else: 'Else',
  unevaluatedProperties: 'Unevaluated',
  unevaluatedItems: 'UnevaluatedItem',
  requestBody: 'Body',
  schema: undefined,
  content: undefined,
};

/**
 * The words of the place a schema is written, after the name the model already gives the schema or operation it is
 * in (`places`: `#/components/schemas/Batch` → `Batch`, `#/paths/~1batches/post` → `CreateBatch`):
 * `#/components/schemas/Batch/properties/errors/items` → `BatchErrorsItem`.
 */
function placeWords(pointer: string, places: ReadonlyMap<string, string>): string {
  const tokens = pointer.replace(/^#\/?/, '').split('/');
  let start = 0;
  const words: string[] = [];
  for (let i = tokens.length; i > 0; i--) {
    const named = places.get(`#/${tokens.slice(0, i).join('/')}`);
    if (named !== undefined) {
      // At the schema's own place, the helper checks a part of it (an `allOf` member, the object beside an `if`).
      words.push(i === tokens.length ? `${named}Part` : named);
      start = i;
      break;
    }
  }
  const rest = tokens.slice(start).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    const next = rest[i + 1] ?? '';
    if (t === 'properties' || t === '$defs' || t === 'definitions' || t === 'dependentSchemas') {
      words.push(pascal(next));
      i++;
    } else if (t === 'content') i++;
    else if (t in INDEXED) {
      words.push(`${INDEXED[t]}${pascal(next)}`);
      i++;
    } else if (Object.hasOwn(KEYWORD_WORDS, t)) {
      const word = KEYWORD_WORDS[t];
      if (word) words.push(word);
    } else words.push(pascal(t));
  }
  const kept = words.filter(Boolean);
  const short = kept.length > MAX_WORDS ? [kept[0]!, ...kept.slice(-(MAX_WORDS - 1))] : kept;
  return short.join('') || 'Value';
}

/** Keywords whose next token is an index or a key, and the word that goes before it (`oneOf/1` → `Variant1`). */
const INDEXED: Readonly<Record<string, string>> = {
  allOf: 'Part',
  anyOf: 'Variant',
  oneOf: 'Variant',
  prefixItems: 'Item',
  enum: 'Value',
  patternProperties: 'Pattern',
  responses: 'Response',
  parameters: 'Param',
  'x-rules': 'Rule',
};

/** The words a helper of `node` is named by (`String`, `BatchErrorsItem`), before `is`, `check` or `ev`. */
export function helperWords(node: TypeNode, places: ReadonlyMap<string, string>): string {
  return shapeWords(node) ?? placeWords(node.pointer, places);
}

/**
 * Hoisted helpers (`isString`, `checkBatchErrorsItem`, `evVideoVariant1`) by the structure of their node: one per
 * distinct sub-schema, named after what it checks (helper-names.ts), and numbered only when that name is taken.
 */
export class HelperPool {
  readonly names = new Map<string, { words: string; is?: Name; check?: Name; ev?: Name }>();
  readonly pending: { node: TypeNode; mode: Mode | 'ev'; name: Name; fixed: boolean }[] = [];
  /** Every name a helper may not take: the other functions of the validators, and those given so far. */
  private readonly taken: Set<string>;

  /**
   * `places`: the name the model gives a schema or an operation, by its pointer, for the words of a helper written
   * inside it; `taken`: the functions a helper is imported beside (named schemas', requests', the runtime's);
   * `onePlace`: the structures written at one place only, with it (one-place.ts).
   */
  constructor(
    private readonly places: ReadonlyMap<string, string> = new Map(),
    taken: Iterable<string> = [],
    private readonly onePlace: ReadonlyMap<string, string> = new Map(),
  ) {
    this.taken = new Set(taken);
  }

  /**
   * Where the helpers of `node` are kept (`key`), and whether its `check` helper knows its one place (`fixed`: it
   * takes no `s`). A copy at another place (a node the compiler made, not the document) gets a helper of its own.
   */
  slot(node: TypeNode, mode: Mode | 'ev'): { key: string; fixed: boolean } {
    const key = structuralKey(node);
    if (mode !== 'check') return { key, fixed: false };
    const place = this.onePlace.get(key);
    if (place === undefined) return { key, fixed: false };
    return place === node.pointer ? { key, fixed: true } : { key: `${key}\u0000elsewhere`, fixed: false };
  }

  /** The words of the helpers of `node`, free under each of the three prefixes. */
  wordsFor(node: TypeNode): string {
    const base = helperWords(node, this.places);
    let words = base;
    for (let n = 2; MODES.some((m) => this.taken.has(`${m}${words}`)); n++) words = `${base}${n}`;
    for (const m of MODES) this.taken.add(`${m}${words}`);
    return words;
  }
}

const MODES = ['is', 'check', 'ev'] as const;
