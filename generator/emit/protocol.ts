/**
 * `generated/protocol/`: the rules client and server share (the error envelope, response selection, the
 * `X-Client-Request-Id` rule, SSE framing, the per-operation terms of both tables), copied verbatim from
 * templates/protocol/. Written once; `build` compiles it into each package that imports it (package/layout.ts).
 */
import type { GeneratedFile } from '../diagnostics.ts';
import { verbatimFolder } from '../render/templates.ts';

export function emitProtocol(): GeneratedFile[] {
  return verbatimFolder('protocol');
}
