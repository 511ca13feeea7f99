import type { Api } from '../../generator/ir/api.ts';
import type { Operation } from '../../generator/ir/operation.ts';
import { isVersionSegment, pathShape, segmentIdentifier } from '../../generator/naming/sdk-rules.ts';
import { MAX_LENGTH } from '../../generator/passes/resources.ts';
import { isListGet } from '../../generator/passes/paging.ts';

export type NamingRule = 'list named retrieve' | 'version segment' | 'longer than 60 off the path';

/**
 * Whether a call's resources are its path's own static segments, in order (a namespace such as `admin` or `beta` may
 * come first): such a call is as long as its path, as the vendors' SDKs make it; any other call keeps to 60 characters.
 */
function followsPath(op: Operation): boolean {
  const statics = pathShape(op.path)
    .segments.filter((s) => !s.startsWith('{'))
    .map(segmentIdentifier);
  const resources = op.sdkPath.slice(0, -1);
  const start = resources.findIndex((r) => statics.includes(r));
  if (start < 0 || start > 2) return false;
  let i = 0;
  for (const r of resources.slice(start)) {
    while (i < statics.length && statics[i] !== r) i++;
    if (i++ >= statics.length) return false;
  }
  return true;
}

export function namingBreaks(api: Api): { rule: NamingRule; call: string; operationId: string }[] {
  const out: { rule: NamingRule; call: string; operationId: string }[] = [];
  for (const op of api.operations) {
    const call = `client.${op.sdkPath.join('.')}`;
    const add = (rule: NamingRule) => out.push({ rule, call, operationId: op.operationId });
    if (isListGet(api, op) && op.sdkPath[op.sdkPath.length - 1] === 'retrieve') add('list named retrieve');
    // `n2013…`, `v3beta1`: a version kept as a resource.
    if (op.sdkPath.slice(0, -1).some((s) => isVersionSegment(s) || /^n\d{4}\d{2}\d{2}$|^n\d+$/.test(s)))
      add('version segment');
    if (call.length > MAX_LENGTH && !followsPath(op)) add('longer than 60 off the path');
  }
  return out;
}

export function namingFindings(name: string, api: Api): string[] {
  return namingBreaks(api).map((b) => `${b.rule}: ${b.call} (${b.operationId})`);
}
