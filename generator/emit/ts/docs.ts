import type { Property, TypeNode } from '../../ir/schema.ts';

export function limitsOf(node: TypeNode): string[] {
  const out: string[] = [];
  const add = (tag: string, value: unknown) =>
    value !== undefined && out.push(`@${tag} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  switch (node.kind) {
    case 'string':
      add('minLength', node.minLength);
      add('maxLength', node.maxLength);
      add('pattern', node.pattern);
      add('format', node.format);
      break;
    case 'number':
      add('minimum', node.minimum);
      add('maximum', node.maximum);
      add('exclusiveMinimum', node.exclusiveMinimum);
      add('exclusiveMaximum', node.exclusiveMaximum);
      add('multipleOf', node.multipleOf);
      break;
    case 'array':
      add('minItems', node.minItems);
      add('maxItems', node.maxItems);
      break;
    case 'map':
    case 'object':
      add('minProperties', node.minProperties);
      add('maxProperties', node.maxProperties);
      if (node.propertyNames?.maxLength !== undefined)
        out.push(`@keyMaxLength ${node.propertyNames.maxLength}`);
      break;
    default:
      break;
  }
  if (node.kind === 'map' || node.kind === 'array') {
    const inner = node.kind === 'map' ? node.values : node.items;
    if (inner.kind === 'string' || inner.kind === 'number')
      for (const l of limitsOf(inner))
        out.push(l.replace(/^@(\w+)/, node.kind === 'map' ? '@value.$1' : '@item.$1'));
  }
  if (node.default !== undefined) add('default', node.default);
  return out;
}

export function docText(
  node: TypeNode,
  description = node.description,
  notShown = node.notShown,
): string | undefined {
  const lines: string[] = [];
  if (description) lines.push(description);
  for (const n of notShown ?? []) lines.push(`Not documented: ${n}`);
  const limits = limitsOf(node);
  if (limits.length) {
    if (lines.length) lines.push('');
    lines.push(...limits);
  }
  if (node.deprecated) lines.push('@deprecated');
  return lines.length ? lines.join('\n') : undefined;
}

export function propertyDoc(p: Property): string | undefined {
  return docText(p.type, p.description ?? p.type.description, p.notShown ?? p.type.notShown);
}
