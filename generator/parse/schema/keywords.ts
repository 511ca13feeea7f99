/** The JSON Schema keywords the schema parser knows, by what it does with them. */

import { ANNOTATION_FORMATS, CHECKED_FORMATS } from '../../ir/formats.ts';

/** Keywords the generator understands. Anything else (except `x-`) is reported as unsupported. */
export const SUPPORTED = new Set([
  '$ref',
  'type',
  'nullable',
  'const',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'discriminator',
  'contentMediaType',
  'contentEncoding',
  'default',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependencies',
]);
/** Annotations: kept where useful, never changing the type. */
export const ANNOTATIONS = new Set([
  'title',
  'description',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'externalDocs',
  'xml',
  '$comment',
  '$schema',
  '$id',
  'summary',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$defs',
  'definitions',
  'contentSchema',
]);
/** JSON Schema keywords the generator does not check: read as annotations (the schema stays as wide), with a warning. */
export const UNCHECKED = new Set(['$vocabulary']);
/** Keywords the applicators (./applicators.ts) read beside a schema's shape. */
export const APPLICATOR_KEYS = [
  'not',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
];
/** Misspellings of keywords ("did you mean"): nearest keyword, or these common aliases. */
export const ALIASES: Record<string, string> = {
  optional: 'required (list the other properties)',
  nullable: 'nullable',
  min_items: 'minItems',
  max_items: 'maxItems',
};

/** Dialects whose vocabularies are the ones the generator implements. */
export const STANDARD_DIALECTS = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'https://spec.openapis.org/oas/3.1/dialect/base',
  'http://json-schema.org/draft-04/schema',
  'https://spec.openapis.org/oas/3.1/dialect/2024-10-25',
  'https://spec.openapis.org/oas/3.1/dialect/2024-11-10',
]);

/** JSON Schema 2020-12's formats and OpenAPI's; any other format is an annotation, with a warning. */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set([...CHECKED_FORMATS, ...ANNOTATION_FORMATS]);

/** The keywords of each JSON type, for schemas without `type`. */
export const KIND_KEYWORDS: [string, string[]][] = [
  [
    'object',
    [
      'properties',
      'additionalProperties',
      'required',
      'propertyNames',
      'minProperties',
      'maxProperties',
      'x-rules',
      'patternProperties',
    ],
  ],
  ['array', ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains']],
  ['string', ['minLength', 'maxLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

/** A reference to a named schema; group 1 is its component name as a pointer token. */
export const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;
