// platform-required-defined: every name in a schema's `required` is a property of that schema, or of an
// enclosing schema when the `required` sits in a composition branch (`oneOf`/`anyOf`/`allOf` item, `not`,
// `if`/`then`/`else`, `dependentSchemas`): the JSON Schema idioms "exactly one of a and b"
// (`oneOf: [{required: [a]}, {required: [b]}]`) and "must be omitted" (`not: {required: [a]}`, not checked
// under `not`) are fine, a typo is not. Replaces Redocly's no-required-schema-properties-undefined, which flags those idioms.
import { isObject, objectShape, pointer } from './_lib.js';

const BRANCH_ARRAYS = new Set(['oneOf', 'anyOf', 'allOf']);
const BRANCH_SINGLE = new Set(['not', 'if', 'then', 'else']);
const SKIP = new Set(['example', 'examples', 'default', 'const', 'enum']);

export default function requiredDefined(doc) {
  if (!isObject(doc)) return [];
  const results = [];
  // stack of enclosing schemas reachable through composition keywords only
  const walk = (node, path, enclosing, negated = false) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, [...path, i], []));
    if (!isObject(node)) return;
    // Under `not`, requiring an undefined name is the "must be omitted" idiom: nothing to check.
    if (!negated && Array.isArray(node.required) && node.required.every((n) => typeof n === 'string')) {
      const chain = [{ node, path }, ...enclosing];
      if (!chain.some((c) => isObject(c.node.patternProperties))) {
        const defined = new Set();
        for (const c of chain) for (const k of objectShape(doc, c.node, c.path).props.keys()) defined.add(k);
        const missing = node.required.filter((n) => !defined.has(n));
        if (missing.length > 0) {
          results.push({
            message: `${pointer([...path, 'required'])}: required ${missing.map((m) => `\`${m}\``).join(', ')} not defined in \`properties\` of this schema or of an enclosing schema.`,
            path: [...path, 'required'],
          });
        }
      }
    }
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-') || SKIP.has(k)) continue;
      const here = { node, path };
      if (BRANCH_ARRAYS.has(k) && Array.isArray(v)) {
        v.forEach((b, i) => walk(b, [...path, k, i], [here, ...enclosing], negated));
      } else if (BRANCH_SINGLE.has(k) && isObject(v)) {
        walk(v, [...path, k], [here, ...enclosing], negated || k === 'not');
      } else if (k === 'dependentSchemas' && isObject(v)) {
        for (const [name, s] of Object.entries(v)) walk(s, [...path, k, name], [here, ...enclosing], negated);
      } else {
        walk(v, [...path, k], []);
      }
    }
  };
  walk(doc, [], []);
  return results;
}
