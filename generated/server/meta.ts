// Copied by platform-api-codegen from its runtime (templates/server/meta.ts). Do not edit: every generation replaces it.
/**
 * The types the pipeline (core.ts), the responder (respond.ts) and the credential reader (credentials.ts) share:
 * an entry of the generated operation table and the transport-neutral response. A module of its own so that those
 * modules import core.ts's types without importing core.ts (they form no cycle).
 */
import type { RequestInput, ValidationResult } from '../validators/runtime.js';
import type { SseFraming } from './sse.js';

export type ResponseBody = Uint8Array | string | AsyncIterable<Uint8Array> | null;

export interface NeutralResponse {
  status: number;
  headers: Record<string, string>;
  body: ResponseBody;
  /** Close the connection after answering (the rest of the body is not read). */
  close?: boolean;
  /** No route matched: an adapter inside a framework passes the request on (Express's `next()`) instead. */
  unrouted?: boolean;
}

/** What the generated operation table says about one operation. */
export interface OperationMeta {
  operationId: string;
  method: string;
  secured: boolean;
  /** Accepted request media types (lower case) and whether a body is required; absent: no body. */
  body?: {
    required: boolean;
    mediaTypes: Readonly<Record<string, 'json' | 'multipart' | 'form' | 'binary' | 'text'>>;
    maxBytes?: number;
  };
  /** Status and kind of the success response. */
  success: SuccessMeta;
  /** Success contents chosen by the request body (the spec's `x-when`): each field present with a listed value. */
  variants?: readonly (SuccessMeta & { when: Readonly<Record<string, readonly unknown[]>> })[];
  /** SSE framing when the operation can stream (the request selects the `sse` success content). */
  sse?: SseFraming;
  validate: (input: RequestInput) => ValidationResult<unknown>;
  /**
   * Where the credential is when not `Authorization: Bearer <token>` (the spec's securitySchemes): HTTP basic
   * (`authenticate` gets `user:password`), or an API key in a header, the query or a cookie.
   */
  credential?: { kind: 'basic' } | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string };
}

export interface SuccessMeta {
  status: number;
  kind: 'json' | 'sse' | 'binary' | 'text' | 'empty';
  mediaType?: string;
}
