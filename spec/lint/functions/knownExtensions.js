// platform-known-extensions: every `x-` key in the document is one the generator reads (spec/EXTENSIONS.md),
// in the place where it means something, with a value of the right basic shape.
//
// The walk knows which objects are maps of names (a schema's `properties`, a response's `headers`, `content`,
// `components.*`, ...): their keys are names, not extensions, so a property or header called `x-request-id`
// is not an extension. Data (`example`, `examples` arrays, `default`, `const`, `enum`, an Example's `value`)
// is not walked, nor are extension values themselves (the rules of each extension check those).
// Options: { known: [names] }.
import { isObject, METHODS, pointer } from './_lib.js';

const MAP_KEYS = new Set([
  'properties', 'patternProperties', 'dependentSchemas', 'dependentRequired', '$defs', 'definitions', 'headers',
  'content', 'encoding', 'responses', 'paths', 'webhooks', 'callbacks', 'links', 'examples', 'variables',
  'schemas', 'parameters', 'requestBodies', 'securitySchemes', 'pathItems', 'scopes', 'mapping',
]);
const DATA_KEYS = new Set(['example', 'default', 'const', 'enum', 'value']);
// Maps whose own `x-` keys are extensions (OpenAPI: Paths, Responses and Callback objects allow them).
const MAPS_WITH_EXTENSIONS = new Set(['paths', 'responses', 'callbacks']);

export default function knownExtensions(doc, options) {
  if (!isObject(doc)) return [];
  const known = new Set((options && options.known) || []);
  const results = [];

  const checkExtension = (key, value, parentPath) => {
    const path = [...parentPath, key];
    const at = pointer(path);
    if (!known.has(key)) {
      results.push({ message: `Unknown extension \`${key}\` at ${at}: the generator knows only ${[...known].join(', ')} (spec/EXTENSIONS.md).`, path });
      return;
    }
    const last = parentPath[parentPath.length - 1];
    const isOperation = typeof last === 'string' && METHODS.includes(last) && parentPath.length >= 3;
    switch (key) {
      case 'x-state-machines':
        if (parentPath.length !== 0) results.push({ message: `\`x-state-machines\` at ${at}: allowed only at the document root.`, path });
        break;
      case 'x-not-shown': {
        const ok = (typeof value === 'string' && value.trim() !== '') ||
          (Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === 'string' && s.trim() !== ''));
        if (!ok) results.push({ message: `\`x-not-shown\` at ${at}: must be a non-empty string or a non-empty list of non-empty strings.`, path });
        break;
      }
      case 'x-sdk-call':
        if (!isOperation) results.push({ message: `\`x-sdk-call\` at ${at}: allowed only on an operation.`, path });
        else if (typeof value !== 'string' || !/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/.test(value)) {
          results.push({ message: `\`x-sdk-call\` at ${at}: must be a dotted camelCase call path such as "images.generate", found ${JSON.stringify(value)}.`, path });
        }
        break;
      case 'x-when':
        if (!(parentPath.length >= 4 && parentPath[parentPath.length - 2] === 'content' && parentPath[parentPath.length - 4] === 'responses')) {
          results.push({ message: `\`x-when\` at ${at}: allowed only on a response media type.`, path });
        } else if (!isObject(value)) {
          results.push({ message: `\`x-when\` at ${at}: must be a JSON Schema object over the request body.`, path });
        }
        break;
      case 'x-sse':
        if (!(parentPath.length >= 2 && parentPath[parentPath.length - 2] === 'content' && last === 'text/event-stream')) {
          results.push({ message: `\`x-sse\` at ${at}: allowed only on a \`text/event-stream\` media type.`, path });
        }
        break;
      case 'x-rules':
        if (!Array.isArray(value)) results.push({ message: `\`x-rules\` at ${at}: must be a list of rules.`, path });
        break;
      default:
        break;
    }
  };

  const walk = (node, path, mode, mapKey) => {
    if (Array.isArray(node)) {
      // `security` (root or operation) is a list of maps from scheme names to scopes.
      const itemMode = mapKey === 'security' ? 'map' : 'object';
      node.forEach((item, i) => walk(item, [...path, i], itemMode, undefined));
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (mode === 'map') {
        if (key.startsWith('x-') && MAPS_WITH_EXTENSIONS.has(mapKey)) {
          checkExtension(key, value, path);
          continue;
        }
        walk(value, [...path, key], 'object', undefined);
        continue;
      }
      if (key.startsWith('x-')) {
        checkExtension(key, value, path);
        continue;
      }
      if (DATA_KEYS.has(key)) continue;
      if (key === 'examples' && Array.isArray(value)) continue; // JSON Schema `examples`: data
      if (path.length === 1 && path[0] === 'components' && isObject(value)) {
        walk(value, [...path, key], 'map', key);
        continue;
      }
      if (MAP_KEYS.has(key) && isObject(value)) {
        walk(value, [...path, key], 'map', key);
        continue;
      }
      walk(value, [...path, key], 'object', key);
    }
  };

  walk(doc, [], 'object', undefined);
  return results;
}
