import type { Conditional, CrossFieldRule, TypeNode } from '../../ir/schema.ts';
import { limitsOf } from '../ts/docs.ts';

/** Link target of a named schema: `#anchor` in the same page, `./area.md#anchor` across pages. */
export type SchemaLink = (name: string) => string;

const localLink: SchemaLink = (name) => `#${name.toLowerCase()}`;

/**
 * `enumNames` is the model's `Api.enumNames`; an enum without a name (one that only constrains, in a condition)
 * prints without one.
 */
export function describeType(
  node: TypeNode,
  depth = 0,
  link: SchemaLink = localLink,
  enumNames: ReadonlyMap<string, string> = new Map(),
): string {
  const base = ((): string => {
    switch (node.kind) {
      case 'string':
        return node.format ? `string (${node.format})` : 'string';
      case 'number':
        return node.integer ? 'integer' : 'number';
      case 'literal':
        return JSON.stringify(node.value);
      case 'enum':
        return `${enumNames.get(node.pointer) ?? ''}${node.open ? ' (known values, any string)' : ''}: ${node.values.map((v) => `\`${v}\``).join(', ')}`;
      case 'ref':
        return `[${node.target}](${link(node.target)})`;
      case 'array':
        return `array of ${describeType(node.items, depth + 1, link, enumNames)}`;
      case 'map':
        return `map of ${describeType(node.values, depth + 1, link, enumNames)}`;
      case 'object':
        return depth > 0 || node.properties.length === 0
          ? `object${node.properties.length ? ` {${node.properties.map((p) => p.name + (p.required ? '' : '?')).join(', ')}}` : ''}`
          : 'object';
      case 'union':
        return `${node.variants.map((v) => describeType(v, depth + 1, link, enumNames)).join(' or ')}${node.discriminator ? ` (by \`${node.discriminator.property}\`)` : ''}`;
      case 'intersection': {
        // Members that only carry conditionals (if/then rules, listed apart) say nothing about the shape.
        const shaped = node.members.filter((m) => !(m.kind === 'unknown' && m.conditionals?.length));
        return (shaped.length ? shaped : node.members)
          .map((m) => describeType(m, depth + 1, link, enumNames))
          .join(' and ');
      }
      default:
        return node.kind;
    }
  })();
  return node.nullable ? `${base} or null` : base;
}

export function describeLimits(node: TypeNode): string {
  const out = limitsOf(node).map((l) => l.replace(/^@/, ''));
  // A field that accepts several types keeps the limits of each (`string: maxLength 10; array: maxItems 2048`).
  if (node.kind === 'union') {
    for (const v of node.variants) {
      const limits = describeLimits(v);
      if (limits) out.push(`${variantName(v)}: ${limits}`);
    }
  }
  if (node.kind === 'array' && node.items.kind === 'union') {
    const limits = describeLimits(node.items);
    if (limits) out.push(`each item: ${limits}`);
  }
  return out.join('; ');
}

function variantName(node: TypeNode): string {
  if (node.kind === 'ref') return node.target;
  if (node.kind === 'number') return node.integer ? 'integer' : 'number';
  if (node.kind === 'array') return `array of ${variantName(node.items)}`;
  return node.kind;
}

const OPS: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠' };

export function describeRule(rule: CrossFieldRule): string {
  const when = rule.when ? ` (when ${describeCondition(rule.when)})` : '';
  switch (rule.kind) {
    case 'compare':
      return `\`${rule.field}\` ${OPS[rule.op]} ${rule.scale === 1 ? '' : `${rule.scale} × `}\`${rule.other}\`${when}: ${rule.message}`;
    case 'subset':
      return `\`${rule.field}\` ⊆ \`${rule.of}\`${when}: ${rule.message}`;
    case 'dimensions':
      return `\`${rule.field}\` is WIDTHxHEIGHT${rule.multipleOf ? `, sides multiple of ${rule.multipleOf}` : ''}${rule.minAspect !== undefined ? `, aspect ≥ ${rule.minAspect.toFixed(3)}` : ''}${rule.maxAspect !== undefined ? `, aspect ≤ ${rule.maxAspect}` : ''}${rule.maxWidth ? `, width ≤ ${rule.maxWidth}` : ''}${rule.maxHeight ? `, height ≤ ${rule.maxHeight}` : ''}${rule.maxPixels ? `, pixels ≤ ${rule.maxPixels}` : ''}${when}: ${rule.message}`;
  }
}

/** A compact reading of a condition schema: `model = "dall-e-3"`, `stream = true`. */
export function describeCondition(node: TypeNode): string {
  if (node.kind === 'object') {
    const parts = node.properties.map((p) => `\`${p.name}\` ${describeConstraint(p.type)}`);
    for (const r of node.properties.filter((p) => p.required))
      if (!parts.some((x) => x.startsWith(`\`${r.name}\``))) parts.push(`\`${r.name}\` present`);
    const req = node.extraRequired.map((r) => `\`${r}\` present`);
    return [...parts, ...req].join(' and ') || 'always';
  }
  if (node.not?.length) return `not (${node.not.map(describeCondition).join(', ')})`;
  return describeConstraint(node);
}

function describeConstraint(node: TypeNode): string {
  if (node.kind === 'literal') return `= ${JSON.stringify(node.value)}`;
  if (node.kind === 'enum') return `in ${node.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (node.kind === 'string' && node.pattern) return `matches /${node.pattern}/`;
  if (node.kind === 'never') return 'absent';
  if (node.not?.length) return `not ${node.not.map(describeConstraint).join(', ')}`;
  const limits = describeLimits(node);
  return limits ? `(${limits})` : `is ${describeType(node, 1)}`;
}

export function describeConditional(c: Conditional): string {
  const then = c.then ? describeCondition(c.then) : undefined;
  const otherwise = c.else ? describeCondition(c.else) : undefined;
  return `if ${describeCondition(c.if)}${then ? ` then ${then}` : ''}${otherwise ? ` else ${otherwise}` : ''}`;
}
