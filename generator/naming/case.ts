/** Casing helpers. Only the naming pass and the resolver call these; emitters read decided names. */

const RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'as',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'any',
  'boolean',
  'number',
  'string',
  'symbol',
  'unknown',
  'never',
  'object',
  'undefined',
  'await',
  'type',
]);

/** Splits `vector_stores`, `vectorStores`, `image_edit.partial_image`, `X-Client-Request-Id` into words. */
export function words(input: string): string[] {
  return input
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

const cap = (w: string): string => (w ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w);

export function pascalCase(input: string): string {
  const out = words(input).map(cap).join('');
  return /^[0-9]/.test(out) ? `_${out}` : out;
}

export function camelCase(input: string): string {
  const p = pascalCase(input);
  return p ? p[0]!.toLowerCase() + p.slice(1) : p;
}

export function constantCase(input: string): string {
  return words(input)
    .map((w) => w.toUpperCase())
    .join('_');
}

export function kebabCase(input: string): string {
  return words(input)
    .map((w) => w.toLowerCase())
    .join('-');
}

/** A safe identifier: `delete` → `delete_`; used for variables, never for properties. */
export function safeIdentifier(name: string): string {
  return RESERVED.has(name) ? `${name}_` : name;
}

/** Keeps an existing PascalCase component name (`ImagesResponse`) and normalises others (`image_edit` → `ImageEdit`). */
export function typeNameOf(component: string): string {
  return /^[A-Z][A-Za-z0-9]*$/.test(component) ? component : pascalCase(component);
}

/** Words of an API's title that name no API in particular ("The Acme REST API v2" is Acme's): names made from a title leave them out. */
export const GENERIC_TITLE_WORDS: readonly string[] = [
  'api',
  'apis',
  'the',
  'rest',
  'http',
  'openapi',
  'service',
  'services',
  'spec',
  'specification',
  'v1',
  'v2',
  'v3',
];
