/** Strings: their keywords, the pattern's flags and ReDoS safety, and file parts (`format: binary`, a media type). */
import type { NodeBase, StringConstraints, TypeNode } from '../../ir/schema.ts';
import { joinPointer } from '../../diagnostics.ts';
import type { Json, ParseContext } from '../context.ts';
import { patternSafety } from '../pattern-safety.ts';

export function stringConstraints(schema: Json): StringConstraints {
  const c: StringConstraints = {};
  if (typeof schema.minLength === 'number') c.minLength = schema.minLength;
  if (typeof schema.maxLength === 'number') c.maxLength = schema.maxLength;
  if (typeof schema.pattern === 'string') c.pattern = schema.pattern;
  if (typeof schema.format === 'string') c.format = schema.format;
  if (typeof schema.contentMediaType === 'string') c.contentMediaType = schema.contentMediaType;
  if (typeof schema.contentEncoding === 'string') c.contentEncoding = schema.contentEncoding;
  return c;
}

/** Decides the flags of a pattern and whether the ReDoS guard lets it through (`c` is updated). */
export function checkPattern(ctx: ParseContext, c: StringConstraints, at: string): void {
  const pattern = c.pattern!;
  if (!compiles(pattern, 'u')) {
    if (!compiles(pattern, '')) {
      ctx.diagnostics.report(
        'invalid-pattern',
        `pattern is not a valid regular expression: ${pattern}`,
        ctx.locate(at),
        'the pattern is not checked',
      );
      delete c.pattern;
      return;
    }
    // Valid ECMA-262 without the unicode flag (`\-` or `[\w-.]`, common in published specs).
    c.patternFlags = '';
  }
  const safety = patternSafety(pattern, c.patternFlags !== '');
  if (safety.kind === 'native') return;
  ctx.diagnostics.report(
    'unsafe-pattern',
    `pattern ${JSON.stringify(pattern)} ${safety.reason}`,
    ctx.locate(at),
    safety.kind === 'linear' ? 'checked by the linear-time matcher' : 'the pattern is not checked',
  );
  if (safety.kind === 'linear') c.patternLinear = true;
  else delete c.pattern;
}

export function parseString(ctx: ParseContext, schema: Json, b: NodeBase): TypeNode {
  const c = stringConstraints(schema);
  if (c.pattern !== undefined) checkPattern(ctx, c, joinPointer(b.pointer, 'pattern'));
  const isFile =
    c.format === 'binary' ||
    (c.contentMediaType !== undefined &&
      c.contentEncoding === undefined &&
      !/json|text/.test(c.contentMediaType));
  if (isFile)
    return c.contentMediaType
      ? { ...b, kind: 'binary', contentMediaType: c.contentMediaType }
      : { ...b, kind: 'binary' };
  return { ...b, kind: 'string', ...c };
}

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}
