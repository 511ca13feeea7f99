/**
 * What Prism needs to judge a set of operations' requests: those operations (their path items keep their own
 * parameters and servers), each response's content with an empty schema (`{}`: any body), the document's other
 * top-level fields, and of `components` only what the requests' `$ref`s reach. Prism dereferences the whole document
 * on start, and on a densely linked one that never ends: Stripe's, even cut to one operation, had not started after
 * ten minutes (json-schema-ref-parser's `crawl`), because its responses reach almost every schema. The lane judges
 * requests, and what Prism checks of a request depends only on the request's own parameters and body.
 */
type Node = Record<string, unknown>;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function pruneSpec(doc: Node, keep: { path: string; method: string }[]): Node {
  const paths: Record<string, Node> = {};
  const source = doc.paths as Record<string, Node>;
  for (const { path, method } of keep) {
    const item = source[path]!;
    const target = (paths[path] ??= Object.fromEntries(
      Object.entries(item).filter(([k]) => !METHODS.has(k)),
    ));
    target[method.toLowerCase()] = withoutResponseSchemas(item[method.toLowerCase()] as Node);
  }
  // Webhooks are not requests the client sends: left out, with what only they reach.
  const out: Node = { ...doc, paths };
  delete out.webhooks;
  delete out['x-webhooks'];
  const components = doc.components as Record<string, Record<string, unknown>> | undefined;
  if (!components) return out;
  const kept: Record<string, Record<string, unknown>> = {};
  const seen = new Set<string>();
  const queue: unknown[] = [paths, doc.security];
  // securitySchemes are reached by name from security requirements, not by $ref: keep them whole.
  if (components.securitySchemes) kept.securitySchemes = components.securitySchemes;
  while (queue.length) {
    const node = queue.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      queue.push(...node);
      continue;
    }
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/') && !seen.has(ref)) {
      seen.add(ref);
      // `#/components/<section>/<name>`, or a place inside it (`…/Tag/allOf/0`): the whole component is kept.
      const [, , section, raw = ''] = ref.split('/');
      const name = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      const target = components[section!]?.[name];
      if (target !== undefined) {
        (kept[section!] ??= {})[name] = target;
        queue.push(target);
      }
    }
    for (const v of Object.values(node)) queue.push(v);
  }
  return { ...out, components: kept };
}

/**
 * The schema Prism answers a media type with. JSON and XML bodies get `{}` (any value: Prism serializes whatever it
 * makes). Any other media type gets `{ type: 'string' }`: Prism 5.14.2's server serializes a text type only from a
 * string ("Cannot serialise complex objects as text") and a type it has no serializer for (`application/pdf`,
 * `image/jpg`, `application/octet-stream`) only when the body is a string ("Cannot find serializer for …"). The media
 * types themselves stay, so a request's `Accept` negotiates as against the full spec (a 406 stays a 406).
 */
export function answerSchema(mediaType: string): Record<string, unknown> {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  return /^application\/(.+\+)?(json|xml)$|^text\/xml$/.test(type) ? {} : { type: 'string' };
}

/** Each response keeps its status and media types; its body schema becomes answerSchema's and its headers go. */
function withoutResponseSchemas(operation: Node): Node {
  const responses: Record<string, Node> = {};
  for (const [status, raw] of Object.entries((operation.responses ?? {}) as Record<string, Node>)) {
    const content = raw.content as Record<string, unknown> | undefined;
    responses[status] = {
      description: typeof raw.description === 'string' ? raw.description : status,
      ...(content
        ? { content: Object.fromEntries(Object.keys(content).map((m) => [m, { schema: answerSchema(m) }])) }
        : {}),
    };
  }
  // A response given as a $ref (components/responses) is read as having a JSON body.
  for (const [status, raw] of Object.entries((operation.responses ?? {}) as Record<string, Node>))
    if (typeof raw.$ref === 'string')
      responses[status] = { description: status, content: { 'application/json': { schema: {} } } };
  return { ...operation, responses, ...(operation.callbacks ? { callbacks: undefined } : {}) };
}
