/**
 * The `format` values the model knows. The generated validators assert the checked ones (JSON Schema 2020-12's
 * formats with a grammar, and OpenAPI's `byte`); the others are annotations the types and docs use. Any other
 * format is unknown: the parser warns and the validators ignore it.
 */
export const CHECKED_FORMATS = [
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'uuid',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'byte',
] as const;

/** OpenAPI's formats that only describe a value (its width, its encoding, how a form shows it). */
export const ANNOTATION_FORMATS = ['int32', 'int64', 'float', 'double', 'binary', 'password'] as const;
