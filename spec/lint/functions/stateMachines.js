// platform-state-machines: each `x-state-machines` entry (format: spec/EXTENSIONS.md) is consistent with the
// document: `schema` resolves to an object schema, `property` is one of its properties, `states` equal that
// property's enum (or the known values of an `anyOf [enum, string]`), transitions and guards name existing
// operationIds and declared states, guard targets name an existing path parameter or request body field.
import {
  deref, enumValues, fmt, getAt, isObject, objectShape, operationIndex, parameters, parsePointer, pointer, sameSet,
} from './_lib.js';

const ENTRY_KEYS = new Set(['schema', 'property', 'states', 'transitions', 'guards', 'complete', 'description', 'x-not-shown']);
const TRANSITION_KEYS = new Set(['from', 'to', 'on', 'condition', 'effects', 'description', 'x-not-shown']);
const GUARD_KEYS = new Set(['operation', 'target', 'states', 'description', 'x-not-shown']);
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

export default function stateMachines(doc) {
  if (!isObject(doc) || !('x-state-machines' in doc)) return [];
  const root = doc['x-state-machines'];
  const results = [];
  const report = (path, message) => results.push({ message: `${pointer(path)}: ${message}`, path });
  if (!isObject(root)) {
    report(['x-state-machines'], 'must be a map from machine name to machine.');
    return results;
  }
  const ops = operationIndex(doc);
  for (const [name, m] of Object.entries(root)) {
    const base = ['x-state-machines', name];
    if (!isObject(m)) {
      report(base, `state machine "${name}" must be an object.`);
      continue;
    }
    for (const k of Object.keys(m)) if (!ENTRY_KEYS.has(k)) report([...base, k], `unknown key \`${k}\` in state machine "${name}" (allowed: ${[...ENTRY_KEYS].join(', ')}).`);

    // states
    const states = Array.isArray(m.states) ? m.states : undefined;
    if (!states || states.length === 0 || !states.every((s) => typeof s === 'string')) {
      report([...base, 'states'], `state machine "${name}": \`states\` must be a non-empty list of strings.`);
    } else {
      const dup = states.filter((s, i) => states.indexOf(s) !== i);
      if (dup.length > 0) report([...base, 'states'], `state machine "${name}": duplicate states ${fmt([...new Set(dup)])}.`);
    }
    const stateSet = new Set(states || []);

    // schema + property + enum
    const target = parsePointer(m.schema);
    if (!target) {
      report([...base, 'schema'], `state machine "${name}": \`schema\` must be a local JSON pointer such as "#/components/schemas/Batch", found ${JSON.stringify(m.schema)}.`);
    } else {
      const schemaNode = getAt(doc, target);
      if (schemaNode === undefined) {
        report([...base, 'schema'], `state machine "${name}": schema ${m.schema} does not resolve.`);
      } else {
        const shape = objectShape(doc, schemaNode, target);
        if (typeof m.property !== 'string') {
          report([...base, 'property'], `state machine "${name}": \`property\` must be a string.`);
        } else if (!shape.props.has(m.property)) {
          report([...base, 'property'], `state machine "${name}": schema ${m.schema} has no property \`${m.property}\`.`);
        } else if (states) {
          const prop = shape.props.get(m.property);
          const ev = enumValues(doc, prop.schema, prop.path);
          if (!ev) {
            report([...base, 'states'], `state machine "${name}": ${pointer(prop.path)} (${m.property}) has no enum to compare the states with.`);
          } else if (!sameSet(ev.values, states)) {
            const missing = ev.values.filter((v) => !stateSet.has(v));
            const extra = states.filter((s) => !ev.values.includes(s));
            report([...base, 'states'], `state machine "${name}": states ${fmt(states)} differ from the enum of ${pointer(prop.path)} ${fmt(ev.values)}` +
              `${missing.length ? `; missing ${fmt(missing)}` : ''}${extra.length ? `; not in the enum ${fmt(extra)}` : ''}.`);
          }
        }
      }
    }

    // transitions
    if (!Array.isArray(m.transitions)) {
      report([...base, 'transitions'], `state machine "${name}": \`transitions\` must be a list (\`[]\` when the seeds show none).`);
    } else {
      m.transitions.forEach((t, i) => {
        const tp = [...base, 'transitions', i];
        if (!isObject(t)) return report(tp, `state machine "${name}": transition ${i} must be an object.`);
        for (const k of Object.keys(t)) if (!TRANSITION_KEYS.has(k)) report([...tp, k], `unknown key \`${k}\` in a transition of "${name}".`);
        if (!('from' in t) || (t.from !== null && !stateSet.has(t.from))) {
          report([...tp, 'from'], `state machine "${name}": transition ${i} \`from\` ${JSON.stringify(t.from)} is not null or one of the states.`);
        }
        if (!stateSet.has(t.to)) report([...tp, 'to'], `state machine "${name}": transition ${i} \`to\` ${JSON.stringify(t.to)} is not one of the states.`);
        for (const k of ['condition', 'effects']) {
          if (k in t && typeof t[k] !== 'string') report([...tp, k], `state machine "${name}": transition ${i} \`${k}\` must be a string.`);
        }
        const on = t.on;
        if (!isObject(on)) return report([...tp, 'on'], `state machine "${name}": transition ${i} needs \`on\`: {operation} or {after, bound}.`);
        const hasOp = 'operation' in on;
        const hasAfter = 'after' in on;
        for (const k of Object.keys(on)) {
          if (!['operation', 'after', 'bound'].includes(k)) report([...tp, 'on', k], `unknown key \`${k}\` in \`on\` of a transition of "${name}".`);
        }
        if (hasOp === hasAfter) {
          report([...tp, 'on'], `state machine "${name}": transition ${i} \`on\` must have exactly one of \`operation\` and \`after\`.`);
        } else if (hasOp) {
          if (!ops.has(on.operation)) report([...tp, 'on', 'operation'], `state machine "${name}": transition ${i} names operation ${JSON.stringify(on.operation)}, which does not exist.`);
          if ('bound' in on) report([...tp, 'on', 'bound'], `state machine "${name}": transition ${i}: \`bound\` applies only to \`after\`.`);
        } else {
          if (typeof on.after !== 'string' || !DURATION.test(on.after)) {
            report([...tp, 'on', 'after'], `state machine "${name}": transition ${i} \`after\` must be an ISO 8601 duration such as PT10M, found ${JSON.stringify(on.after)}.`);
          }
          if (!['exactly', 'at_most'].includes(on.bound)) {
            report([...tp, 'on', 'bound'], `state machine "${name}": transition ${i} \`bound\` must be exactly or at_most, found ${JSON.stringify(on.bound)}.`);
          }
        }
      });
    }

    // guards
    if ('guards' in m) {
      if (!Array.isArray(m.guards)) report([...base, 'guards'], `state machine "${name}": \`guards\` must be a list.`);
      else m.guards.forEach((g, i) => {
        const gp = [...base, 'guards', i];
        if (!isObject(g)) return report(gp, `state machine "${name}": guard ${i} must be an object.`);
        for (const k of Object.keys(g)) if (!GUARD_KEYS.has(k)) report([...gp, k], `unknown key \`${k}\` in a guard of "${name}".`);
        const o = ops.get(g.operation);
        if (!o) report([...gp, 'operation'], `state machine "${name}": guard ${i} names operation ${JSON.stringify(g.operation)}, which does not exist.`);
        if (!Array.isArray(g.states) || g.states.length === 0) {
          report([...gp, 'states'], `state machine "${name}": guard ${i} needs a non-empty \`states\` list.`);
        } else {
          const bad = g.states.filter((s) => !stateSet.has(s));
          if (bad.length > 0) report([...gp, 'states'], `state machine "${name}": guard ${i} (${g.operation}) states ${fmt(bad)} are not states of the machine.`);
        }
        const tgt = typeof g.target === 'string' ? g.target : '';
        const pm = /^path\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(tgt);
        const bm = /^body\.(\/.*)$/.exec(tgt);
        if (!pm && !bm) {
          report([...gp, 'target'], `state machine "${name}": guard ${i} \`target\` must be path.<param> or body.<json pointer>, found ${JSON.stringify(g.target)}.`);
        } else if (o && pm) {
          if (!parameters(doc, o).has(`path:${pm[1]}`)) report([...gp, 'target'], `state machine "${name}": guard ${i} target ${tgt}: ${g.operation} has no path parameter \`${pm[1]}\`.`);
        } else if (o && bm) {
          const err = bodyPointerError(doc, o, bm[1]);
          if (err) report([...gp, 'target'], `state machine "${name}": guard ${i} target ${tgt}: ${err}.`);
        }
      });
    }
    if ('complete' in m && typeof m.complete !== 'boolean') report([...base, 'complete'], `state machine "${name}": \`complete\` must be a boolean.`);
  }
  return results;
}

/** Walks a JSON pointer ('/video/id') through the properties of the operation's request body schemas. */
function bodyPointerError(doc, o, ptr) {
  const rb = deref(doc, o.op.requestBody, [...o.opPath, 'requestBody']).node;
  if (!isObject(rb) || !isObject(rb.content)) return `${o.op.operationId} has no request body`;
  const segs = ptr.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const errors = [];
  for (const [mt, media] of Object.entries(rb.content)) {
    if (!isObject(media)) continue;
    let cur = { schema: media.schema, path: [...o.opPath, 'requestBody', 'content', mt, 'schema'] };
    for (const seg of segs) {
      const shape = objectShape(doc, cur.schema, cur.path);
      const next = shape.props.get(seg);
      if (!next) {
        errors.push(`${mt} body has no \`${seg}\` at ${pointer(shape.path)}`);
        cur = undefined;
        break;
      }
      cur = next;
    }
    if (cur) return undefined; // resolves in at least one media type
  }
  return errors.join('; ') || `${o.op.operationId} has no request body schema`;
}
