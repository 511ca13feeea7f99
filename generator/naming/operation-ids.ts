/**
 * What an operationId says about its call (README, "SDK naming"). Three kinds of ids are told apart:
 * - grouped ids, a deliberate SDK name: `issues/list-for-repo` (GitHub), `BackupPlans_List` (Azure's Group_Verb);
 * - verb-prefixed ids, the HTTP method and the path spelled out: `get_folders_id_items` (Box),
 *   `GET_access_settings-activity` (SendGrid); their group is the operation's tag, never the HTTP method;
 * - any other id (`createChatCompletion`, `FetchMessage`), used only when the URL tree gives no call.
 */
import { camelCase, words } from './case.ts';

const HTTP_VERB = /^(get|put|post|delete|patch|head|options|trace)$/i;

/** The group and verb of a grouped id, or undefined: `issues/list-for-repo` → `['issues', 'list-for-repo']`. */
export function groupedId(id: string): [group: string, verb: string] | undefined {
  const slash = /^([A-Za-z][A-Za-z0-9-]*)\/([A-Za-z][\w-]*)$/.exec(id);
  if (slash) return [slash[1]!, slash[2]!];
  // Group_Verb: both parts capitalised, the group a noun (`get_folders_id_items` and `list_users` are not groups).
  const underscore = /^([A-Z][A-Za-z0-9]*)_([A-Z][A-Za-z0-9]*)$/.exec(id);
  if (underscore && !HTTP_VERB.test(underscore[1]!)) return [underscore[1]!, underscore[2]!];
  return undefined;
}

/**
 * Whether an id starts with an HTTP method and an underscore: `get_folders_id_items`, `POST_mail-send`, ids spelled
 * from the path. A kebab-case id (`delete-group`) is a name like `deleteGroup`.
 */
export function isVerbPrefixed(id: string): boolean {
  const m = /^([A-Za-z]+)_/.exec(id);
  return m !== null && HTTP_VERB.test(m[1]!);
}

/**
 * A word that is data, not a name: an identifier a customer's account was given (`6VMVochwUWo` in Box's
 * `securityClassification-6VMVochwUWo`), told by mixing digits with upper- and lower-case letters.
 */
export function isDataWord(word: string): boolean {
  return word.length >= 8 && /[0-9]/.test(word) && /[a-z]/.test(word) && /[A-Z]/.test(word);
}

/** The words of a name less those that are data: `securityClassification-6VMVochwUWo` → `securityClassification`. */
export function withoutData(name: string): string {
  return name
    .split(/([-_.#])/)
    .filter((part) => !isDataWord(part))
    .join('')
    .replace(/[-_.#]+$/, '')
    .replace(/^[-_.#]+/, '');
}

const VERBS: Record<string, string> = { post: 'create', put: 'update', patch: 'update' };

function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  // `statuses` → `status`, `addresses` → `address`.
  if (/(ss|us)es$/.test(w)) return w.slice(0, -2);
  return w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w) ? w.slice(0, -1) : w;
}

/**
 * The method a verb-prefixed id names, read as a person would say it (Box's own SDK does the same):
 * `get_folders_id_items` → `getFolderItems` (a word before an `id` marker is one item), `put_folders_id` →
 * `updateFolderById`, `post_folders` → `createFolder`, `post_folders_id_copy` → `copyFolder` (a word after an item
 * is the action), `put_files_id#update_shared_link` → `updateSharedLink` (the fragment names the action),
 * `POST_campaigns-campaign_id-schedules` → `createCampaignSchedules` (a parameter named after its collection),
 * `POST_DescribeEngineDefaultClusterParameters` → `describeEngineDefaultClusterParameters` (an action's own name).
 * Words that are data are left out.
 */
export function verbPrefixedMethod(id: string): string {
  const [main, fragment] = id.split('#') as [string, string | undefined];
  if (fragment && words(fragment).length) return camelCase(withoutData(fragment));
  // `POST_DescribeEngineDefaultClusterParameters` (AWS query APIs): the HTTP method before an action's own name.
  const action = /^[A-Za-z]+_([A-Z][A-Za-z0-9]*)$/.exec(main);
  if (action) return camelCase(action[1]!);
  const [httpVerb, ...rest] = main
    .split(/[-_.]+/)
    .filter((w) => w && !isDataWord(w))
    .flatMap((w) => words(w));
  const verb = VERBS[httpVerb!.toLowerCase()] ?? httpVerb!.toLowerCase();
  const out: string[] = [];
  let afterItem = false;
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    // `users_me`: the authenticated user, one item of the collection before it (`getUserMe`).
    if (w.toLowerCase() === 'me' && out.length) {
      out.push(singular(out.pop()!), w);
      continue;
    }
    if (w.toLowerCase() === 'id') {
      const prev = out.pop();
      if (prev !== undefined) {
        // `campaigns campaign_id`: the parameter repeats its collection's name.
        if (out.length && singular(out[out.length - 1]!) === singular(prev)) out.pop();
        out.push(singular(prev));
      }
      afterItem = i === rest.length - 1 ? false : true;
      if (i === rest.length - 1) out.push('by', 'id');
      continue;
    }
    out.push(w);
  }
  // A POST to one word after an item is that action (`post_folders_id_copy`: copy the folder).
  const last = out[out.length - 1];
  if (verb === 'create' && afterItem && rest.length >= 3 && last && !/s$/i.test(last) && out.length >= 2)
    return camelCase([last, ...out.slice(0, -1)].join(' '));
  // A POST to a collection creates one of it.
  if (verb === 'create' && out.length && !rest.some((w) => w.toLowerCase() === 'id'))
    out[out.length - 1] = singular(out[out.length - 1]!);
  return camelCase([verb, ...out].join(' '));
}
