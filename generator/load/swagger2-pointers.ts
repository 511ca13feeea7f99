/**
 * Maps a JSON pointer of a Swagger 2.0 document converted to OpenAPI 3 back to the pointer of the 2.0 document it
 * came from, so that a finding in the converted document is located in the file the user wrote. Only places the
 * conversion moves are rewritten (components, bodies, response content, parameter schemas, security flows); a place
 * it creates that has no counterpart maps to its nearest ancestor that has one.
 */
import { decodeToken, joinPointer, type Location, resolveInternal } from '../diagnostics.ts';

type Tokens = string[];
type Json = Record<string, unknown>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function tokensOf(pointer: string): Tokens {
  const body = pointer.replace(/^#?\/?/, '');
  return body === '' ? [] : body.split('/').map(decodeToken);
}

function pointerOf(tokens: Tokens): string {
  return joinPointer('#', ...tokens);
}

function at(document: unknown, tokens: Tokens): unknown {
  return tokens.length ? resolveInternal(document, pointerOf(tokens)) : document;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `{$ref: '#/parameters/X'}` → ['parameters', 'X']; undefined for anything but an internal reference. */
function refTokens(value: unknown): Tokens | undefined {
  const ref = isObject(value) ? value.$ref : undefined;
  return typeof ref === 'string' && ref.startsWith('#') ? tokensOf(ref) : undefined;
}

/** A parameter entry where it is written: a `$ref`'d entry is written at its target. */
function written(document: unknown, tokens: Tokens): Tokens {
  return refTokens(at(document, tokens)) ?? tokens;
}

/** Keys of a schema renamed by the conversion. */
function schemaRest(rest: Tokens): Tokens {
  const last = rest.length - 1;
  if (rest[last] === 'nullable') return [...rest.slice(0, last), 'x-nullable'];
  if (rest[last] === 'propertyName' && rest[last - 1] === 'discriminator') return rest.slice(0, last);
  return rest;
}

/** A 2.0 parameter holds its schema's keywords itself; `style`/`explode` come from `collectionFormat`. */
function parameterRest(rest: Tokens): Tokens {
  if (rest[0] === 'schema') return schemaRest(rest.slice(1));
  if (rest[0] === 'style' || rest[0] === 'explode') return ['collectionFormat'];
  return rest;
}

/** A 2.0 response has one `schema` and `examples` by media type; its headers hold their schema's keywords. */
function responseRest(rest: Tokens): Tokens {
  if (rest[0] === 'content') {
    if (rest[2] === 'schema') return ['schema', ...schemaRest(rest.slice(3))];
    if (rest[2] === 'example' || rest[2] === 'examples') return ['examples', rest[1] ?? ''];
    return [];
  }
  if (rest[0] === 'headers' && rest[2] === 'schema')
    return ['headers', rest[1] ?? '', ...schemaRest(rest.slice(3))];
  return rest;
}

/** The parameters that apply to an operation in the 2.0 document: its own, then its path item's. */
function sourceParameters(source: unknown, operation: Tokens): Tokens[] {
  const own = at(source, [...operation, 'parameters']);
  const shared = at(source, [...operation.slice(0, -1), 'parameters']);
  return [
    ...(Array.isArray(own) ? own.map((_, i) => [...operation, 'parameters', String(i)]) : []),
    ...(Array.isArray(shared)
      ? shared.map((_, i) => [...operation.slice(0, -1), 'parameters', String(i)])
      : []),
  ];
}

function parameterKey(document: unknown, tokens: Tokens): string {
  const parameter = at(document, written(document, tokens));
  return isObject(parameter) ? `${String(parameter.in)}\0${String(parameter.name)}` : '';
}

/**
 * The converted parameter at `tokens` (an entry of an operation's or path item's list): the 2.0 entry of the same
 * list with the same `in` and name (the conversion drops body and form parameters, so indexes shift).
 */
function mapParameter(converted: unknown, source: unknown, tokens: Tokens, rest: Tokens): Tokens {
  const owner = tokens.slice(0, -2);
  const list = at(source, [...owner, 'parameters']);
  const key = parameterKey(converted, tokens);
  const index = Array.isArray(list)
    ? list.findIndex((_, i) => parameterKey(source, [...owner, 'parameters', String(i)]) === key)
    : -1;
  if (index < 0) return owner;
  const entry = [...owner, 'parameters', String(index)];
  // Under a `$ref` kept as one, a finding belongs to the component (mapped on its own).
  if (refTokens(at(converted, tokens)) !== undefined || rest.length === 0) return entry;
  return [...written(source, entry), ...parameterRest(rest)];
}

/** A converted request body: the 2.0 body parameter, or the form parameter each property came from. */
function mapRequestBody(source: unknown, operation: Tokens, rest: Tokens): Tokens {
  const parameters = sourceParameters(source, operation).map((t) => written(source, t));
  const inOf = (t: Tokens) => {
    const p = at(source, t);
    return isObject(p) ? p.in : undefined;
  };
  const body = parameters.find((t) => inOf(t) === 'body');
  const forms = parameters.filter((t) => inOf(t) === 'formData');
  const schema = rest[0] === 'content' && rest[2] === 'schema' ? rest.slice(3) : undefined;
  if (body) {
    if (schema) return [...body, 'schema', ...schemaRest(schema)];
    return rest[0] === 'required' || rest[0] === 'description' ? [...body, rest[0]] : body;
  }
  const first = forms[0];
  if (!first) return operation;
  if (schema?.[0] === 'properties' && schema[1] !== undefined) {
    const field = forms.find((t) => (at(source, t) as Json).name === schema[1]);
    if (field) return [...field, ...schemaRest(schema.slice(2))];
  }
  return first;
}

/** The operation whose request body is the shared `#/components/requestBodies/<name>` (the conversion made it). */
function requestBodyUser(converted: unknown, name: string): Tokens | undefined {
  const paths = at(converted, ['paths']);
  if (!isObject(paths)) return undefined;
  const ref = pointerOf(['components', 'requestBodies', name]);
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method) && isObject(operation) && isObject(operation.requestBody)) {
        if (operation.requestBody.$ref === ref) return ['paths', path, method];
      }
    }
  }
  return undefined;
}

function mapTokens(converted: unknown, source: unknown, t: Tokens): Tokens {
  const [head, group, name, ...rest] = t;
  if (head === 'openapi') return ['swagger'];
  if (head === 'servers') return isObject(source) && 'host' in source ? ['host'] : ['basePath'];
  if (head === 'components' && name !== undefined) {
    if (group === 'schemas') return ['definitions', name, ...schemaRest(rest)];
    if (group === 'parameters') return ['parameters', name, ...parameterRest(rest)];
    if (group === 'responses') return ['responses', name, ...responseRest(rest)];
    // `flows/<flow>/authorizationUrl` and the like are keys of the 2.0 scheme itself.
    if (group === 'securitySchemes')
      return ['securityDefinitions', name, ...(rest[0] === 'flows' ? rest.slice(2) : rest)];
    if (group === 'requestBodies') {
      const user = requestBodyUser(converted, name);
      return user ? mapRequestBody(source, user, rest) : [];
    }
    return [];
  }
  if (head === 'paths' && group !== undefined && name !== undefined) {
    if (name === 'parameters' && rest[0] !== undefined)
      return mapParameter(converted, source, t.slice(0, 4), rest.slice(1));
    if (!METHODS.has(name)) return t;
    const operation = ['paths', group, name];
    const [part, index, ...more] = rest;
    if (part === 'parameters' && index !== undefined)
      return mapParameter(converted, source, t.slice(0, 5), more);
    if (part === 'requestBody') return mapRequestBody(source, operation, rest.slice(1));
    if (part === 'responses' && index !== undefined)
      return [...operation, 'responses', index, ...responseRest(more)];
    return t;
  }
  return t;
}

/**
 * `converted` is the OpenAPI 3 document made from `source` (the bundled 2.0 document). The mapping is pure: the
 * caller locates the returned pointer in the 2.0 files (a place missing there is located at its nearest ancestor).
 */
export function createSwagger2PointerMap(converted: unknown, source: unknown): (pointer: string) => string {
  return (pointer) => pointerOf(mapTokens(converted, source, tokensOf(pointer)));
}

/** `locate` of the source files for pointers of the converted document: where `toSource` maps them, shown as given. */
export function locateThrough(
  locate: (pointer: string) => Location,
  toSource: (pointer: string) => string,
): (pointer: string) => Location {
  return (pointer) => ({ ...locate(toSource(pointer)), pointer });
}
