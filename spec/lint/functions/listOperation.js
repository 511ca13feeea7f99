// platform-list-envelope / platform-list-parameters.
//
// A list operation is a GET under `paths` whose operationId starts with `list`, or whose 200 application/json
// schema is a list envelope (an `object` property whose only value is `list`, and a `data` array).
//
// check: envelope   — the 200 schema has `object` (const `list`, required), `data` (array, required),
//                     `has_more` (boolean, required), `first_id` and `last_id` (string, may be null).
//                     A member excused as below may also stay optional.
// check: parameters — query parameters `after`/`before` (string), `limit` (integer, minimum 1, maximum 100,
//                     default 20 when a default is given, and required to be given for the operations in
//                     options.limitDefaultStated: D1 says "default 20 where stated") and `order` (enum exactly
//                     asc, desc). `before` is only on some endpoints and is never required.
//
// A member that is absent is accepted only when the spec or the ruleset says why (an honest gap, never a
// silent one):
//   - `x-not-shown` on the operation or its path item (parameters), or on the operation, the 200 response,
//     its media type or its schema (envelope), naming the member as a word (`limit`, `first_id`) or the whole
//     group ("list parameters" / "query parameters"; "list response", "response shape", "envelope"): the
//     seeds say it exists but do not show it;
//   - an exemption in the ruleset (options.exemptions.<operationId>: {reason, parameters?, envelope?}): the
//     seeds show the operation in full and it does not have the member. An exemption whose member is in fact
//     present is reported as stale.
import {
  deref, enumValues, fmt, isObject, mentions, notShown, objectShape, operations, opLabel, parameters, pointer, sameSet, typesOf,
} from './_lib.js';

const ENVELOPE = ['object', 'data', 'has_more', 'first_id', 'last_id'];
const PARAMS = ['after', 'limit', 'order'];
const PARAM_GROUP = /\b(list|query|pagination) param(eter)?s\b/i;
const ENVELOPE_GROUP = /\blist response\b|\bresponse shape\b|\benvelope\b/i;

function listResponse(doc, o) {
  const site = [...o.opPath, 'responses', '200'];
  const raw = isObject(o.op.responses) ? o.op.responses['200'] : undefined;
  if (raw === undefined) return { site };
  const { node: resp } = deref(doc, raw, site);
  const media = isObject(resp) && isObject(resp.content) ? resp.content['application/json'] : undefined;
  if (!isObject(media) || media.schema === undefined) return { site, resp, media };
  const shape = objectShape(doc, media.schema, [...site, 'content', 'application/json', 'schema']);
  return { site, resp, media, shape };
}

function isEnvelope(doc, shape) {
  if (!shape) return false;
  const obj = shape.props.get('object');
  const data = shape.props.get('data');
  if (!obj || !data) return false;
  const ev = enumValues(doc, obj.schema, obj.path);
  return !!ev && ev.values.length === 1 && ev.values[0] === 'list' && typesOf(doc, data.schema, data.path).has('array');
}

export default function listOperation(doc, options) {
  if (!isObject(doc)) return [];
  const check = options && options.check;
  const exemptions = (options && options.exemptions) || {};
  const results = [];
  for (const o of operations(doc)) {
    if (o.method !== 'get') continue;
    const opId = typeof o.op.operationId === 'string' ? o.op.operationId : '';
    const lr = listResponse(doc, o);
    if (!opId.startsWith('list') && !isEnvelope(doc, lr.shape)) continue;
    const label = opLabel(o);
    const ex = Object.prototype.hasOwnProperty.call(exemptions, opId) ? exemptions[opId] : undefined;
    if (ex && (typeof ex.reason !== 'string' || ex.reason.trim() === '')) {
      results.push({ message: `${label}: the ruleset exemption for ${opId} has no reason.`, path: o.opPath });
    }
    if (check === 'envelope') results.push(...envelope(doc, o, lr, label, ex));
    else if (check === 'parameters') results.push(...params(doc, o, label, ex, (options && options.limitDefaultStated) || []));
  }
  return results;
}

function envelope(doc, o, lr, label, ex) {
  const out = [];
  const texts = [...notShown(o.op), ...notShown(lr.resp), ...notShown(lr.media), ...notShown(lr.shape && lr.shape.node)];
  const exempt = new Set((ex && ex.envelope) || []);
  const excused = (m) => exempt.has(m) || mentions(texts, m) || texts.some((t) => ENVELOPE_GROUP.test(t));
  if (!lr.shape) {
    if (!ENVELOPE.every(excused)) {
      out.push({ message: `${label}: list operation without a 200 application/json list envelope at ${pointer(lr.site)}.`, path: o.opPath });
    }
    return out;
  }
  const { props, required } = lr.shape;
  const where = pointer(lr.shape.path);
  const problems = [];
  const missing = ENVELOPE.filter((m) => !props.has(m) && !excused(m));
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')} (declare them, or name them in x-not-shown if the seeds do not show them)`);
  for (const m of exempt) if (props.has(m)) problems.push(`\`${m}\` is declared, so the ruleset exemption is stale: remove it`);
  const obj = props.get('object');
  if (obj) {
    const ev = enumValues(doc, obj.schema, obj.path);
    if (!ev || ev.open || !sameSet(ev.values, ['list'])) problems.push(`\`object\` must be the const "list"${ev ? `, found ${fmt(ev.values)}` : ''}`);
  }
  const data = props.get('data');
  if (data && !typesOf(doc, data.schema, data.path).has('array')) problems.push('`data` is not an array');
  const hasMore = props.get('has_more');
  if (hasMore && !typesOf(doc, hasMore.schema, hasMore.path).has('boolean')) problems.push('`has_more` is not a boolean');
  for (const m of ['first_id', 'last_id']) {
    const p = props.get(m);
    if (p && !typesOf(doc, p.schema, p.path).has('string')) problems.push(`\`${m}\` is not a string`);
  }
  // A member the spec says is not shown (or that is exempted) may stay optional.
  const notReq = ['object', 'data', 'has_more'].filter((m) => props.has(m) && !required.has(m) && !excused(m));
  if (notReq.length > 0) problems.push(`not required: ${notReq.join(', ')}`);
  if (problems.length > 0) out.push({ message: `${label}: list envelope ${where}: ${problems.join('; ')}.`, path: lr.site });
  return out;
}

function params(doc, o, label, ex, stated) {
  const out = [];
  const all = parameters(doc, o);
  const texts = [...notShown(o.op), ...notShown(o.item)];
  const exempt = new Set((ex && ex.parameters) || []);
  const excused = (m) => exempt.has(m) || mentions(texts, m) || texts.some((t) => PARAM_GROUP.test(t));
  const missing = PARAMS.filter((m) => !all.has(`query:${m}`) && !excused(m));
  if (missing.length > 0) {
    out.push({
      message: `${label}: list query parameter(s) ${missing.join(', ')} missing (declare them, name them in x-not-shown if the seeds do not show them, or exempt the operation with a reason in the ruleset).`,
      path: o.opPath,
    });
  }
  for (const m of exempt) {
    if (all.has(`query:${m}`)) out.push({ message: `${label}: query parameter \`${m}\` is declared, so the ruleset exemption is stale: remove it.`, path: o.opPath });
  }
  for (const name of ['after', 'before', 'limit', 'order']) {
    const entry = all.get(`query:${name}`);
    if (!entry) continue;
    const schema = deref(doc, entry.param.schema, [...entry.path, 'schema']);
    const s = schema.node;
    const problems = [];
    if (!isObject(s)) problems.push('no schema');
    else if (name === 'after' || name === 'before') {
      if (!typesOf(doc, s, schema.path).has('string')) problems.push('must be a string');
    } else if (name === 'limit') {
      const t = typesOf(doc, s, schema.path);
      if (!t.has('integer') || t.has('number')) problems.push('must be an integer');
      if (s.minimum !== 1) problems.push(`minimum must be 1 (found ${JSON.stringify(s.minimum)})`);
      if (s.maximum !== 100) problems.push(`maximum must be 100 (found ${JSON.stringify(s.maximum)})`);
      if ('default' in s && s.default !== 20) problems.push(`default must be 20 (found ${JSON.stringify(s.default)})`);
      else if (!('default' in s) && stated.includes(o.op.operationId)) problems.push('default must be 20 (the seeds state it for this operation)');
    } else if (name === 'order') {
      const ev = enumValues(doc, s, schema.path);
      if (!ev || ev.open || !sameSet(ev.values, ['asc', 'desc'])) problems.push(`must be the enum [asc, desc]${ev ? `, found ${fmt(ev.values)}${ev.open ? ' (open)' : ''}` : ''}`);
    }
    if (problems.length > 0) {
      out.push({ message: `${label}: query parameter \`${name}\` ${pointer(entry.path)}: ${problems.join('; ')}.`, path: entry.sitePath });
    }
  }
  return out;
}
