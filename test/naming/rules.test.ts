/** The URL-tree and operationId rules as pure functions (generator/naming/sdk-rules.ts), on paths and ids of real APIs. */
import { describe, expect, it } from 'vitest';
import {
  operationCall,
  pathCall,
  pathShape,
  sharedDottedPrefix,
  shortenByPath,
  singular,
  titleResource,
} from '../../generator/naming/sdk-rules.ts';

describe('URL-tree rule', () => {
  it('leaves out version and API-prefix segments of every usual form', () => {
    expect(pathShape('/v3beta1/projects/{name}/agents').segments).toEqual(['projects', '{name}', 'agents']);
    expect(pathShape('/2013-01-01/documents').segments).toEqual(['documents']);
    expect(pathShape('/api/v1/users/{id}').segments).toEqual(['users', '{id}']);
    expect(pathShape('/v1.2/things').segments).toEqual(['things']);
    // Azure's `apis` collection is a resource, not a prefix.
    expect(pathShape('/service/{name}/apis/{apiId}').segments).toEqual([
      'service',
      '{name}',
      'apis',
      '{apiId}',
    ]);
  });

  it('makes a custom-method verb or a fragment or query action the method, never an identifier glued from URL text', () => {
    expect(pathCall('post', '/v3beta1/{environment}:deployFlow', false, 'x')).toEqual(['deployFlow']);
    expect(pathCall('post', '/v1/projects/{name}/flows:batchDelete', false, 'x')).toEqual([
      'projects',
      'flows',
      'batchDelete',
    ]);
    expect(pathCall('post', '/#X-Amz-Target=SSMContacts.ListContacts', false, 'x')).toEqual(['listContacts']);
    expect(pathCall('get', '/?Action=DescribeRegions&Version=2016-11-15', false, 'x')).toEqual([
      'describeRegions',
    ]);
    expect(pathCall('get', '/campaigns.{start_date}-{end_date}', true, 'x')).toEqual(['campaigns', 'list']);
  });

  it('makes a POST to a verb an action, after a parameter however the segment ends and below a static segment; a POST to a plural noun a create', () => {
    expect(pathCall('post', '/v1/payment_intents/{intent}/verify_microdeposits', false, 'x')).toEqual([
      'paymentIntents',
      'verifyMicrodeposits',
    ]);
    expect(pathCall('post', '/batches/{id}/cancel', false, 'x')).toEqual(['batches', 'cancel']);
    expect(pathCall('post', '/fine_tuning/alpha/graders/validate', false, 'x')).toEqual([
      'fineTuning',
      'alpha',
      'graders',
      'validate',
    ]);
    expect(pathCall('post', '/projects/{id}/attachments', false, 'x')).toEqual([
      'projects',
      'attachments',
      'create',
    ]);
    expect(pathCall('post', '/images/generations', false, 'x')).toEqual(['images', 'generations', 'create']);
  });

  it('names a GET answering a list `list` whatever its paging, also under a parameter; a PUT its operationId calls a creation `create`', () => {
    expect(pathCall('get', '/symbols', true, 'getSymbols')).toEqual(['symbols', 'list']);
    expect(pathCall('get', '/symbols', false, 'getSymbols')).toEqual(['symbols', 'retrieve']);
    expect(pathCall('get', '/arrivalBoard/{id}', true, 'getArrivalBoardById')).toEqual([
      'arrivalBoard',
      'list',
    ]);
    expect(pathCall('put', '/backup/plans/', false, 'CreateBackupPlan')).toEqual([
      'backup',
      'plans',
      'create',
    ]);
    expect(pathCall('put', '/backup/plans/', false, 'ReplacePlans')).toEqual(['backup', 'plans', 'update']);
  });
});

describe('tags-and-operationIds rule', () => {
  it('groups by tag, Azure Group_Verb and GitHub group/verb ids, dotted ids without their shared prefix, untagged under the title', () => {
    expect(operationCall(['pets'], 'listPets', { untagged: 'api' })).toEqual(['pets', 'listPets']);
    expect(operationCall([], 'DataMaskingPolicies_CreateOrUpdate', { untagged: 'api' })).toEqual([
      'dataMaskingPolicies',
      'createOrUpdate',
    ]);
    expect(operationCall(['repos'], 'repos/list-for-org', { untagged: 'api' })).toEqual([
      'repos',
      'listForOrg',
    ]);
    const prefix = sharedDottedPrefix([
      'dialogflow.projects.agents.get',
      'dialogflow.projects.agents.flows.deploy',
    ]);
    expect(prefix).toBe('dialogflow');
    expect(
      operationCall(['projects'], 'dialogflow.projects.agents.get', {
        untagged: 'api',
        sharedPrefix: prefix!,
      }),
    ).toEqual(['projects', 'agentsGet']);
    expect(titleResource('AWS Backup')).toBe('backup');
    expect(operationCall([], 'CreateBackupPlan', { untagged: titleResource('AWS Backup') })).toEqual([
      'backup',
      'createBackupPlan',
    ]);
  });

  it('shortens a method over budget: what follows By, then filler words, never the meaning words', () => {
    expect(operationCall(['t'], 'putBucketsTestsByBucketKeyAndId', { untagged: 'api' }, 20)).toEqual([
      't',
      'putBucketsTests',
    ]);
    expect(
      operationCall(
        ['actions'],
        'actions/get-artifact-and-log-retention-settings-organization',
        { untagged: 'api' },
        44,
      ),
    ).toEqual(['actions', 'getArtifactLogRetentionSettingsOrganization']);
  });

  it("shortens by the call's own path, only while over budget: the path's spelling, then the owner's words", () => {
    const len = (m: string) => m.length;
    // Over budget: `Organization` → `Org` (/orgs/), `Repositories` → `Repos` (/repos/, the plural kept).
    expect(
      shortenByPath('getPermissionsOrganization', '/orgs/{org}/actions/permissions', 20, len).spelled,
    ).toBe('getPermissionsOrg');
    expect(
      shortenByPath('listRepositoriesForRepository', '/repos/{owner}/{repo}/forks', 20, len).spelled,
    ).toBe('listReposForRepo');
    // Within budget nothing changes; a longer word of the same stem is no abbreviation (`conflicts`, `conflicting`).
    expect(
      shortenByPath('getPermissionsOrganization', '/orgs/{org}/actions/permissions', 60, len).spelled,
    ).toBe('getPermissionsOrganization');
    expect(shortenByPath('listConflictingPackages', '/user/docker/conflicts', 10, len).spelled).toBe(
      'listConflictingPackages',
    );
    // The owner the path starts from leaves, `authenticated user` as one owner; the verb never does.
    expect(
      shortenByPath(
        'removeOrganizationsEnterprisePolicy',
        '/enterprises/{enterprise}/policies/organizations',
        20,
        len,
      ).withoutOwner,
    ).toBe('removeOrganizationsPolicy');
    expect(
      shortenByPath('listConflictingAuthenticatedUser', '/user/docker/conflicts', 20, len).withoutOwner,
    ).toBe('listConflicting');
    expect(shortenByPath('userDetails', '/users/{id}', 5, len).withoutOwner).toBe('userDetails');
    expect([singular('policies'), singular('orgs'), singular('status'), singular('access')]).toEqual([
      'policy',
      'org',
      'status',
      'access',
    ]);
  });
});
