// platform-rate-limit-response: every operation under `paths` documents a 429 response, and that response
// declares a `Retry-After` header (Document 1, Errors: "HTTP 429; may include Retry-After").
import { deref, isObject, operations, opLabel, pointer } from './_lib.js';

export default function rateLimitResponse(doc) {
  if (!isObject(doc)) return [];
  const results = [];
  for (const o of operations(doc)) {
    const responses = o.op.responses;
    const site = [...o.opPath, 'responses'];
    if (!isObject(responses) || !('429' in responses)) {
      results.push({ message: `${opLabel(o)} at ${pointer(site)}: no 429 response.`, path: isObject(responses) ? site : o.opPath });
      continue;
    }
    const { node, path, error } = deref(doc, responses['429'], [...site, '429']);
    if (!isObject(node)) {
      results.push({ message: `${opLabel(o)} at ${pointer([...site, '429'])}: ${error ?? 'invalid 429 response'}.`, path: [...site, '429'] });
      continue;
    }
    const headers = isObject(node.headers) ? Object.keys(node.headers) : [];
    if (!headers.some((h) => h.toLowerCase() === 'retry-after')) {
      results.push({
        message: `${opLabel(o)}: 429 response ${pointer(path)} has no Retry-After header.`,
        path: [...site, '429'],
      });
    }
  }
  return results;
}
