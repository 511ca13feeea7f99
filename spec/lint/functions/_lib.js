// Helpers shared by the project's Spectral functions (not a rule function: not listed in spectral.yaml).
// They work on the BUNDLED document (one file, only local `#/...` references), read with `resolved: false`,
// so every reported path is a path in that document.

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** JSON pointer text of a path array: ['paths', '/a/{b}', 'get'] -> '#/paths/~1a~1{b}/get'. */
export function pointer(path) {
  return '#' + path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Path array of a local JSON pointer ('#/components/schemas/Video'), or undefined if not local. */
export function parsePointer(ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  const body = ref.slice(1);
  if (body === '') return [];
  if (!body.startsWith('/')) return undefined;
  return body
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function getAt(doc, path) {
  let cur = doc;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = cur[seg];
  }
  return cur;
}

/**
 * Follows local `$ref`s. Returns { node, path } where path is the location of the final node in the document,
 * or { node: undefined, path, error } for a reference that does not resolve.
 */
export function deref(doc, node, path) {
  const seen = new Set();
  let cur = node;
  let curPath = path;
  while (isObject(cur) && typeof cur.$ref === 'string') {
    const target = parsePointer(cur.$ref);
    if (!target) return { node: undefined, path: curPath, error: `non-local $ref ${cur.$ref}` };
    const key = target.join('\u0000');
    if (seen.has(key)) return { node: undefined, path: curPath, error: `circular $ref ${cur.$ref}` };
    seen.add(key);
    const next = getAt(doc, target);
    if (next === undefined) return { node: undefined, path: curPath, error: `unresolved $ref ${cur.$ref}` };
    cur = next;
    curPath = target;
  }
  return { node: cur, path: curPath };
}

/** Every operation under `paths` (path items that are `$ref`s are followed). */
export function* operations(doc) {
  if (!isObject(doc.paths)) return;
  for (const [p, rawItem] of Object.entries(doc.paths)) {
    if (p.startsWith('x-')) continue;
    const { node: item, path: itemPath } = deref(doc, rawItem, ['paths', p]);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      yield { route: p, method, op, item, opPath: [...itemPath, method], itemPath };
    }
  }
}

/** "listVideos (GET /videos)" */
export function opLabel(o) {
  return `${typeof o.op.operationId === 'string' ? o.op.operationId : '(no operationId)'} (${o.method.toUpperCase()} ${o.route})`;
}

/** Parameters of an operation, operation-level overriding path-level, each dereferenced. */
export function parameters(doc, o) {
  const out = new Map();
  const add = (list, base) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const { node, path } = deref(doc, raw, [...base, 'parameters', i]);
      if (!isObject(node) || typeof node.name !== 'string') return;
      out.set(`${node.in}:${node.name}`, { param: node, path, sitePath: [...base, 'parameters', i] });
    });
  };
  add(o.item.parameters, o.itemPath);
  add(o.op.parameters, o.opPath);
  return out;
}

/**
 * Properties of an object schema, looking through `$ref` and `allOf` (the first definition of a name wins,
 * like a shallow merge). Returns Map name -> { schema (dereferenced), path }, plus `required` (a Set).
 */
export function objectShape(doc, schema, path, depth = 0) {
  const props = new Map();
  const required = new Set();
  const { node, path: p } = deref(doc, schema, path);
  if (!isObject(node) || depth > 20) return { props, required, node, path: p };
  if (isObject(node.properties)) {
    for (const [name, s] of Object.entries(node.properties)) {
      const r = deref(doc, s, [...p, 'properties', name]);
      props.set(name, { schema: r.node, path: r.path });
    }
  }
  if (Array.isArray(node.required)) node.required.forEach((n) => required.add(n));
  if (Array.isArray(node.allOf)) {
    node.allOf.forEach((sub, i) => {
      const inner = objectShape(doc, sub, [...p, 'allOf', i], depth + 1);
      for (const [k, v] of inner.props) if (!props.has(k)) props.set(k, v);
      inner.required.forEach((n) => required.add(n));
    });
  }
  return { props, required, node, path: p };
}

/** Types a schema admits (`type` string or array; union of anyOf/oneOf branches; const/enum imply types). */
export function typesOf(doc, schema, path, depth = 0) {
  const out = new Set();
  const { node } = deref(doc, schema, path);
  if (!isObject(node) || depth > 20) return out;
  if (typeof node.type === 'string') out.add(node.type);
  if (Array.isArray(node.type)) node.type.forEach((t) => out.add(t));
  for (const key of ['anyOf', 'oneOf']) {
    if (Array.isArray(node[key])) node[key].forEach((b) => typesOf(doc, b, path, depth + 1).forEach((t) => out.add(t)));
  }
  if (Array.isArray(node.allOf) && out.size === 0) {
    node.allOf.forEach((b) => typesOf(doc, b, path, depth + 1).forEach((t) => out.add(t)));
  }
  if (out.size === 0) {
    const vals = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : [];
    for (const v of vals) out.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v);
  }
  return out;
}

/**
 * The enumerated values a schema allows: `enum` / `const`, or the union of them over `anyOf`/`oneOf`
 * branches. `open` is true when a branch is a plain string (the "known values, any string accepted" pattern:
 * `anyOf: [{enum: [...]}, {type: string}]`). `null` is left out (nullable enums). Returns undefined when the
 * schema enumerates nothing.
 */
export function enumValues(doc, schema, path, depth = 0) {
  const { node } = deref(doc, schema, path);
  if (!isObject(node) || depth > 20) return undefined;
  if ('const' in node) return { values: node.const === null ? [] : [node.const], open: false };
  if (Array.isArray(node.enum)) return { values: node.enum.filter((v) => v !== null), open: false };
  let found;
  let open = false;
  for (const key of ['anyOf', 'oneOf']) {
    if (!Array.isArray(node[key])) continue;
    for (const b of node[key]) {
      const sub = enumValues(doc, b, path, depth + 1);
      if (sub) {
        found = found ?? [];
        for (const v of sub.values) if (!found.includes(v)) found.push(v);
        open = open || sub.open;
        continue;
      }
      const bt = typesOf(doc, b, path, depth + 1);
      if (bt.has('string')) open = true;
    }
  }
  if (found) return { values: found, open };
  if (Array.isArray(node.allOf)) {
    for (const b of node.allOf) {
      const sub = enumValues(doc, b, path, depth + 1);
      if (sub) return sub;
    }
  }
  return undefined;
}

/** The strings of an `x-not-shown` value (string or list of strings). */
export function notShown(node) {
  if (!isObject(node)) return [];
  const v = node['x-not-shown'];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((s) => typeof s === 'string');
  return [];
}

/** True if some text names `word` as a whole word (`limit` matches "limit" and "`limit`", not "limits"). */
export function mentions(texts, word) {
  const re = new RegExp(`(^|[^A-Za-z0-9_])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z0-9_]|$)`);
  return texts.some((t) => re.test(t));
}

/** Operation ids of the document -> operation. */
export function operationIndex(doc) {
  const index = new Map();
  for (const o of operations(doc)) if (typeof o.op.operationId === 'string') index.set(o.op.operationId, o);
  return index;
}

export const sameSet = (a, b) => a.length === b.length && a.every((v) => b.includes(v)) && b.every((v) => a.includes(v));
export const fmt = (vals) => '[' + vals.map((v) => JSON.stringify(v)).join(', ') + ']';
