// platform-operation-fields: every operation under `paths` has operationId, tags, summary and description.
import { isObject, operations, opLabel, pointer } from './_lib.js';

export default function operationFields(doc) {
  if (!isObject(doc)) return [];
  const results = [];
  for (const o of operations(doc)) {
    const missing = [];
    if (typeof o.op.operationId !== 'string' || o.op.operationId.trim() === '') missing.push('operationId');
    if (!Array.isArray(o.op.tags) || o.op.tags.length === 0) missing.push('tags');
    if (typeof o.op.summary !== 'string' || o.op.summary.trim() === '') missing.push('summary');
    if (typeof o.op.description !== 'string' || o.op.description.trim() === '') missing.push('description');
    if (missing.length > 0) {
      results.push({
        message: `${opLabel(o)} at ${pointer(o.opPath)}: missing ${missing.join(', ')}.`,
        path: o.opPath,
      });
    }
  }
  return results;
}
