import type { Operation } from '../ir/operation.ts';
import { quote } from './ts/literal.ts';
import type { Parameter } from '../ir/parameter.ts';
import type { ResponseContent } from '../ir/response.ts';

/** The styles a body field may have (OpenAPI's Encoding Object); others are read as `form`. */
const FIELD_STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);

/** Each location's styles (the first its default) and whether it explodes by default (OpenAPI 3.x). */
const PARAMETER_STYLES: Record<'path' | 'query' | 'header', { styles: string[]; explode: boolean }> = {
  path: { styles: ['simple', 'label', 'matrix'], explode: false },
  query: { styles: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'], explode: true },
  header: { styles: ['simple'], explode: false },
};

/** A path, query or header parameter's style and explode, its location's defaults filled in (OpenAPI 3.x). */
export function effectiveStyle(p: Parameter & { in: 'path' | 'query' | 'header' }): {
  style: string;
  explode: boolean;
} {
  const rules = PARAMETER_STYLES[p.in];
  const style = p.style && rules.styles.includes(p.style) ? p.style : rules.styles[0]!;
  // A style's own default: `form` explodes, every other does not.
  return { style, explode: p.explode ?? style === 'form' };
}

/** The parameters serialized other than by their location's default, by location and wire name. */
export function parameterStyles(op: Operation): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    const rules = PARAMETER_STYLES[p.in];
    const { style, explode } = effectiveStyle(p as Parameter & { in: 'path' | 'query' | 'header' });
    const enc: Record<string, unknown> = {};
    if (style !== rules.styles[0]) enc.style = style;
    if (explode !== rules.explode) enc.explode = explode;
    if (p.in === 'query' && p.allowReserved) enc.allowReserved = true;
    if (Object.keys(enc).length) (out[p.in] ??= {})[p.name] = enc;
  }
  return out;
}

export function queryParams(op: Operation): Parameter[] {
  return op.parameters.filter((p) => p.in === 'query');
}

/** The success contents the table lists: one per kind and condition, in the spec's order. */
export function responseContents(op: Operation): ResponseContent[] {
  const contents = op.success?.contents ?? [];
  const seen = new Set<string>();
  return contents.filter((c) => {
    const key = `${c.kind} ${c.when ? c.when.pointer : ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The success status as a number: a range (`2XX`) is its first code; no success response reads as 200. */
export function successStatus(op: Operation): number {
  return op.success ? Number(op.success.status.replace(/XX$/, '00')) : 200;
}

/** The plain data of one entry of `protocol/operations.ts`. */
export function operationFacts(op: Operation): Record<string, unknown> {
  const facts: Record<string, unknown> = {
    id: op.operationId,
    method: op.method.toUpperCase(),
    path: op.wirePath,
  };
  if (op.candidates) facts.candidates = op.candidates;
  if (op.routedVia !== undefined) facts.routedVia = op.routedVia;
  const query = queryParams(op);
  const hasBody = op.bodyMode !== undefined;
  if (hasBody && query.length) {
    facts.params = 'both';
    facts.queryKeys = query.map((p) => p.name);
  } else if (hasBody) facts.params = 'body';
  else if (query.length) facts.params = 'query';
  const styles = parameterStyles(op);
  if (Object.keys(styles).length) facts.styles = styles;
  const body = op.requestBody;
  if (body?.contents.length) {
    const encoding: Record<string, Record<string, unknown>> = {};
    for (const c of body.contents) {
      for (const [field, e] of Object.entries(c.encoding ?? {})) {
        encoding[field] = {
          ...(e.contentType ? { contentType: e.contentType } : {}),
          ...(e.style && FIELD_STYLES.has(e.style) && e.style !== 'form' ? { style: e.style } : {}),
          ...(e.explode !== undefined ? { explode: e.explode } : {}),
        };
      }
    }
    facts.requestBody = {
      required: body.required,
      mediaTypes: Object.fromEntries(body.contents.map((c) => [c.mediaType, c.kind])),
      ...(Object.keys(encoding).length ? { encoding } : {}),
    };
  }
  if (op.security.length === 0) facts.auth = false;
  if (op.credential) facts.credential = op.credential;
  if (op.securityAlternatives) facts.security = op.securityAlternatives;
  facts.status = successStatus(op);
  const contents = responseContents(op);
  facts.responses = contents.length
    ? contents.map((c) => ({
        kind: c.kind,
        mediaType: c.mediaType,
        ...(c.selector ? { when: Object.fromEntries(c.selector.map((w) => [w.field, w.values])) } : {}),
        ...(c.sse ? { framing: c.sse.framing } : {}),
        ...(c.sse?.terminator !== undefined ? { terminator: c.sse.terminator } : {}),
        ...(c.sse?.framing === 'named' && c.sse.events.length
          ? { events: c.sse.events.map((e) => e.name) }
          : {}),
      }))
    : [{ kind: 'empty' }];
  if (op.paging) facts.paging = op.paging;
  return facts;
}

/**
 * The body's type as a request gives it: the body type with its required `readOnly` fields optional
 * (`Operation.readOnlyFields`), else the body type as it is.
 */
export function requestBodyType(op: Operation, body: string): string {
  const fields = op.readOnlyFields;
  if (!fields?.length) return body;
  const names = fields.map(quote).join(' | ');
  return `Omit<${body}, ${names}> & Partial<Pick<${body}, ${names}>>`;
}
