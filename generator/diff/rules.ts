/**
 * The classification rules, one per kind of verdict. They are the usual compatibility principles, which the
 * Platform API's own Versioning section states as its rules 2 and 3 (the README maps them); reasons name the
 * principle, never one API's document, since the diff runs on any spec:
 *   no breaking changes within a major version (so anything not listed below and not purely additive or
 *           loosening is breaking);
 *   changes clients must tolerate: new resources (URLs); new optional request parameters; new properties
 *           in response objects or event data; changed property order; changed length or format of opaque
 *           strings such as IDs; new event types in streaming APIs.
 * Every module picks a rule id; severity and reason come only from here, so the policy lives in one table.
 */

/**
 * How a change affects callers. `breaking`, `compatible` and `docs` judge the API itself (what clients send and
 * receive); `client` is a change of the generated client's names only (an SDK call or a named type renamed or
 * removed): the API is unchanged, so it never fails the diff, but code that imports the old name must follow it.
 */
export type Severity = 'breaking' | 'client' | 'compatible' | 'docs';

interface Rule {
  severity: Severity;
  reason: string;
}

const NO_BREAKING = 'no breaking changes within a major version';

const compatible = (reason: string): Rule => ({ severity: 'compatible', reason });
const breaking = (reason: string): Rule => ({ severity: 'breaking', reason: `${reason} (${NO_BREAKING})` });

export const RULES = {
  // compatible: changes clients must tolerate
  'new-resource': compatible(`new resources (URLs) are backwards-compatible`),
  'new-optional-request-field': compatible(`new optional request parameters are backwards-compatible`),
  'new-response-field': compatible(
    `new properties in response objects or event data are backwards-compatible`,
  ),
  'property-order': compatible(`changed property order is backwards-compatible`),
  'opaque-string-format': compatible(
    `changed length or format of opaque strings such as IDs is backwards-compatible`,
  ),
  'new-stream-event': compatible(`new event types in streaming APIs are backwards-compatible`),
  'new-webhook': compatible(`new event types are backwards-compatible`),
  // compatible by the same principle: every request valid before stays valid; every response is one clients accept
  'loosened-request': compatible(`loosened request constraint: every request that was valid stays valid`),
  'narrowed-response': compatible(`narrowed response: every response is still one clients already accept`),
  'open-enum-value': compatible(
    `open enum: any string is accepted before and after; only the list of known values changed`,
  ),
  'changed-default': compatible(
    `informational: a default documents what the server assumes; every request and response stays valid`,
  ),
  'new-encoding': compatible(`additive: an encoding entry for a field; the other fields are sent as before`),
  'new-success-status': compatible(
    `additive: another success status beside those kept; the answers clients handle still come`,
  ),
  'new-error-status': compatible(
    `additive: documents an error response; clients handle error statuses generically`,
  ),
  'opt-in-content': compatible(`additive: only requests that opt in (x-when) receive the new content type`),
  'new-type': compatible(`additive: a new named type breaks no existing code`),
  'new-auth-alternative': compatible(
    `additive: a new way to authenticate; every credential that worked before still works`,
  ),
  'new-transition': compatible(`additive: a new state or transition leaves existing flows intact`),
  deprecated: compatible(`additive: deprecation is a notice; the element still works`),
  // client: the generated client's names, not the API
  'client-call-renamed': {
    severity: 'client',
    reason: 'the API is unchanged; code calling the generated client by the old name must use the new one',
  },
  'removed-type': {
    severity: 'client',
    reason: 'the API is unchanged; code importing the named type from the generated client must follow it',
  },
  docs: {
    severity: 'docs',
    reason: 'documentation only: no effect on requests, responses or generated code',
  },
  // breaking: everything else that changes what callers send or receive
  'removed-operation': breaking('removed or renamed operations break callers'),
  'removed-field': breaking('removed or renamed fields break callers'),
  'new-required-request-field': breaking('a new required request parameter breaks requests that omit it'),
  'became-required': breaking('a parameter that became required breaks requests that omit it'),
  'narrowed-request': breaking('narrowed types or enums in requests reject requests that were valid'),
  'tightened-constraint': breaking('tightened constraints reject requests that were valid'),
  'removed-enum-value-response': breaking('a removed enum value in responses breaks clients that handle it'),
  'new-enum-value-response': breaking(
    'a new value of a closed enum in response data breaks clients that switch over the values exhaustively (generated response enums are closed unions)',
  ),
  'optional-in-response': breaking('a response field that may now be absent breaks clients that read it'),
  'widened-response': breaking('a response may now carry values that clients do not expect'),
  'changed-type': breaking('a changed type breaks both requests and response handling'),
  'changed-status': breaking('a changed status code breaks response handling'),
  'changed-content-type': breaking('a changed content type breaks request encoding or response parsing'),
  'changed-serialization': breaking('a changed parameter serialisation changes the bytes on the wire'),
  'changed-auth': breaking('changed authentication breaks callers'),
  'changed-server': breaking('a changed server address breaks callers'),
  'removed-stream-event': breaking('a removed stream event type breaks clients that handle it'),
  'changed-stream-framing': breaking('changed stream framing breaks stream parsing'),
  'removed-webhook': breaking('a removed webhook event type breaks receivers that handle it'),
  'removed-transition': breaking('a removed state or transition breaks flows clients rely on'),
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

const RANK: Record<Severity, number> = { docs: 0, compatible: 1, client: 2, breaking: 3 };

/** The most severe of several rules (a schema used in both requests and responses is judged by the worse). */
export function worst(ids: RuleId[]): RuleId {
  let best = ids[0] ?? 'docs';
  for (const id of ids) if (RANK[RULES[id].severity] > RANK[RULES[best].severity]) best = id;
  return best;
}

export function severityRank(s: Severity): number {
  return RANK[s];
}
