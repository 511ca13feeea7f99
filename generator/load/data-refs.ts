/**
 * `$ref` inside JSON data (`enum: [{$ref: x}]`, `const`, `default`, `example`) is a value, not a reference. The
 * bundler follows every `$ref` it meets, so such keys are masked before bundling and restored after.
 */

/** Keys whose value is JSON data in a Schema Object. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'example']);
/** Keys whose members are names (a property called `enum`, the `default` response), never keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'responses',
  'schemas',
  'parameters',
  'examples',
  'headers',
  'content',
  'callbacks',
  'paths',
  'links',
  'encoding',
  'securitySchemes',
  'requestBodies',
  'variables',
  'mapping',
  'pathItems',
  'webhooks',
]);
const MASK = '$ref\u0000data';

/** Whether the member `key` of an object found under `parentKey` holds JSON data. */
export function isDataKey(key: string, parentKey: string | undefined, value: unknown): boolean {
  if (parentKey !== undefined && NAME_MAPS.has(parentKey)) return false;
  // A Schema Object's `examples` is a list of values; elsewhere it maps names to Example Objects.
  return DATA_KEYS.has(key) || (key === 'examples' && Array.isArray(value));
}

function rename(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rename(v, from, to));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k === from ? to : k] = rename(v, from, to);
  return out;
}

/** Renames `$ref` keys inside data positions so the bundler leaves them alone (in place, on a private copy). */
export function maskDataRefs(value: unknown, parentKey?: string): void {
  if (Array.isArray(value)) return value.forEach((v) => maskDataRefs(v, parentKey));
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(node)) {
    if (isDataKey(k, parentKey, v)) node[k] = rename(v, '$ref', MASK);
    else maskDataRefs(v, k);
  }
}

/** Restores what `maskDataRefs` renamed. */
export function unmaskDataRefs(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(unmaskDataRefs);
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(node)) {
    if (k.includes('\u0000')) {
      // Keys keep their order: rebuild the object around the restored key.
      const entries = Object.entries(node).map(([key, val]) => [key === MASK ? '$ref' : key, val] as const);
      for (const key of Object.keys(node)) delete node[key];
      for (const [key, val] of entries) node[key] = val;
      Object.values(node).forEach(unmaskDataRefs);
      return;
    }
    unmaskDataRefs(v);
  }
}
