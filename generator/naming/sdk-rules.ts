/**
 * The two SDK naming rules, as pure functions of one operation (README, "SDK naming"):
 * - `paths`: the URL tree. Static segments nest as resources (version and API-prefix segments left out), the method
 *   comes from the HTTP method and the path's shape, a custom-method verb (`{name}:deployFlow`) or an action named
 *   in the path's fragment or query (`/#X-Amz-Target=SSMContacts.ListContacts`, `/?Action=DescribeRegions`).
 * - `operations`: tags and operationIds, as Stainless-, Speakeasy- and hey-api-generated SDKs name them:
 *   `client.<tag>.<operationId>` (`client.backup.createBackupPlan`), `Group_Verb` ids split at `_`, dotted ids
 *   (`dialogflow.projects.agents.get`) without the service prefix every id shares.
 */
import { camelCase, words, GENERIC_TITLE_WORDS } from './case.ts';
import { groupedId, isVerbPrefixed, verbPrefixedMethod, withoutData } from './operation-ids.ts';

/** A version segment: `v1`, `v3beta1`, `v1.2`, `2.0`, `2013-01-01`. */
const VERSION = /^(v\d+([a-z]+\d*)?(\.\d+)*|\d+(\.\d+)+|\d{4}-\d{2}-\d{2}(-preview)?)$/i;
/** An API prefix, left out only before the first resource (`/api/v1/users`; Azure's `/apis/{apiId}` stays). */
const PREFIX = /^(api|rest)$/i;

export function isVersionSegment(segment: string): boolean {
  return VERSION.test(segment);
}

/** A path segment as an identifier: `vector_stores` → `vectorStores`, `1-clicks` → `n1Clicks`. */
export function segmentIdentifier(segment: string): string {
  const c = camelCase(segment).replace(/^_/, '');
  return /^[0-9]/.test(c) ? `n${c}` : c;
}

/**
 * A path segment read as a plural noun, a collection: its last word ends in `s` but not `ss`, `us` or `is`
 * (`attachments`, `files`, `line_items`; not `access`, `status`, `analysis`, `cancel`, `complete`).
 */
export function isPluralNoun(segment: string): boolean {
  const word =
    segment
      .split(/[^A-Za-z]+|(?<=[a-z])(?=[A-Z])/)
      .filter(Boolean)
      .pop()
      ?.toLowerCase() ?? '';
  return word.length > 2 && word.endsWith('s') && !/(ss|us|is)$/.test(word);
}

/** Verbs a GET can name below a collection. */
const READ_ACTIONS =
  /^(search|find|lookup|query|count|verify|validate|preview|export|suggest|autocomplete)$/i;

/** First words of an operationId that name what a PUT or POST does instead of an update. */
const ACTIONS =
  /^(create|start|stop|cancel|enable|disable|restore|reset|run|send|publish|archive|execute|trigger|import|attach|detach|assign|revoke|approve|reject|close|lock|unlock|register|deregister|activate|deactivate)$/;

const isParam = (s: string | undefined): boolean => s?.startsWith('{') === true;

/** A path nothing but read: no method besides GET (and HEAD, OPTIONS) on it. */
const readOnly = (methods: ReadonlySet<string>): boolean =>
  !['put', 'post', 'patch', 'delete'].some((m) => methods.has(m));

/** A segment that starts with a verb names an action (`verify_microdeposits`, `cancel`), however it ends. */
const startsWithVerb = (segment: string): boolean => {
  const first = words(segment)[0] ?? '';
  return ACTIONS.test(first.toLowerCase()) || READ_ACTIONS.test(first);
};

export interface PathShape {
  /** Segments without version prefixes, custom verbs, fragment or query. */
  segments: string[];
  /** The method a custom verb, fragment or query action names (`deployFlow`, `listContacts`), if any. */
  action?: string;
}

/** The parts of a path the URL tree reads. */
export function pathShape(path: string): PathShape {
  const [beforeHash, fragment] = splitOnce(path, '#');
  const [bare, query] = splitOnce(beforeHash, '?');
  let action = actionOf(fragment) ?? actionOf(query);
  const all = bare.split('/').filter(Boolean);
  let start = 0;
  while (start < all.length - 1 && (VERSION.test(all[start]!) || PREFIX.test(all[start]!))) start++;
  // A segment mixing text and parameters (`campaigns.{start}-{end}`, `users.json`) keeps its leading text only:
  // URL fragments never become identifiers (`campaignsStartEnd`).
  // A word that is a customer's data (`securityClassification-6VMVochwUWo`) is left out of the segment.
  const segments = all
    .slice(start)
    .filter((s) => !VERSION.test(s))
    .map((s) => (s.startsWith('{') || !/[{.]/.test(s) ? s : s.replace(/[{.].*$/, '')))
    .map((s) => (s.startsWith('{') ? s : withoutData(s)))
    .filter(Boolean);
  const last = segments[segments.length - 1];
  // Google's custom methods: `{name}:deployFlow`, `flows:batchDelete` (a colon outside the braces).
  const colon = last?.match(/^(\{[^}]*\}|[^:{}]*):([A-Za-z][\w-]*)$/);
  if (colon) {
    action ??= colon[2]!;
    if (colon[1]) segments[segments.length - 1] = colon[1];
    else segments.pop();
  }
  return action ? { segments, action: segmentIdentifier(action) } : { segments };
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

/** `X-Amz-Target=SSMContacts.ListContacts` → `ListContacts`; `Action=DescribeRegions&Version=…` → `DescribeRegions`. */
function actionOf(part: string | undefined): string | undefined {
  if (!part) return undefined;
  // `/files/{file_id}#get_shared_link`: a bare fragment names the action.
  if (/^[A-Za-z][\w-]*$/.test(part)) return part;
  for (const pair of part.split('&')) {
    const [key, value] = splitOnce(pair, '=');
    // `?beta=true` selects a variant; it names no action.
    if (!value || /^version$/i.test(key) || /^(true|false|\d+)$/i.test(value)) continue;
    const name = value.split('.').pop()!;
    if (/^[A-Za-z][\w-]*$/.test(name)) return name;
  }
  return undefined;
}

/**
 * The URL-tree call of an operation. `list` tells whether a GET answers a list (an array, or an object around
 * one): a GET on a collection is its `list` whatever its paging. `beside` holds the other methods of the same path: a
 * PATCH beside a PUT is `edit` (the partial update), so the two never meet on `update`.
 */
export function pathCall(
  method: string,
  path: string,
  list: boolean,
  operationId: string,
  beside: ReadonlySet<string> = new Set(),
): string[] {
  const { segments, action } = pathShape(path);
  const statics = segments.filter((s) => !isParam(s)).map(segmentIdentifier);
  if (action) return [...statics, action];
  const last = segments[segments.length - 1];
  const beforeLast = segments[segments.length - 2];
  // A PUT or POST the operationId calls another action (`StartBackupJob`, `CreateBackupVault`) is that action.
  const said = words(operationId)[0]?.toLowerCase() ?? '';
  const update = ACTIONS.test(said) ? said : method === 'patch' && beside.has('put') ? 'edit' : 'update';
  if (isParam(last)) {
    // A GET answering a list is a `list` filtered by its last parameter (`/arrivalBoard/{id}`, `/tags/{resourceArn}`).
    const verb = method === 'get' ? (list ? 'list' : 'retrieve') : method === 'delete' ? 'delete' : update;
    return [...statics, verb];
  }
  // After a path parameter, a POST to a verb is an action (`/batches/{id}/cancel`: `batches.cancel`); to a plural
  // noun it adds to that collection (`/projects/{id}/attachments`: `projects.attachments.create`), never a noun call.
  if (isParam(beforeLast) && method === 'post') {
    return isPluralNoun(last!) && !startsWithVerb(last!)
      ? [...statics, 'create']
      : [...statics.slice(0, -1), segmentIdentifier(last!)];
  } // Below a static segment, a POST to a verb is that resource's action (`/fine_tuning/alpha/graders/validate`:
  // `graders.validate`, as OpenAI's SDK names it), not a `create` on a resource named after the verb.
  if (method === 'post' && beforeLast && !isParam(beforeLast) && startsWithVerb(last!))
    return [...statics.slice(0, -1), segmentIdentifier(last!)];
  // A GET to a read verb below a collection is an action of the collection (`/customers/search`: `customers.search`);
  // other words there are sub-resources (`/usage/records/daily`: `usage.records.daily.list`).
  if (method === 'get' && beforeLast && !isParam(beforeLast) && READ_ACTIONS.test(last!))
    return [...statics.slice(0, -1), segmentIdentifier(last!)];
  // A read-only view in a group of views (`/radar/http/top/browser_family`: a GET alone on its path, answering no
  // list, below a static segment that itself follows a static segment, no id between) is a method of the group,
  // named after the view (`radar.http.top.browserFamily`). Below a first resource (`/fine_tuning/model_limits`) or
  // an item (`/accounts/{id}/devices/settings`) it stays a resource of its own.
  const group = segments[segments.length - 3];
  if (
    method === 'get' &&
    !list &&
    group &&
    !isParam(group) &&
    beforeLast &&
    !isParam(beforeLast) &&
    readOnly(beside)
  )
    return [...statics.slice(0, -1), segmentIdentifier(last!)];
  // A PUT on a collection that its operationId calls a creation (`PUT /backup/plans/`, `CreateBackupPlan`) creates.
  // A DELETE on a collection (a plural noun, no item after it) removes several of its members: `bulkDelete`, so it
  // never reads as the deletion of one (`/zones/{id}/api_gateway/operations`: `apiGateway.operations.bulkDelete`).
  if (method === 'delete' && isPluralNoun(last!) && !startsWithVerb(last!)) return [...statics, 'bulkDelete'];
  const creates = method === 'post' || (method === 'put' && /^create/i.test(operationId));
  const verb =
    method === 'get'
      ? list
        ? 'list'
        : 'retrieve'
      : creates
        ? 'create'
        : method === 'delete'
          ? 'delete'
          : update;
  return [...statics, verb];
}

/** Words of API titles that name no service (`Amazon`, `API`, `Service`). */
const GENERIC_FOR_SDK = new Set([
  ...GENERIC_TITLE_WORDS,
  'amazon',
  'aws',
  'azure',
  'microsoft',
  'google',
  'web',
  'for',
  'and',
  'of',
  'client',
  'server',
  'swagger',
  'management',
]);

/** A resource named from `info.title` for operations without a tag: "AWS Backup" → `backup`. */
export function titleResource(title: string, count = 2): string {
  const kept = words(title)
    .filter((w) => !GENERIC_FOR_SDK.has(w.toLowerCase()) && !/^\d/.test(w))
    .slice(0, count);
  return kept.length ? segmentIdentifier(kept.join(' ')) : 'api';
}

export interface OperationsContext {
  /** The first dotted part every operationId shares (`dialogflow`), dropped from dotted ids. */
  sharedPrefix?: string;
  /** The resource of untagged operations. */
  untagged: string;
  /** The vendor's name in words (`twilio`), left out of the front of a tag. */
  vendor?: string[];
}

/** The first dotted part of every operationId when they all have one in common. */
export function sharedDottedPrefix(ids: string[]): string | undefined {
  const firsts = new Set(ids.map((id) => (id.includes('.') ? id.split('.')[0] : undefined)));
  const first = [...firsts][0];
  return firsts.size === 1 && first ? first : undefined;
}

/**
 * A tag as a resource, without the API, version, date and vendor words in front of it: `Api20100401Message` →
 * `message`, `v2 Users` → `users`, `Stripe Customers` → `customers` (when the API is Stripe's).
 */
export function tagResource(tag: string, vendor: string[] = []): string {
  const all = words(tag).flatMap((w) => w.split(/(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/));
  let i = 0;
  const front = (w: string) =>
    /^(api|apis|rest)$/i.test(w) || /^\d+$/.test(w) || VERSION.test(w) || vendor.includes(w.toLowerCase());
  while (i < all.length - 1 && front(all[i]!)) i++;
  return segmentIdentifier(all.slice(i).join(' '));
}

/** The tags-and-operationIds call: `[resource, method]`, the method at most `budget` characters where it can be. */
export function operationCall(
  tags: string[],
  operationId: string,
  ctx: OperationsContext,
  budget = Infinity,
): string[] {
  let id = operationId;
  if (ctx.sharedPrefix && id.startsWith(`${ctx.sharedPrefix}.`)) id = id.slice(ctx.sharedPrefix.length + 1);
  const tag = tags[0] ? tagResource(tags[0], ctx.vendor) : undefined;
  // `BackupPlans_List` (Azure's Group_Verb), `packages/list-for-user` (GitHub's): the group is the resource.
  const grouped = groupedId(id);
  if (grouped) return [segmentIdentifier(grouped[0]), shorten(segmentIdentifier(grouped[1]), budget)];
  const resource = tag || ctx.untagged;
  // `get_folders_id_items`: the tag is the resource, never the HTTP method (`client.get.foldersIdItems`).
  if (isVerbPrefixed(id)) return [resource, shorten(verbPrefixedMethod(id), budget)];
  // A dotted id repeats its resource (`projects.locations.agents.get` under the tag `projects`): drop it, then the
  // leading parts while the method is over budget (`processorVersions.evaluations.list` → `evaluationsList`).
  const parts = id.split('.').filter(Boolean);
  if (parts.length > 1 && segmentIdentifier(parts[0]!) === resource) parts.shift();
  while (parts.length > 2 && segmentIdentifier(parts.join(' ')).length > budget) parts.shift();
  return [resource, shorten(segmentIdentifier(withoutData(parts.join(' '))), budget)];
}

const FILLER = new Set(['for', 'and', 'of', 'the', 'a', 'an', 'to', 'from', 'in', 'on', 'with', 'at']);

/**
 * A method over budget loses what follows `By` (`putBucketsTestsByBucketKeyAndId` → `putBucketsTests`), then its
 * filler words (`getArtifactAndLogRetentionSettingsOrganization` → `getArtifactLogRetentionSettingsOrganization`).
 */
function shorten(method: string, budget: number): string {
  if (method.length <= budget) return method;
  const cut = /^(.+?)By[A-Z]/.exec(method);
  if (cut) return cut[1]!;
  const [first, ...rest] = words(method);
  const kept = [first!, ...rest.filter((w) => !FILLER.has(w.toLowerCase()))];
  return kept.length > 1 ? camelCase(kept.join(' ')) : method;
}

/** A word without its plural ending: `policies` → `policy`, `orgs` → `org`, `status` stays. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  return isPluralNoun(w) ? w.slice(0, -1) : w;
}

/**
 * Shortens the method of an over-long call by the words of its own path (README, "SDK naming"), one step at a time
 * while the call is over `budget` characters (`length` measures the whole call):
 * 1. a word the path spells shorter takes the path's spelling: `Organization` → `Org` under `/orgs/`,
 *    `Repository` → `Repo` and `Repositories` → `Repos` under `/repos/` (the API's own abbreviation);
 * 2. the words naming the owner the path starts from (`/enterprises/{enterprise}`, `/orgs/{org}`, `/user`: the
 *    authenticated user), which the call's arguments already say: `removeOrganizationsEnterpriseCodingAgentPolicy`
 *    → `removeOrganizationsCodingAgentPolicy`. Returned apart: the caller keeps it only when no other call has it.
 * The verb (first word) is never dropped.
 */
export function shortenByPath(
  method: string,
  path: string,
  budget: number,
  length: (method: string) => number,
): { spelled: string; withoutOwner: string } {
  const statics = pathShape(path).segments.filter((s) => !isParam(s));
  const pathWords = statics.flatMap((s) => words(s)).map(singular);
  let spelled = method;
  if (length(spelled) > budget) {
    const [verb, ...rest] = words(method);
    const respelled = rest.map((w) => {
      const lower = w.toLowerCase();
      // An abbreviation, not a word of the same stem (`conflicts` does not shorten `conflicting`).
      const short = pathWords.find(
        (p) => p.length >= 3 && lower.length >= 2 * p.length && lower.startsWith(p),
      );
      if (!short) return w;
      return singular(lower) === lower ? short : `${short}s`;
    });
    spelled = camelCase([verb!, ...respelled].join(' '));
  }
  let withoutOwner = spelled;
  const owner = statics[0] ? singular(words(statics[0]).pop() ?? '') : '';
  if (owner && length(spelled) > budget) {
    const [verb, ...rest] = words(spelled);
    // `/user` is the authenticated user: `…AuthenticatedUser` names it in two words.
    const ownerWords = new Set([owner, ...(owner === 'user' ? ['authenticated'] : [])]);
    const kept = rest.filter((w) => !ownerWords.has(singular(w)));
    if (kept.length && kept.length < rest.length) withoutOwner = camelCase([verb!, ...kept].join(' '));
  }
  return { spelled, withoutOwner };
}
