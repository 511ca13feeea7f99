import type { EnumNode, LiteralNode } from '../../ir/schema.ts';
import type { DiffContext, Scope } from '../context.ts';

type Value = string | number | boolean | null;

function valuesOf(node: EnumNode | LiteralNode): { values: Value[]; open: boolean } {
  return node.kind === 'enum'
    ? { values: node.values, open: node.open }
    : { values: [node.value], open: false };
}

const show = (v: Value): string => `\`${String(v)}\``;

export function diffEnumValues(
  ctx: DiffContext,
  scope: Scope,
  location: string,
  a: EnumNode | LiteralNode,
  b: EnumNode | LiteralNode,
): void {
  const before = valuesOf(a);
  const after = valuesOf(b);
  const added = after.values.filter((v) => !before.values.includes(v));
  const removed = before.values.filter((v) => !after.values.includes(v));
  const open = before.open && after.open;
  const noun = a.kind === 'literal' && b.kind === 'literal' ? 'constant' : 'enum value';
  if (a.kind === 'literal' && b.kind === 'literal') {
    // A constant that changed is neither a widening nor a narrowing: old values are rejected, new ones unknown.
    if (added.length)
      ctx.judge(
        scope,
        { request: 'narrowed-request', response: 'removed-enum-value-response' },
        location,
        `constant ${show(a.value)} → ${show(b.value)}`,
        a.value,
        b.value,
      );
    return;
  }
  for (const v of removed)
    ctx.judge(
      scope,
      open
        ? { request: 'open-enum-value', response: 'open-enum-value' }
        : {
            request: after.open ? 'loosened-request' : 'narrowed-request',
            response: 'removed-enum-value-response',
          },
      location,
      `${noun} ${show(v)} removed`,
      v,
      null,
    );
  // An open enum accepts any string before and after: its known values change neither side.
  for (const v of added)
    ctx.judge(
      scope,
      open
        ? { request: 'open-enum-value', response: 'open-enum-value' }
        : { request: 'loosened-request', response: 'new-enum-value-response' },
      location,
      `${noun} ${show(v)} added`,
      null,
      v,
    );
  if (before.open && !after.open)
    ctx.judge(
      scope,
      { request: 'narrowed-request', response: 'narrowed-response' },
      location,
      'enum closed: only the listed values are accepted',
    );
  if (!before.open && after.open)
    ctx.judge(
      scope,
      { request: 'loosened-request', response: 'widened-response' },
      location,
      'enum opened: any string is accepted besides the listed values',
    );
}
