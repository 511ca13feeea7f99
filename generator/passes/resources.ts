/**
 * Builds the SDK resource tree (README, "SDK naming"; the rules in naming/): `paths`, the URL tree
 * (`/vector_stores/{id}/files` → `client.vectorStores.files.list`), `operations`, tags and operationIds
 * (`client.backup.createBackupPlan`), or `auto` (the default), each operation by the rule that fits it (`byEach`).
 * A call named by `x-sdk-call` or the config's `sdk.calls` is kept under any rule. Clashes that remain are numbered,
 * each reported with the config entry that names the call instead.
 */
import type { DiagnosticCode, Diagnostics, Location } from '../diagnostics.ts';
import type { ParsedApi as Api } from '../ir/api.ts';
import type { ParsedOperation } from '../ir/operation.ts';
import type { ResourceNode, ResourceRoot } from '../ir/resource.ts';
import { camelCase, pascalCase, words } from '../naming/case.ts';
import { engineMembers } from '../naming/engine-members.ts';
import { resourceFile } from '../naming/paths.ts';
import type { NameRegistry } from '../naming/resolver.ts';
import { groupedId, isVerbPrefixed } from '../naming/operation-ids.ts';
import {
  type OperationsContext,
  operationCall,
  pathShape,
  segmentIdentifier,
  sharedDottedPrefix,
  shortenByPath,
  singular,
  titleResource,
} from '../naming/sdk-rules.ts';
import { vendorWords } from '../naming/url-tree.ts';
import type { PagingTable } from './paging.ts';
import { methodRank } from './method-order.ts';
import { IDENT, urlTree, usable } from './url-calls.ts';

/**
 * An operation while its call is being decided: the pass's own working copy (the parsed model is left as it is),
 * starting from `x-sdk-call` when given.
 */
type Operation = ParsedOperation & { sdkPath: string[] };

/** What the resources pass decides. */
export interface CallTable {
  /** operationId → SDK call path. */
  sdkPaths: ReadonlyMap<string, string[]>;
  /** The root of the resource tree. */
  resources: ResourceRoot;
  /** The rule the calls were named by. */
  sdkNaming: 'paths' | 'operations';
}

/** How the config names SDK calls (`sdk` in codegen.config.json). */
export interface SdkNaming {
  naming: 'auto' | 'paths' | 'operations';
  /** operationId → `resource.method` (`backup.plans.create`). */
  calls: Record<string, string>;
}

export const DEFAULT_SDK_NAMING: SdkNaming = { naming: 'auto', calls: {} };
/**
 * The longest call (characters of `client.…`) the tags-and-operationIds rule makes from words of operationIds. A
 * URL-tree call is as long as its path, as the vendors' own SDKs make it.
 */
export const MAX_LENGTH = 60;

type Report = (code: DiagnosticCode, message: string, op: Operation, fallback: string) => void;

/** What the tags-and-operationIds rule groups an operation by: a vendor's group extension, else its tags. */
const groupOf = (op: Operation): string[] => (op.sdkGroup ? [op.sdkGroup] : op.tags);

/** The config entry that names an operation's call, for messages. */
function configHint(op: Operation, call = 'resource.method'): string {
  return `name it in codegen.config.json: "sdk": { "calls": { "${op.operationId}": "${call}" } }`;
}

/** Makes a rule-made call usable: a resource named like a client member gets `Api`, a method like a class member `call`. */
function fixUp(path: string[], op: Operation): string[] {
  let [resource, ...rest] = path;
  let method = rest.pop() ?? '';
  if (!resource || !IDENT.test(resource)) resource = `api${pascalCase(resource ?? '')}`;
  const { client, resource: members } = engineMembers();
  if (client.has(resource)) resource = `${resource}Api`;
  if (!IDENT.test(method) || members.has(method)) method = `call${pascalCase(method || op.operationId)}`;
  return [resource, ...rest.filter((s) => IDENT.test(s) && !members.has(s)), method];
}

/**
 * The tags-and-operationIds call of every rule-named operation. A call over 60 characters (not under a vendor's
 * declared SDK group) loses its method's words that repeat the resource, then is shortened by the words of its path
 * (`shortenByPath`), and untagged operations take one word of the title instead of two when that keeps them shorter.
 */
function byOperations(api: Api, ops: Operation[], explicit: Set<Operation>): void {
  const prefix = sharedDottedPrefix(api.operations.map((o) => o.operationId));
  const callsWith = (untagged: string) => {
    const ctx = { untagged, vendor: vendorWords(api.title), ...(prefix ? { sharedPrefix: prefix } : {}) };
    const made = new Map(ops.filter((o) => !explicit.has(o)).map((op) => [op, trimmed(op, ctx)] as const));
    // A call without its owner's words is kept only when no other operation has that call (`…Organization` and
    // `…Repository` of one setting would both lose the owner otherwise).
    const count = new Map<string, number>();
    for (const { call, withoutOwner } of made.values())
      for (const c of new Set([call.join('.'), withoutOwner?.join('.')]))
        if (c) count.set(c, (count.get(c) ?? 0) + 1);
    return new Map(
      [...made].map(
        ([op, { call, withoutOwner }]) =>
          [op, withoutOwner && count.get(withoutOwner.join('.')) === 1 ? withoutOwner : call] as const,
      ),
    );
  };
  const tooLong = (calls: Map<Operation, string[]>) =>
    [...calls.values()].some((c) => `client.${c.join('.')}`.length > MAX_LENGTH);
  let calls = callsWith(titleResource(api.title));
  if (tooLong(calls)) {
    const shorter = callsWith(titleResource(api.title, 1));
    if (
      !tooLong(shorter) ||
      [...shorter.values()].filter((c) => `client.${c.join('.')}`.length > MAX_LENGTH).length <
        [...calls.values()].filter((c) => `client.${c.join('.')}`.length > MAX_LENGTH).length
    )
      calls = shorter;
  }
  for (const [op, call] of calls) op.sdkPath = call;
}

function trimmed(op: Operation, ctx: OperationsContext): { call: string[]; withoutOwner?: string[] } {
  const first = operationCall(groupOf(op), op.operationId, ctx);
  // A group the vendor declared for its SDK (`x-box-tag`) comes with its SDK's names, long as they are: Box's own
  // SDK calls `getShieldInformationBarrierSegmentMemberById`, so the method is kept whole.
  if (op.sdkGroup) return { call: fixUp(first, op) };
  let call = fixUp(
    operationCall(groupOf(op), op.operationId, ctx, MAX_LENGTH - 'client.'.length - first[0]!.length - 1),
    op,
  );
  const length = (c: string[]) => `client.${c.join('.')}`.length;
  const resource = call[0]!;
  /** Drops the method's words that repeat the resource (`same` compares two words). */
  const withoutResourceWords = (same: (a: string, b: string) => boolean) => {
    const own = words(resource);
    const [verb, ...others] = words(call[1]!);
    const kept = others.filter((w) => !own.some((o) => same(o, w)));
    if (verb && kept.length) call = fixUp([resource, camelCase([verb, ...kept].join(' '))], op);
  };
  if (length(call) > MAX_LENGTH) withoutResourceWords((a, b) => a.toLowerCase() === b.toLowerCase());
  if (length(call) <= MAX_LENGTH) return { call };
  const { spelled, withoutOwner } = shortenByPath(call[1]!, op.path, MAX_LENGTH, (m) =>
    length([resource, m]),
  );
  call = fixUp([resource, spelled], op);
  // The path's spelling can make a word repeat the resource (`orgs.…OrgDefinitions`).
  if (length(call) > MAX_LENGTH) withoutResourceWords((a, b) => singular(a) === singular(b));
  if (length(call) <= MAX_LENGTH || withoutOwner === spelled) return { call };
  const shorter = shortenByPath(call[1]!, op.path, MAX_LENGTH, (m) => length([resource, m])).withoutOwner;
  return shorter === call[1] ? { call } : { call, withoutOwner: fixUp([resource, shorter], op) };
}

/**
 * The URL-tree calls, with the fallbacks this rule needs (a path that gives no call; two operations on one call; a
 * call that is also a sub-resource), each passed to `report`. Returns how many operations fell back.
 */
function byPaths(
  api: Api,
  ops: Operation[],
  explicit: Set<Operation>,
  report: Report,
  lists: PagingTable['lists'],
  auto = false,
): number {
  let fallbacks = 0;
  const sharedPrefix = sharedDottedPrefix(api.operations.map((o) => o.operationId));
  const fallback = (op: Operation): string[] => {
    fallbacks++;
    // Untagged, the operation stays under its first resource of the URL tree (`pets.updatePet`), else the title's.
    const first = pathShape(op.path).segments.find((s) => !s.startsWith('{'));
    return fixUp(
      operationCall(groupOf(op), op.operationId, {
        untagged: first ? segmentIdentifier(first) : titleResource(api.title),
        ...(sharedPrefix ? { sharedPrefix } : {}),
      }),
      op,
    );
  };
  const urlCalls = urlTree(api, ops, lists, auto);
  for (const op of ops) {
    if (explicit.has(op)) continue;
    op.sdkPath = urlCalls.get(op)!;
    // A first segment named like a client member (`/organization/...`) gets a suffix: `client.organizationApi`.
    if (op.sdkPath.length > 1 && engineMembers().client.has(op.sdkPath[0]!))
      op.sdkPath = [`${op.sdkPath[0]}Api`, ...op.sdkPath.slice(1)];
    if (!usable(op.sdkPath)) {
      const given = op.sdkPath.join('.');
      op.sdkPath = fallback(op);
      report(
        'sdk-naming',
        `the path of ${op.operationId} gives no SDK call by the URL rule ('${given}')`,
        op,
        `called client.${op.sdkPath.join('.')}; ${configHint(op)}`,
      );
    }
  }
  const moved = new Set<Operation>();
  // A path that is both a method and a sub-resource (`POST /containers/{id}/files` beside
  // `/containers/{id}/files/{file_id}`): the method moves into the sub-resource as `create` when that is free.
  const keys = new Set(ops.map((o) => o.sdkPath.join('.')));
  const prefixesOf = new Set(
    ops.flatMap((o) => o.sdkPath.slice(0, -1).map((_, i) => o.sdkPath.slice(0, i + 1).join('.'))),
  );
  for (const op of ops) {
    const key = op.sdkPath.join('.');
    if (!explicit.has(op) && op.method === 'post' && prefixesOf.has(key) && !keys.has(`${key}.create`)) {
      op.sdkPath = [...op.sdkPath, 'create'];
      keys.add(`${key}.create`);
    }
  }
  // Clashes: two operations on one call, or a call that is also a sub-resource. Rule-made calls fall back first.
  const byKey = new Map<string, Operation[]>();
  const prefixes = new Set<string>();
  for (const op of ops) {
    const key = op.sdkPath.join('.');
    byKey.set(key, [...(byKey.get(key) ?? []), op]);
    for (let i = 1; i < op.sdkPath.length; i++) prefixes.add(op.sdkPath.slice(0, i).join('.'));
  }
  for (const [key, group] of byKey) {
    if (group.length > 1) {
      const ruled = group.filter((o) => !explicit.has(o));
      const movers = ruled.length === group.length ? group.slice(1) : ruled.length ? ruled : group.slice(1);
      for (const op of movers) {
        const other = group[0] === op ? group[1]! : group[0]!;
        op.sdkPath = fallback(op);
        moved.add(op);
        report(
          'identifier-collision',
          `operations ${other.operationId} and ${op.operationId} both map to client.${key}`,
          op,
          `${op.operationId} is called client.${op.sdkPath.join('.')}; to choose, ${configHint(op)}`,
        );
      }
    }
    if (prefixes.has(key)) {
      for (const op of group) {
        if (moved.has(op)) continue;
        op.sdkPath = fallback(op);
        report(
          'identifier-collision',
          `client.${key} is both a method and a sub-resource`,
          op,
          `${op.operationId} is called client.${op.sdkPath.join('.')}; to choose, ${configHint(op)}`,
        );
      }
    }
  }
  return fallbacks;
}

/**
 * `auto`: each operation by the rule that fits it. A grouped operationId (`issues/list-for-repo`, `BackupPlans_List`)
 * is a name someone chose, and a verb-prefixed one (`get_folders_id_items`) under a tag names its group by the tag:
 * both by tags and operationIds. Every other operation by the URL tree, unless its call there clashes, is not a
 * usable identifier or stays over 60 characters: then by tags and operationIds, under its first resource of the
 * URL tree when untagged. Returns the rule most operations took.
 */
function byEach(
  api: Api,
  ops: Operation[],
  explicit: Set<Operation>,
  lists: PagingTable['lists'],
): 'paths' | 'operations' {
  const sharedPrefix = sharedDottedPrefix(api.operations.map((o) => o.operationId));
  const strip = (id: string) =>
    sharedPrefix && id.startsWith(`${sharedPrefix}.`) ? id.slice(sharedPrefix.length + 1) : id;
  const designed = ops.filter(
    (o) =>
      !explicit.has(o) &&
      (groupedId(strip(o.operationId)) !== undefined ||
        (isVerbPrefixed(o.operationId) && groupOf(o).length > 0)),
  );
  byOperations(api, designed, explicit);
  const fixed = new Set([...explicit, ...designed]);
  const fellBack = new Set<Operation>();
  byPaths(api, ops, fixed, (_code, _message, op) => fellBack.add(op), lists, true);
  const vendor = vendorWords(api.title);
  for (const op of ops) {
    if (fixed.has(op)) continue;
    if (!fellBack.has(op)) continue;
    fellBack.add(op);
    const first = pathShape(op.path).segments.find((s) => !s.startsWith('{'));
    const named = (untagged: string) =>
      trimmed(op, { untagged, vendor, ...(sharedPrefix ? { sharedPrefix } : {}) }).call;
    op.sdkPath = named(first ? segmentIdentifier(first) : titleResource(api.title));
    // Untagged and still over 60 characters: one word of the title instead of two.
    if (!first && `client.${op.sdkPath.join('.')}`.length > MAX_LENGTH)
      op.sdkPath = named(titleResource(api.title, 1));
  }
  const byTags = designed.length + fellBack.size;
  return byTags * 2 > ops.length - explicit.size ? 'operations' : 'paths';
}

export function decideCalls(
  api: Api,
  paging: PagingTable,
  names: NameRegistry,
  locate: (pointer: string) => Location,
  diagnostics: Diagnostics,
  naming: SdkNaming = DEFAULT_SDK_NAMING,
): CallTable {
  const ops: Operation[] = api.operations
    .map((op) => ({ ...op, sdkPath: [...(op.sdkCall ?? [])] }))
    .sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
  for (const op of ops) {
    // An own key only: an operationId such as `constructor` is not one of Object.prototype's members.
    const configured = Object.hasOwn(naming.calls, op.operationId) ? naming.calls[op.operationId] : undefined;
    if (configured) op.sdkPath = configured.split('.');
  }
  const explicit = new Set(ops.filter((o) => o.sdkPath.length > 0));
  for (const op of explicit) {
    if (usable(op.sdkPath)) continue;
    diagnostics.report(
      'invalid-extension',
      `SDK call '${op.sdkPath.join('.')}' of ${op.operationId} must be resource.method in camelCase`,
      locate(op.pointer),
      'named by the rule',
    );
    op.sdkPath = [];
    explicit.delete(op);
  }
  const report: Report = (code, message, op, fallback) =>
    diagnostics.report(code, message, locate(op.pointer), fallback);
  let rule = naming.naming;
  if (rule === 'auto') rule = byEach(api, ops, explicit, paging.lists);
  else if (rule === 'paths') byPaths(api, ops, explicit, report, paging.lists);
  else byOperations(api, ops, explicit);

  // Calls that still meet (fallbacks, operationIds differing only in case or separators): numbered, in operationId order.
  const taken = new Set<string>();
  const prefixes = new Set<string>();
  for (const op of ops)
    for (let i = 1; i < op.sdkPath.length; i++) prefixes.add(op.sdkPath.slice(0, i).join('.'));
  for (const op of ops) {
    const base = op.sdkPath[op.sdkPath.length - 1]!;
    const wanted = op.sdkPath.join('.');
    let n = 1;
    while (taken.has(op.sdkPath.join('.')) || prefixes.has(op.sdkPath.join('.')))
      op.sdkPath = [...op.sdkPath.slice(0, -1), `${base}${++n}`];
    if (n > 1)
      report(
        'identifier-collision',
        `client.${wanted} is taken`,
        op,
        `${op.operationId} is called client.${op.sdkPath.join('.')}; to choose, ${configHint(op)}`,
      );
    taken.add(op.sdkPath.join('.'));
  }

  // A list whose paging parameters fit no convention is a plain method, warned now that its call is known.
  for (const op of ops.filter((o) => paging.unrecognised.has(o.operationId))) {
    diagnostics.warn(
      'pagination-fallback',
      `${op.operationId} returns a list whose paging parameters fit no convention the client iterates (cursor with a next-cursor field in the answer, offset, page, Link header)`,
      locate(op.pointer),
      `client.${op.sdkPath.join('.')} is a plain method returning one page`,
    );
  }

  type Building = Omit<ResourceNode, 'file' | 'children'> & { children: Building[] };
  const root: Building = { property: '', className: '', path: [], methods: [], children: [] };
  for (const op of ops) {
    let node = root;
    for (const segment of op.sdkPath.slice(0, -1)) {
      let next = node.children.find((c) => c.property === segment);
      if (!next) {
        const path = [...node.path, segment];
        // Resource classes share the types' registry: `Pets` the class and `Pets` the schema cannot both exist.
        const wanted = path.map(pascalCase).join('');
        const className = names.invent(
          names.has(wanted) ? `${wanted}Resource` : wanted,
          `resource client.${path.join('.')}`,
          locate(op.pointer),
        );
        next = { property: segment, className, path, methods: [], children: [] };
        node.children.push(next);
      }
      node = next;
    }
    node.methods.push({ name: op.sdkPath[op.sdkPath.length - 1]!, operationId: op.operationId });
  }
  const rank = methodRank(api.operations, locate);
  // One file per resource; a name met twice (a sub-resource named like its parent) is numbered.
  const files = new Set<string>();
  const fileOf = (path: string[], hasChildren: boolean): string => {
    const wanted = resourceFile(path, hasChildren);
    let file = wanted;
    for (let n = 2; files.has(file); n++) file = wanted.replace(/\.ts$/, `-${n}.ts`);
    files.add(file);
    return file;
  };
  const resolve = (n: Building): ResourceNode => {
    const methods = [...n.methods].sort((a, b) => rank(a) - rank(b));
    const file = fileOf(n.path, n.children.length > 0);
    const children = [...n.children].sort((a, b) => (a.property < b.property ? -1 : 1)).map(resolve);
    return { ...n, methods, children, file };
  };
  const resources: ResourceRoot = {
    ...root,
    children: [...root.children].sort((a, b) => (a.property < b.property ? -1 : 1)).map(resolve),
  };
  return { sdkPaths: new Map(ops.map((o) => [o.operationId, o.sdkPath])), resources, sdkNaming: rule };
}
