import type { Api } from '../ir/api.ts';
import { DiffContext } from './context.ts';
import { diffDocument } from './document.ts';
import { diffOperations } from './operations.ts';
import { severityRank } from './rules.ts';
import { diffSchemas } from './schemas.ts';
import { diffSecurity } from './security.ts';
import { diffServers } from './servers.ts';
import { diffStateMachines } from './state-machines.ts';
import type { Bump, Change, DiffResult } from './types.ts';
import { diffWebhooks } from './webhooks.ts';

// Schemas run first: they record renamed schemas so their uses are not reported again.
const STEPS: readonly ((ctx: DiffContext) => void)[] = [
  diffSchemas,
  diffOperations,
  diffWebhooks,
  diffSecurity,
  diffServers,
  diffStateMachines,
  diffDocument,
];

export function diffApis(base: Api, head: Api): DiffResult {
  const ctx = new DiffContext(base, head);
  for (const step of STEPS) step(ctx);
  const changes = dedupe(ctx.changes).sort(compareChanges);
  const count = (s: Change['severity']) => changes.filter((c) => c.severity === s).length;
  const summary = {
    breaking: count('breaking'),
    client: count('client'),
    compatible: count('compatible'),
    docs: count('docs'),
    bump: 'none' as Bump,
  };
  // A client rename breaks code that uses the generated client even though the API is unchanged: a major bump of
  // the client, never a failed diff.
  summary.bump =
    summary.breaking || summary.client
      ? 'major'
      : summary.compatible
        ? 'minor'
        : summary.docs
          ? 'patch'
          : 'none';
  return { changes, summary };
}

const key = (c: Change) => [c.area, c.subject, c.location, c.message].join('\u0000');

function dedupe(changes: Change[]): Change[] {
  const seen = new Set<string>();
  return changes.filter((c) => !seen.has(key(c)) && seen.add(key(c)));
}

/** Breaking first, then by area, subject, location and message: a stable order for output and goldens. */
export function compareChanges(a: Change, b: Change): number {
  const bySeverity = severityRank(b.severity) - severityRank(a.severity);
  if (bySeverity) return bySeverity;
  for (const k of ['area', 'subject', 'location', 'message'] as const) {
    if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  }
  return 0;
}

export type { Change, DiffResult, Bump, Severity, Position } from './types.ts';
export { RULES, type RuleId } from './rules.ts';
