/** What a handler gets of a request, and the JSON part of its body. */
import type { Json, JsonObject, OperationModel } from './types.js';

export interface HandlerInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  operationId: string;
  principal?: { key?: unknown };
}

export type Handler = (input: HandlerInput) => unknown;

/** Hooks for operations that compute something (fakes) or issue credentials; return undefined to fall back. */
export type Compute = (
  operationId: string,
  op: OperationModel,
  input: HandlerInput,
  made: () => Json | undefined,
) => unknown;

/** The JSON part of a request body: files and byte streams are left out. */
export function jsonOf(body: unknown): JsonObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob))
      continue;
    if (
      typeof v === 'object' &&
      v !== null &&
      (Symbol.asyncIterator in v || typeof (v as { getReader?: unknown }).getReader === 'function')
    )
      continue;
    out[k] = v as Json;
  }
  return out;
}
