/**
 * The body part of `validate<Op>Request`: the media type sent against the operation's (`media_type`), the body
 * required or not, form and multipart fields coerced from text, the schema's checks, unknown top-level fields
 * refused where `validators.unknownRequestFields` says so, and the schema's defaults applied.
 */
import type { Api } from '../../ir/api.ts';
import type { RequestBodyContent } from '../../ir/body.ts';
import type { Operation } from '../../ir/operation.ts';
import type { NamedSchema, TypeNode } from '../../ir/schema.ts';
import { propertiesOf, resolveNode } from '../../ir/queries.ts';
import { _, join, Name, type Writer } from './code/index.ts';
import { rootPath, structuralKey, type Compiler } from './compile.ts';
import { specPointer } from './path.ts';

const BODY = new Name('body');
/** Field kinds a multipart part carries as they are (no nested fields in bracket notation). */
const FLAT = new Set<TypeNode['kind']>(['string', 'number', 'boolean', 'null', 'binary', 'literal', 'enum']);

/** A field of one text or file part: a flat kind, or a union of them (`nullable` included). */
function isFlat(api: Api, schemas: Map<string, NamedSchema>, node: TypeNode): boolean {
  const n = resolveNode(api, node, schemas);
  return n.kind === 'union'
    ? n.variants.every((v) => FLAT.has(resolveNode(api, v, schemas).kind))
    : FLAT.has(n.kind);
}

export function writeBody(
  w: Writer,
  api: Api,
  schemas: Map<string, NamedSchema>,
  op: Operation,
  compiler: Compiler,
): void {
  const contents = op.requestBody!.contents;
  // No media type given (the common case in-process): the first one, normalised here rather than at every call, and
  // a constant the tests below fold away.
  const first = contents[0]!.mediaType.split(';')[0]!.trim().toLowerCase();
  w.line(
    _`const mt = input.mediaType === undefined ? ${first} : ${compiler.rt('mediaTypeOf')}(input.mediaType);`,
  );
  const at = specPointer(contents[0]!.type.pointer);
  w.block(_`if (body === undefined)`, () => {
    if (op.requestBody!.required)
      w.line(_`c.add('/body', 'required', 'the request body is required', ${`${at}/required`});`);
  });
  // Media types whose bodies have the same schema (JSON and multipart of one shape) share one branch.
  const groups = new Map<string, RequestBodyContent[]>();
  for (const content of contents)
    groups.set(structuralKey(content.type), [...(groups.get(structuralKey(content.type)) ?? []), content]);
  for (const group of groups.values()) {
    w.block(
      _`else if (${join(
        group.map((c) => _`mt === ${c.mediaType.toLowerCase()}`),
        _` || `,
      )})`,
      () => writeContent(w, api, schemas, group, compiler),
    );
  }
  const accepted = contents.map((c) => c.mediaType).join(' or ');
  w.else(() =>
    w.line(_`c.add('/body', 'media_type', ${`must be sent as ${accepted}`}, ${`${at}/content`});`),
  );
}

/** The checks of a body sent as any of `group`'s media types (one schema); form fields are coerced first. */
function writeContent(
  w: Writer,
  api: Api,
  schemas: Map<string, NamedSchema>,
  group: RequestBodyContent[],
  compiler: Compiler,
): void {
  const content = group[0]!;
  const top = resolveNode(api, content.type, schemas);
  // A body that is not JSON or a form is its content itself (OpenAPI, "binary data"): `type: string` over bytes
  // (Cloudflare's octet-stream datasets) and `format: binary` over text (its ndjson vectors) both describe what came.
  if (
    group.every((c) => c.kind === 'binary')
      ? top.kind === 'string'
      : group.every((c) => c.kind === 'text') && top.kind === 'binary'
  )
    return;
  for (const form of group.filter((c) => c.kind === 'multipart' || c.kind === 'form')) {
    const table = formTable(api, schemas, top);
    // Nested fields may come in bracket notation (`items[0][quantity]`, `include[]`, `expires_after[anchor]`), which
    // coerceForm reads back: every such field of a URL-encoded form; of a multipart body, all but the properties the
    // schema itself names with brackets (`image[]`). A multipart body of flat text and file fields needs neither.
    const properties = propertiesOf(api, top, schemas);
    const flat = properties.every((p) => isFlat(api, schemas, p.type));
    if (!Object.keys(table).length && form.kind !== 'form' && flat) continue;
    const brackets =
      form.kind === 'form' ? true : properties.map((p) => p.name).filter((name) => name.includes('['));
    const coerce = _`body = ${compiler.rt('coerceForm')}(body, ${table}, ${brackets});`;
    w.line(group.length === 1 ? coerce : _`if (mt === ${form.mediaType.toLowerCase()}) ${coerce}`);
  }
  w.block(_`if (!${compiler.helper(content.type, 'is')}(body, c))`, () =>
    w.line(_`${compiler.callCheck(content.type, BODY, rootPath(_`'/body'`), { n: 0 })};`),
  );
  // By default only the schema refuses unknown fields; `validators.unknownRequestFields: "reject"` refuses a body's
  // unnamed top-level fields whatever `additionalProperties` says.
  const names =
    compiler.options.unknownRequestFields === 'reject'
      ? topLevelNames(api, schemas, content.type, 0)
      : undefined;
  if (names) {
    const known = [...names].sort();
    w.block(_`if (${compiler.rt('isObj')}(body))`, () => {
      w.block(_`for (const k in body)`, () => {
        if (known.length)
          w.block(_`if (${compiler.knownKey(new Name('k'), known)})`, () => w.line(_`continue;`));
        w.line(
          _`c.add('/body/' + ${compiler.rt('esc')}(k), 'unknown_property', 'is not a known field', ${`${content.type.pointer}/additionalProperties`});`,
        );
        w.line(_`if (c.full) break;`);
      });
    });
  }
  if (top.kind === 'object') {
    const defaults: Record<string, unknown> = {};
    for (const p of top.properties)
      if (p.type.default !== undefined)
        Object.defineProperty(defaults, p.name, {
          value: p.type.default,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    if (Object.keys(defaults).length)
      w.line(_`if (!c.count) body = ${compiler.rt('withDefaults')}(body, ${defaults});`);
  }
}

/** Top-level property names a request body may carry, or undefined when it is open (a map, any value). */
function topLevelNames(
  api: Api,
  schemas: Map<string, NamedSchema>,
  node: TypeNode,
  depth: number,
): Set<string> | undefined {
  if (depth > 8) return undefined;
  const n = resolveNode(api, node, schemas);
  const out = new Set<string>();
  const merge = (nodes: TypeNode[]): boolean => {
    for (const x of nodes) {
      const names = topLevelNames(api, schemas, x, depth + 1);
      if (!names) return false;
      names.forEach((k) => out.add(k));
    }
    return true;
  };
  switch (n.kind) {
    case 'object':
      if (typeof n.additional === 'object' && n.additional.kind !== 'never') return undefined;
      n.properties.forEach((p) => out.add(p.name));
      n.extraRequired.forEach((k) => out.add(k));
      break;
    case 'union':
      if (!merge(n.variants)) return undefined;
      break;
    case 'intersection':
      if (!merge(n.members)) return undefined;
      break;
    default:
      return undefined;
  }
  for (const c of n.conditionals ?? [])
    if (!merge([c.then, c.else].filter((x): x is TypeNode => !!x))) return undefined;
  return out;
}

/** How each multipart field's text becomes the value its schema describes. */
function formTable(api: Api, schemas: Map<string, NamedSchema>, top: TypeNode): Record<string, string> {
  const table: Record<string, string> = {};
  // The body may be an intersection (`allOf` with conditionals): take the properties of all its object parts.
  for (const p of propertiesOf(api, top, schemas)) {
    const t = resolveNode(api, p.type, schemas);
    const scalar = (x: TypeNode): string | undefined => {
      const r = resolveNode(api, x, schemas);
      // A union's field is a number (or boolean) when a member is: a string that is not one is left as it is.
      const kinds = r.kind === 'union' ? r.variants.map((v) => resolveNode(api, v, schemas).kind) : [r.kind];
      if (kinds.includes('number')) return 'number';
      if (kinds.includes('boolean')) return 'boolean';
      if (r.kind === 'object' || r.kind === 'map') return 'json';
      return undefined;
    };
    if (t.kind === 'array') {
      const item = scalar(t.items);
      table[p.name] = item === 'number' || item === 'boolean' ? `list-${item}` : 'list';
    } else {
      const how = scalar(t);
      if (how) table[p.name] = how;
    }
    bracketLeaves(api, schemas, p.type, p.name, table, new Set());
  }
  return table;
}

/** Nested objects deeper than this are read back without coercing their leaves. */
const BRACKET_DEPTH = 5;

/**
 * The numbers and booleans below a form field, by bracket path (`items[][quantity]`: indexes as `[]`), which the
 * runtime's `unbracket` coerces when the field is sent in bracket notation. A union's leaf is a number (or boolean)
 * when any member is: a string that is not one is left as it is.
 */
export function bracketLeaves(
  api: Api,
  schemas: Map<string, NamedSchema>,
  node: TypeNode,
  path: string,
  table: Record<string, string>,
  seen: Set<TypeNode>,
): void {
  const n = resolveNode(api, node, schemas);
  if (seen.has(n) || seen.size >= BRACKET_DEPTH) return;
  const members = n.kind === 'union' ? n.variants : n.kind === 'intersection' ? n.members : [n];
  const inner = new Set(seen).add(n);
  for (const m of members) {
    const r = resolveNode(api, m, schemas);
    if (r.kind === 'array') {
      const item = resolveNode(api, r.items, schemas);
      if (path.includes('[') && (item.kind === 'number' || item.kind === 'boolean'))
        table[`${path}[]`] ??= item.kind;
      bracketLeaves(api, schemas, r.items, `${path}[]`, table, inner);
    } else if (r.kind === 'object' || r.kind === 'union' || r.kind === 'intersection') {
      for (const p of r.kind === 'object' ? r.properties : propertiesOf(api, r, schemas)) {
        const leaf = resolveNode(api, p.type, schemas);
        const key = `${path}[${p.name}]`;
        const kinds =
          leaf.kind === 'union' ? leaf.variants.map((v) => resolveNode(api, v, schemas).kind) : [leaf.kind];
        if (kinds.includes('number')) table[key] ??= 'number';
        else if (kinds.includes('boolean')) table[key] ??= 'boolean';
        bracketLeaves(api, schemas, p.type, key, table, inner);
      }
    }
    // A map's values (Stripe's `currency_options[usd][amount]`): any key, marked so the runtime tries `[*]`.
    const values =
      r.kind === 'map'
        ? r.values
        : r.kind === 'object' && typeof r.additional === 'object'
          ? r.additional
          : undefined;
    if (values) {
      const key = `${path}[*]`;
      const leaf = resolveNode(api, values, schemas);
      if (leaf.kind === 'number' || leaf.kind === 'boolean') table[key] ??= leaf.kind;
      const before = Object.keys(table).length;
      bracketLeaves(api, schemas, values, key, table, inner);
      if (Object.keys(table).length > before) table['*'] = 'map';
    }
  }
}
