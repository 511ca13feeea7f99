// platform-x-rules: every `x-rules` list (spec/EXTENSIONS.md) is well formed: `kind` is compare, subset or
// dimensions, `message` is the seeds' wording, the fields it names are properties of the schema it sits on
// (looking through `$ref`/`allOf`), with the types the rule needs.
import { fmt, isObject, objectShape, pointer, typesOf } from './_lib.js';

const COMMON = ['kind', 'message', 'when', 'description', 'x-not-shown'];
const KEYS = {
  compare: [...COMMON, 'field', 'op', 'other', 'scale'],
  subset: [...COMMON, 'field', 'of'],
  dimensions: [...COMMON, 'field', 'except', 'multipleOf', 'minAspect', 'maxAspect', 'maxWidth', 'maxHeight', 'maxPixels'],
};
const OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'];
const NUMERIC = ['multipleOf', 'minAspect', 'maxAspect', 'maxWidth', 'maxHeight', 'maxPixels'];
const SKIP = new Set(['example', 'examples', 'default', 'const', 'enum']);

export default function xRules(doc) {
  if (!isObject(doc)) return [];
  const results = [];
  const walk = (node, path) => {
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, [...path, i]));
    if (!isObject(node)) return;
    if (Array.isArray(node['x-rules'])) checkRules(doc, node, path, results);
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-') || SKIP.has(k)) continue;
      walk(v, [...path, k]);
    }
  };
  walk(doc, []);
  return results;
}

function checkRules(doc, schema, path, results) {
  const shape = objectShape(doc, schema, path);
  const rp = [...path, 'x-rules'];
  const report = (p, msg) => results.push({ message: `${pointer(p)}: ${msg}`, path: p });
  if (shape.props.size === 0) report(rp, 'x-rules sits on a schema without properties (it belongs on an object schema).');
  const types = (name) => {
    const p = shape.props.get(name);
    return p ? typesOf(doc, p.schema, p.path) : new Set();
  };
  const needField = (rulePath, rule, key, wanted) => {
    const name = rule[key];
    if (typeof name !== 'string') return report([...rulePath, key], `\`${key}\` must name a property.`);
    if (!shape.props.has(name)) return report([...rulePath, key], `\`${key}\`: the schema has no property \`${name}\` (properties: ${[...shape.props.keys()].join(', ')}).`);
    const t = types(name);
    if (wanted && t.size > 0 && !wanted.some((w) => t.has(w))) {
      report([...rulePath, key], `\`${key}\`: property \`${name}\` is ${fmt([...t])}, the rule needs ${wanted.join(' or ')}.`);
    }
  };
  schema['x-rules'].forEach((rule, i) => {
    const p = [...rp, i];
    if (!isObject(rule)) return report(p, 'each x-rules entry must be an object.');
    if (!Object.prototype.hasOwnProperty.call(KEYS, rule.kind)) {
      return report([...p, 'kind'], `\`kind\` must be compare, subset or dimensions, found ${JSON.stringify(rule.kind)}.`);
    }
    for (const k of Object.keys(rule)) if (!KEYS[rule.kind].includes(k)) report([...p, k], `unknown key \`${k}\` in a ${rule.kind} rule (allowed: ${KEYS[rule.kind].join(', ')}).`);
    if (typeof rule.message !== 'string' || rule.message.trim() === '') report([...p, 'message'], '`message` (the seeds\' wording) is required.');
    if ('when' in rule) {
      if (!isObject(rule.when)) report([...p, 'when'], '`when` must be a JSON Schema object.');
      else if (Array.isArray(rule.when.required)) {
        for (const n of rule.when.required) if (!shape.props.has(n)) report([...p, 'when'], `\`when\` requires \`${n}\`, which is not a property of the schema.`);
      }
    }
    if (rule.kind === 'compare') {
      needField(p, rule, 'field', ['number', 'integer']);
      needField(p, rule, 'other', ['number', 'integer']);
      if (!OPS.includes(rule.op)) report([...p, 'op'], `\`op\` must be one of ${OPS.join(', ')}, found ${JSON.stringify(rule.op)}.`);
      if ('scale' in rule && typeof rule.scale !== 'number') report([...p, 'scale'], '`scale` must be a number.');
    } else if (rule.kind === 'subset') {
      needField(p, rule, 'field', ['array']);
      needField(p, rule, 'of', ['array']);
    } else {
      needField(p, rule, 'field', ['string']);
      if ('except' in rule && !(Array.isArray(rule.except) && rule.except.every((v) => typeof v === 'string'))) {
        report([...p, 'except'], '`except` must be a list of strings.');
      }
      const given = NUMERIC.filter((k) => k in rule);
      for (const k of given) if (typeof rule[k] !== 'number' || !(rule[k] > 0)) report([...p, k], `\`${k}\` must be a positive number.`);
      if (given.length === 0) report(p, `a dimensions rule needs at least one of ${NUMERIC.join(', ')}.`);
      if (typeof rule.minAspect === 'number' && typeof rule.maxAspect === 'number' && rule.minAspect > rule.maxAspect) {
        report([...p, 'minAspect'], '`minAspect` is greater than `maxAspect`.');
      }
    }
  });
}
