/**
 * Names a generated type may not take, because a generated file that imports it also uses the global or runtime
 * name of the same spelling (`Error`, `Promise`, `Record`; the client core's `Stream`, `Page`…): an import would shadow
 * it. A schema named so is emitted as `<Name>Model` (`Error` → `ErrorModel`).
 */

/** ECMAScript globals, TypeScript's utility types, and the web globals the generated code and runtime use. */
const GLOBALS = [
  'Array', 'ArrayBuffer', 'ArrayLike', 'AsyncGenerator', 'AsyncIterable', 'AsyncIterableIterator', 'AsyncIterator', 'Awaited',
  'BigInt', 'Boolean', 'DataView', 'Date', 'Error', 'EvalError', 'Function', 'Generator', 'Infinity', 'Intl', 'Iterable',
  'IterableIterator', 'Iterator', 'JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Promise', 'PromiseLike', 'Proxy',
  'RangeError', 'ReferenceError', 'Reflect', 'RegExp', 'Set', 'String', 'Symbol', 'SyntaxError', 'TypeError', 'URIError',
  'WeakMap', 'WeakRef', 'WeakSet', 'Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array',
  'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Uint8ClampedArray', 'ArrayBufferLike', 'SharedArrayBuffer',
  'Partial', 'Required', 'Readonly', 'Record', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'Parameters',
  'ReturnType', 'InstanceType', 'ConstructorParameters', 'ThisType', 'Uppercase', 'Lowercase', 'Capitalize', 'Uncapitalize',
  'AbortController', 'AbortSignal', 'Blob', 'BodyInit', 'FormData', 'Headers', 'HeadersInit', 'ReadableStream', 'Request',
  'RequestInit', 'Response', 'ResponseInit', 'TextDecoder', 'TextEncoder', 'URL', 'URLSearchParams', 'WritableStream',
  'TransformStream', 'Buffer', 'Crypto', 'CryptoKey', 'SubtleCrypto', 'console', 'globalThis', 'undefined',
];

/**
 * Names the generated files import from the hand-written runtime (client core, server core) or declare beside the
 * types they import (server/handlers.ts), kept in step with `templates/`.
 */
const RUNTIME = [
  'APIPromise', 'APIResource', 'ApiKeySource', 'ClientBase', 'ClientOptions', 'FieldOf', 'OperationSpec', 'Page',
  'PagePromise', 'RequestOptions', 'Stream', 'WithUploads', 'WebhooksBase', 'Uploadable', 'Awaitable', 'BinaryBody',
  'HandlerExtras', 'HandlerInput', 'Handlers', 'NamedEvent', 'None', 'Reply', 'ValidatedRequest', 'OperationMeta',
  'RouteMatch', 'Routes',
];

export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([...GLOBALS, ...RUNTIME]);
