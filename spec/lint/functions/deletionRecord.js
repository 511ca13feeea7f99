// platform-delete-record: every DELETE operation answers 200 with a deletion record {id, deleted, object}
// (Document 1, shared conventions) whose `object` is a const ending in `.deleted`.
// Options: { plainObject: { <operationId>: <reason> } } — operations whose seeds give `object` as a plain string.
import { deref, enumValues, fmt, isObject, objectShape, operations, opLabel, pointer, typesOf } from './_lib.js';

export default function deletionRecord(doc, options) {
  if (!isObject(doc)) return [];
  const plain = (options && options.plainObject) || {};
  const results = [];
  for (const o of operations(doc)) {
    if (o.method !== 'delete') continue;
    const label = opLabel(o);
    const site = [...o.opPath, 'responses', '200'];
    const raw = isObject(o.op.responses) ? o.op.responses['200'] : undefined;
    if (raw === undefined) {
      results.push({ message: `${label}: no 200 response (a deletion record {id, deleted, object}).`, path: o.opPath });
      continue;
    }
    const { node: resp } = deref(doc, raw, site);
    const media = isObject(resp) && isObject(resp.content) ? resp.content['application/json'] : undefined;
    if (!isObject(media) || media.schema === undefined) {
      results.push({ message: `${label}: 200 response ${pointer(site)} has no application/json schema (a deletion record).`, path: site });
      continue;
    }
    const shape = objectShape(doc, media.schema, [...site, 'content', 'application/json', 'schema']);
    const where = pointer(shape.path);
    const problems = [];
    const id = shape.props.get('id');
    const deleted = shape.props.get('deleted');
    const object = shape.props.get('object');
    if (!id) problems.push('no `id` property');
    else if (!typesOf(doc, id.schema, id.path).has('string')) problems.push('`id` is not a string');
    if (!deleted) problems.push('no `deleted` property');
    else if (!typesOf(doc, deleted.schema, deleted.path).has('boolean')) problems.push('`deleted` is not a boolean');
    if (!object) problems.push('no `object` property');
    else {
      const ev = enumValues(doc, object.schema, object.path);
      const opId = o.op.operationId;
      const exempt = typeof opId === 'string' && Object.prototype.hasOwnProperty.call(plain, opId);
      if (ev && !ev.open) {
        if (ev.values.length !== 1 || typeof ev.values[0] !== 'string' || !ev.values[0].endsWith('.deleted')) {
          problems.push(`\`object\` must be a const ending in ".deleted", found ${fmt(ev.values)}`);
        } else if (exempt) {
          problems.push(`\`object\` is a const, so the ruleset exemption plainObject.${opId} is stale: remove it`);
        }
      } else if (!exempt) {
        problems.push('`object` is not a const ending in ".deleted" (exempt the operation in the ruleset only if the seeds give a plain string)');
      } else if (!typesOf(doc, object.schema, object.path).has('string')) {
        problems.push('`object` is not a string');
      }
    }
    const missingReq = ['id', 'deleted', 'object'].filter((n) => shape.props.has(n) && !shape.required.has(n));
    if (missingReq.length > 0) problems.push(`not required: ${missingReq.join(', ')}`);
    if (problems.length > 0) {
      results.push({ message: `${label}: deletion record ${where}: ${problems.join('; ')}.`, path: site });
    }
  }
  return results;
}
