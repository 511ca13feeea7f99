// platform-x-sse / platform-x-when (spec/EXTENSIONS.md), over every response media type of every operation.
//
// check: sse  — every `text/event-stream` response has `x-sse`; `x-sse` has `framing` data-only | named, optional
//               string `terminator`, and `events`: a non-empty list of {name} (a data-only stream's one event is
//               named `message`; names unique), unless `x-not-shown` on `x-sse` says the events are not shown.
//               The event schemas are the media type's `schema` (one schema, or a oneOf/anyOf in the order of
//               the events), which other tools read; or, with a `{type: string}` schema, each event's `schema`.
// check: when — `x-when` is a JSON Schema object; a response whose media types use `x-when` keeps exactly one
//               default media type (without `x-when`); the operation has a request body to select on, and
//               the `required` properties of `x-when` exist in one of its media types.
import { deref, fmt, isObject, notShown, objectShape, operations, opLabel, pointer } from './_lib.js';

const SSE_KEYS = ['framing', 'terminator', 'events', 'description', 'x-not-shown'];
const EVENT_KEYS = ['name', 'schema', 'description', 'x-not-shown'];

export default function mediaExtensions(doc, options) {
  if (!isObject(doc)) return [];
  const check = options && options.check;
  const results = [];
  for (const o of operations(doc)) {
    if (!isObject(o.op.responses)) continue;
    for (const [code, raw] of Object.entries(o.op.responses)) {
      if (code.startsWith('x-')) continue;
      const site = [...o.opPath, 'responses', code];
      const { node: resp, path: respPath } = deref(doc, raw, site);
      if (!isObject(resp) || !isObject(resp.content)) continue;
      if (check === 'sse') sse(doc, o, resp, respPath, results);
      else if (check === 'when') when(doc, o, resp, respPath, results);
    }
  }
  return results;
}

function sse(doc, o, resp, respPath, results) {
  const media = resp.content['text/event-stream'];
  if (!isObject(media)) return;
  const mp = [...respPath, 'content', 'text/event-stream'];
  const report = (p, msg) => results.push({ message: `${opLabel(o)}: ${pointer(p)}: ${msg}`, path: p });
  const members = streamMembers(doc, media, [...mp, 'schema'], report);
  const x = media['x-sse'];
  if (x === undefined) return report(mp, 'text/event-stream media type without x-sse (framing and events).');
  const xp = [...mp, 'x-sse'];
  if (!isObject(x)) return report(xp, 'x-sse must be an object.');
  for (const k of Object.keys(x)) if (!SSE_KEYS.includes(k)) report([...xp, k], `unknown key \`${k}\` in x-sse (allowed: ${SSE_KEYS.join(', ')}).`);
  if (!['data-only', 'named'].includes(x.framing)) report([...xp, 'framing'], `framing must be data-only or named, found ${JSON.stringify(x.framing)}.`);
  if ('terminator' in x && typeof x.terminator !== 'string') report([...xp, 'terminator'], 'terminator must be a string.');
  const hidden = notShown(x).length > 0 || notShown(media).length > 0;
  if (!('events' in x)) {
    if (!hidden) report(xp, 'x-sse needs `events` (or x-not-shown saying the events are not shown).');
    return;
  }
  if (!Array.isArray(x.events) || (x.events.length === 0 && !hidden)) return report([...xp, 'events'], 'events must be a non-empty list of {name}.');
  if (members && members.length !== x.events.length) {
    report([...mp, 'schema'], `the schema gives ${members.length} event schema(s), x-sse names ${x.events.length} event(s); list them in the same order.`);
  }
  const names = [];
  x.events.forEach((e, i) => {
    const ep = [...xp, 'events', i];
    if (!isObject(e)) return report(ep, 'each event must be an object {name, schema}.');
    for (const k of Object.keys(e)) if (!EVENT_KEYS.includes(k)) report([...ep, k], `unknown key \`${k}\` in an x-sse event.`);
    if (typeof e.name !== 'string' || e.name === '') report([...ep, 'name'], 'event `name` must be a non-empty string.');
    else {
      if (x.framing === 'data-only' && e.name !== 'message') report([...ep, 'name'], `a data-only stream's event is named "message", found ${JSON.stringify(e.name)}.`);
      if (names.includes(e.name)) report([...ep, 'name'], `duplicate event name ${JSON.stringify(e.name)}.`);
      names.push(e.name);
    }
    if (members) {
      if ('schema' in e) report([...ep, 'schema'], `event ${JSON.stringify(e.name)}: its schema is the media type's schema (member ${i}); drop x-sse.events[${i}].schema.`);
    } else if (!isObject(e.schema)) report([...ep, 'schema'], `event ${JSON.stringify(e.name)} needs a schema.`);
    else {
      const r = deref(doc, e.schema, [...ep, 'schema']);
      if (r.node === undefined) report([...ep, 'schema'], `event ${JSON.stringify(e.name)}: ${r.error}.`);
    }
  });
}

// The event schemas given by the media type's `schema`, or undefined for the raw `{type: string}` form. Like the
// generator, a `oneOf`/`anyOf` written on the media type lists the events; any other schema is the one event's.
function streamMembers(doc, media, sp, report) {
  const s = media.schema;
  if (!isObject(s)) {
    report(sp, 'a text/event-stream media type needs a schema: the event schemas, or {type: string} with a schema on each x-sse event.');
    return undefined;
  }
  if (s.type === 'string' && !('$ref' in s)) return undefined;
  const key = Array.isArray(s.oneOf) ? 'oneOf' : Array.isArray(s.anyOf) ? 'anyOf' : undefined;
  const members = key ? s[key].map((m, i) => [m, [...sp, key, i]]) : [[s, sp]];
  for (const [m, p] of members) {
    const d = deref(doc, m, p);
    if (d.node === undefined) report(p, `event schema: ${d.error}.`);
  }
  return members;
}

function when(doc, o, resp, respPath, results) {
  const entries = Object.entries(resp.content).filter(([, m]) => isObject(m));
  const withWhen = entries.filter(([, m]) => 'x-when' in m);
  if (withWhen.length === 0) return;
  const cp = [...respPath, 'content'];
  const report = (p, msg) => results.push({ message: `${opLabel(o)}: ${pointer(p)}: ${msg}`, path: p });
  const defaults = entries.length - withWhen.length;
  if (defaults !== 1) report(cp, `exactly one media type must go without x-when (the default), found ${defaults} (${fmt(entries.filter(([, m]) => !('x-when' in m)).map(([k]) => k))}).`);
  const rb = deref(doc, o.op.requestBody, [...o.opPath, 'requestBody']).node;
  const bodyShapes = isObject(rb) && isObject(rb.content)
    ? Object.entries(rb.content).filter(([, m]) => isObject(m)).map(([mt, m]) => objectShape(doc, m.schema, [...o.opPath, 'requestBody', 'content', mt, 'schema']))
    : [];
  for (const [mt, m] of withWhen) {
    const wp = [...cp, mt, 'x-when'];
    const w = m['x-when'];
    if (!isObject(w)) { report(wp, 'x-when must be a JSON Schema object over the request body.'); continue; }
    if (bodyShapes.length === 0) { report(wp, 'x-when selects on the request body, but the operation has none.'); continue; }
    const names = [...(Array.isArray(w.required) ? w.required : []), ...(isObject(w.properties) ? Object.keys(w.properties) : [])];
    for (const n of new Set(names)) {
      if (!bodyShapes.some((s) => s.props.has(n))) report(wp, `x-when names \`${n}\`, which is not a property of the request body.`);
    }
  }
}
