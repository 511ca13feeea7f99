import type { Api } from '../../generator/ir/api.ts';
import { isVersionSegment } from '../../generator/naming/sdk-rules.ts';
import { MAX_DEPTH, MAX_LENGTH } from '../../generator/passes/resources.ts';
import { isListGet } from '../../generator/passes/paging.ts';

export type NamingRule = 'list named retrieve' | 'version segment' | 'deeper than 4' | 'longer than 60';

export function namingBreaks(api: Api): { rule: NamingRule; call: string; operationId: string }[] {
  const out: { rule: NamingRule; call: string; operationId: string }[] = [];
  for (const op of api.operations) {
    const call = `client.${op.sdkPath.join('.')}`;
    const add = (rule: NamingRule) => out.push({ rule, call, operationId: op.operationId });
    if (isListGet(api, op) && op.sdkPath[op.sdkPath.length - 1] === 'retrieve') add('list named retrieve');
    // `n2013…`, `v3beta1`: a version kept as a resource.
    if (op.sdkPath.slice(0, -1).some((s) => isVersionSegment(s) || /^n\d{4}\d{2}\d{2}$|^n\d+$/.test(s)))
      add('version segment');
    if (op.sdkPath.length > MAX_DEPTH) add('deeper than 4');
    if (call.length > MAX_LENGTH) add('longer than 60');
  }
  return out;
}

export function namingFindings(name: string, api: Api): string[] {
  return namingBreaks(api).map((b) => `${b.rule}: ${b.call} (${b.operationId})`);
}
