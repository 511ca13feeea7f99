import type { TypeNode } from '../../ir/schema.ts';

export type JsonSchema = { [key: string]: unknown };

export function toSchema(node: TypeNode, depth = 0): JsonSchema {
  const s = base(node, depth);
  if (node.examples?.length) s.examples = node.examples.slice(0, 3);
  if (node.default !== undefined) s.default = node.default;
  if (node.description && /`[a-z][a-z0-9]*[_-]\.\.\.`/.test(node.description))
    s.description = node.description;
  return node.nullable && node.kind !== 'null' ? { anyOf: [s, { type: 'null' }] } : s;
}

function base(node: TypeNode, depth: number): JsonSchema {
  if (depth > 64) return {};
  const next = (n: TypeNode) => toSchema(n, depth + 1);
  switch (node.kind) {
    case 'string':
      return pick({
        type: node.typeAsserted === false ? undefined : 'string',
        minLength: node.minLength,
        maxLength: node.maxLength,
        pattern: node.pattern,
        format: node.format,
      });
    case 'number':
      return pick({
        type: node.typeAsserted === false ? undefined : node.integer ? 'integer' : 'number',
        minimum: node.minimum,
        maximum: node.maximum,
        exclusiveMinimum: node.exclusiveMinimum,
        exclusiveMaximum: node.exclusiveMaximum,
        multipleOf: node.multipleOf,
      });
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'binary':
      return { type: 'string', format: 'binary' };
    case 'literal':
      return { const: node.value };
    case 'enum':
      return node.open ? { anyOf: [{ enum: node.values }, { type: 'string' }] } : { enum: node.values };
    case 'array':
      return pick({
        type: node.typeAsserted === false ? undefined : 'array',
        items: next(node.items),
        prefixItems: node.prefixItems?.map(next),
        minItems: node.minItems,
        maxItems: node.maxItems,
      });
    case 'object':
      return pick({
        type: node.typeAsserted ? 'object' : undefined,
        properties: Object.fromEntries(node.properties.map((p) => [p.name, next(p.type)])),
        required: [...node.properties.filter((p) => p.required).map((p) => p.name), ...node.extraRequired],
        additionalProperties:
          typeof node.additional === 'boolean'
            ? node.additional
              ? undefined
              : false
            : next(node.additional),
        minProperties: node.minProperties,
      });
    case 'map':
      return pick({
        type: 'object',
        additionalProperties: next(node.values),
        minProperties: node.minProperties,
      });
    case 'union':
      return pick({
        [node.mode]: node.variants.map(next),
        discriminator: node.discriminator ? { propertyName: node.discriminator.property } : undefined,
      });
    case 'intersection':
      return { allOf: node.members.map(next) };
    case 'ref':
      return { $ref: `#/s/${node.target}` };
    case 'unknown':
      return {};
    case 'never':
      return { not: {} };
  }
}

function pick(o: Record<string, unknown>): JsonSchema {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (Array.isArray(v) && v.length === 0 && k === 'required') continue;
    out[k] = v;
  }
  return out;
}
