/**
 * The URL-tree calls of the resources pass (README, "SDK naming"): each operation's call from its path, the scope
 * the paths start from left out where that gives no two operations one call, and the namespaces a path does not name
 * in front; and the test of whether a call can be printed at all.
 */
import type { ParsedApi as Api } from '../ir/api.ts';
import type { ParsedOperation } from '../ir/operation.ts';
import { engineMembers } from '../naming/engine-members.ts';
import { credentialNamespace, stageNamespace } from '../naming/namespaces.ts';
import { pathCall } from '../naming/sdk-rules.ts';
import { scopeOf, scopesOf } from '../naming/url-tree.ts';
import type { PagingTable } from './paging.ts';

type Operation = ParsedOperation & { sdkPath: string[] };

/** A camelCase identifier: what every part of a call must be. */
export const IDENT = /^[a-z][A-Za-z0-9]*$/;

/** A call of two or more identifiers, none of them a member of the client's or a resource's engine. */
export function usable(path: string[]): boolean {
  return (
    path.length >= 2 &&
    path.every((s) => IDENT.test(s)) &&
    !engineMembers().client.has(path[0]!) &&
    path.slice(1).every((segment) => !engineMembers().resource.has(segment))
  );
}

/**
 * The URL-tree call of every operation, as deep as its path (twilio-node: `sip.domains.auth.calls.credentialListMappings
 * .create`). Under `auto`, a scope the API's paths start from (`/accounts/{account_id}/…`, Twilio's and Cloudflare's)
 * is left out of the calls below it where that gives no two operations one call. A surface the path does not name
 * goes in front (`admin`, `beta`: naming/namespaces.ts).
 */
export function urlTree(
  api: Api,
  ops: Operation[],
  lists: PagingTable['lists'],
  auto: boolean,
): Map<Operation, string[]> {
  const methods = new Map<string, Set<string>>();
  for (const op of ops) methods.set(op.path, new Set([...(methods.get(op.path) ?? []), op.method]));
  const call = (op: Operation, path = op.path) =>
    pathCall(op.method, path, lists.has(op.operationId), op.operationId, methods.get(op.path));
  const calls = new Map(ops.map((op) => [op, call(op)] as const));
  if (auto) leaveScopes(ops, calls, call);
  // A surface the path does not name: a qualified credential's (`admin`), a pre-release stage (`beta`).
  for (const [op, c] of calls) {
    const before = [
      stageNamespace(op.stage, op.path),
      credentialNamespace(op.security, api.security, api.securitySchemes),
    ].filter((n): n is string => n !== undefined);
    if (before.length) calls.set(op, [...before, ...c]);
  }
  return calls;
}

/** Leaves the scope the API's paths start from out of the calls below it, where no two operations then meet. */
function leaveScopes(
  ops: Operation[],
  calls: Map<Operation, string[]>,
  call: (op: Operation, path?: string) => string[],
): void {
  const scopes = scopesOf(ops.map((o) => o.path));
  const inScope = new Map<Operation, string[]>();
  for (const op of ops) {
    const scope = scopeOf(op.path, scopes);
    const without = calls.get(op)!.slice(1);
    // Only the scope's resource leaves: a call whose meaning changes without it keeps it (`/projects/{id}/cancel`).
    if (scope && call(op, op.path.slice(scope.length)).join('.') === without.join('.'))
      inScope.set(op, without);
  }
  const count = new Map<string, number>();
  for (const key of ops.map((op) => (inScope.get(op) ?? calls.get(op)!).join('.')))
    count.set(key, (count.get(key) ?? 0) + 1);
  for (const [op, c] of inScope) if (count.get(c.join('.')) === 1 && usable(c)) calls.set(op, c);
}
