/**
 * The request line each operation is sent and routed on. Text after `#` in a path key is not part of the URL: Box
 * writes `/files/{file_id}#add_shared_link` for a second operation on `PUT /files/{file_id}`, and Box's own SDK sends
 * exactly that line, so the client sends the key without it. Operations that then share a method and a path form a
 * group the server tells apart by their requests: it tries their validators in spec order, the operation whose key
 * has no `#` last, and answers a request none accepts with the errors of the last one tried.
 *
 * The server authenticates and reads the body before validation, by the operation the line is routed to (the one
 * whose key has no `#`, else the first): an operation whose security or request media types differ from that one's
 * cannot be told apart. It is reported and left out, and the server never routes to it.
 */
import type { Diagnostics, Location } from '../diagnostics.ts';
import type { ParsedApi } from '../ir/api.ts';
import type { ParsedOperation } from '../ir/operation.ts';

export interface RequestLineTable {
  /** By operationId: the path sent and routed, the path key without its `#…` text. */
  wirePath: ReadonlyMap<string, string>;
  /**
   * By operationId of the operation a shared request line is routed to (the one whose key has no `#`, else the
   * first): every operation of the line the server tries, in order, itself among them.
   */
  candidates: ReadonlyMap<string, string[]>;
  /** By operationId of every other operation of a shared request line: the one it is routed to. */
  routedVia: ReadonlyMap<string, string>;
}

export function decideRequestLines(
  api: ParsedApi,
  locate: (pointer: string) => Location,
  diagnostics: Diagnostics,
): RequestLineTable {
  const wirePath = new Map<string, string>();
  const lines = new Map<string, ParsedOperation[]>();
  for (const op of api.operations) {
    const hash = op.path.indexOf('#');
    const path = hash < 0 ? op.path : op.path.slice(0, hash);
    wirePath.set(op.operationId, path);
    const line = `${op.method.toUpperCase()} ${path}`;
    lines.set(line, [...(lines.get(line) ?? []), op]);
  }
  const candidates = new Map<string, string[]>();
  const routedVia = new Map<string, string>();
  for (const [line, members] of lines) {
    if (members.length < 2) continue;
    // The keys with `#` in spec order, then the plain key: the general operation is the last resort.
    const ordered = [
      ...members.filter((op) => op.path.includes('#')),
      ...members.filter((op) => !op.path.includes('#')),
    ];
    const routed = ordered[ordered.length - 1]!.path.includes('#')
      ? ordered[0]!
      : ordered[ordered.length - 1]!;
    const tried: string[] = [];
    for (const op of ordered) {
      if (op !== routed) routedVia.set(op.operationId, routed.operationId);
      const differs = op === routed ? undefined : difference(routed, op);
      if (differs === undefined) {
        tried.push(op.operationId);
        continue;
      }
      diagnostics.report(
        'unsupported',
        `${op.operationId} shares the request line ${line} with ${routed.operationId} but differs in its ${differs}, so the server cannot tell its requests apart before reading them`,
        locate(op.pointer),
        `the server routes ${line} to ${routed.operationId} and never to ${op.operationId}; the client sends it as declared`,
      );
    }
    if (tried.length > 1) candidates.set(routed.operationId, tried);
  }
  return { wirePath, candidates, routedVia };
}

/** What the server decides before validation that differs between two operations, if anything. */
function difference(a: ParsedOperation, b: ParsedOperation): string | undefined {
  if (JSON.stringify(a.security) !== JSON.stringify(b.security)) return 'security';
  const types = (op: ParsedOperation) =>
    JSON.stringify((op.requestBody?.contents ?? []).map((c) => c.mediaType.toLowerCase()).sort());
  if (types(a) !== types(b) || Boolean(a.requestBody?.required) !== Boolean(b.requestBody?.required))
    return 'request media types';
  return undefined;
}
