/**
 * The server's view of each operation, derived once at `createServer` from the shared table
 * (protocol/operations.ts, which the client reads too) and the generated validators: what the pipeline looks up
 * per request, precomputed (the success content and its variants, the SSE framing, the header-stage body limit).
 */
import type { BodyKind, OperationFacts, ResponseFacts } from '../../protocol/operation.js';
import { DEFAULT_MAX_STRUCTURED_BODY_BYTES } from '../core/limits.js';
import type { OperationMeta, Routes, SuccessMeta } from '../core/types.js';

export function operationMetas(routes: Routes): Readonly<Record<string, OperationMeta>> {
  const metas: Record<string, OperationMeta> = {};
  for (const id in routes.operations) {
    const validate = routes.validators[id];
    // The generated routes file lists a validator for every operation; a hand-built table that misses one is a bug.
    if (validate === undefined) throw new Error(`No request validator for operation ${id}.`);
    metas[id] = operationMeta(routes.operations[id]!, validate);
  }
  for (const id in routes.operations) {
    const candidates = routes.operations[id]!.candidates;
    if (candidates) metas[id]!.candidates = candidates.map((other) => metas[other]!);
  }
  return metas;
}

function operationMeta(facts: OperationFacts, validate: OperationMeta['validate']): OperationMeta {
  const meta: OperationMeta = {
    operationId: facts.id,
    method: facts.method,
    secured: facts.auth !== false,
    success: { status: facts.status, kind: 'empty' },
    validate,
  };
  const body = facts.requestBody;
  if (body) {
    const mediaTypes: Record<string, BodyKind> = {};
    for (const mediaType in body.mediaTypes)
      mediaTypes[mediaType.toLowerCase()] = body.mediaTypes[mediaType]!;
    // Only operations that accept files or raw bytes get the large ceiling; JSON, forms and text get a small one.
    const files = Object.values(mediaTypes).some((kind) => kind === 'multipart' || kind === 'binary');
    meta.body = files
      ? { required: body.required, mediaTypes }
      : { required: body.required, mediaTypes, maxBytes: DEFAULT_MAX_STRUCTURED_BODY_BYTES };
    const types = Object.keys(mediaTypes);
    if (types.length === 1) meta.body.only = types[0]!;
  }
  const plain = facts.responses.find((r) => r.when === undefined) ?? facts.responses[0];
  if (plain) meta.success = successOf(facts.status, plain);
  // Contents chosen by the body (x-when), SSE included: the request decides the kind, not the handler's value.
  const variants = facts.responses
    .filter((r) => r.when !== undefined)
    .map((r) => ({ ...successOf(facts.status, r), when: r.when! }));
  if (variants.length) meta.variants = variants;
  const sse = facts.responses.find((r) => r.framing !== undefined);
  if (sse)
    meta.sse =
      sse.terminator === undefined
        ? { framing: sse.framing! }
        : { framing: sse.framing!, terminator: sse.terminator };
  if (facts.credential) meta.credential = facts.credential;
  if (facts.security) meta.security = facts.security;
  return meta;
}

function successOf(status: number, r: ResponseFacts): SuccessMeta {
  return r.mediaType === undefined
    ? { status, kind: r.kind }
    : { status, kind: r.kind, mediaType: r.mediaType };
}
