import type { JsonValue } from '../ir/base.ts';
import type { RuleId, Severity } from './rules.ts';

export type { Severity };

/** Which way a value travels: requests are sent by clients, responses and event data are received by them. */
export type Position = 'request' | 'response';

export interface Change {
  severity: Severity;
  /** The rule that classified it (see `RULES`). */
  rule: RuleId;
  /** Short reason: the compatibility principle the change meets or breaks. */
  reason: string;
  /** Area slug for grouping (`videos`, `webhooks`, `general`). */
  area: string;
  /** What it belongs to: `operation createVideo`, `schema Video`, `webhook response.completed`. */
  subject: string;
  /** Where inside the subject, e.g. `body.seconds`, `query.limit`, `200 application/json.data[]`. Empty for the subject itself. */
  location: string;
  /** What changed, in words. */
  message: string;
  /** For a named schema's change: the operations (and `webhook <name>`s) whose types reach the schema. */
  usedBy?: string[];
  before?: JsonValue;
  after?: JsonValue;
}

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface DiffResult {
  changes: Change[];
  summary: { breaking: number; client: number; compatible: number; docs: number; bump: Bump };
}
