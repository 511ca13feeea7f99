/**
 * The rules that decide where a URL-tree call starts and how a path's last segment reads (generator/naming/:
 * namespaces.ts, url-tree.ts, sdk-rules.ts, operation-ids.ts), on paths and schemes of real APIs.
 */
import { describe, expect, it } from 'vitest';
import { credentialNamespace, stageNamespace } from '../../generator/naming/namespaces.ts';
import { verbPrefixedMethod } from '../../generator/naming/operation-ids.ts';
import { pathCall } from '../../generator/naming/sdk-rules.ts';
import { scopesOf } from '../../generator/naming/url-tree.ts';
import type { SecurityScheme } from '../../generator/ir/server.ts';

const bearer = (name: string): SecurityScheme => ({ name, type: 'http', scheme: 'bearer' });
const req = (scheme: string) => [[{ scheme, scopes: [] }]];

describe('namespaces in front of a URL-tree call', () => {
  it("puts an operation that needs a qualified form of the default credential under the qualifier (OpenAI's admin key)", () => {
    const schemes = [
      bearer('ApiKeyAuth'),
      bearer('AdminApiKeyAuth'),
      { name: 'BasicAuth', type: 'http', scheme: 'basic' },
    ];
    expect(credentialNamespace(req('AdminApiKeyAuth'), req('ApiKeyAuth'), schemes)).toBe('admin');
    // The default credential, an alternative beside it, or a scheme of another name or kind: no namespace.
    expect(credentialNamespace(req('ApiKeyAuth'), req('ApiKeyAuth'), schemes)).toBeUndefined();
    expect(
      credentialNamespace(
        [[{ scheme: 'AdminApiKeyAuth', scopes: [] }], [{ scheme: 'ApiKeyAuth', scopes: [] }]],
        req('ApiKeyAuth'),
        schemes,
      ),
    ).toBeUndefined();
    expect(credentialNamespace(req('BasicAuth'), req('ApiKeyAuth'), schemes)).toBeUndefined();
    const apiKeyHeader: SecurityScheme = { name: 'AdminApiKeyAuth', type: 'apiKey', in: 'header' };
    expect(
      credentialNamespace(req('AdminApiKeyAuth'), req('ApiKeyAuth'), [bearer('ApiKeyAuth'), apiKeyHeader]),
    ).toBeUndefined();
  });

  it('puts a beta operation under beta, by extension or by a flag in the path, unless a segment names the stage', () => {
    expect(stageNamespace('beta', '/threads/{thread_id}/messages')).toBe('beta');
    expect(stageNamespace(undefined, '/responses/{response_id}?beta=true')).toBe('beta');
    expect(stageNamespace(undefined, '/responses/{response_id}')).toBeUndefined();
    expect(stageNamespace('beta', '/fine_tuning/alpha/graders/validate')).toBeUndefined();
  });
});

describe('scopes and the last segment of a path', () => {
  it("takes an API's other owners with five resources below them as scopes once one owner is a scope (Cloudflare's zones)", () => {
    const accounts = Array.from({ length: 24 }, (_, i) => `/accounts/{account_id}/r${i % 8}/x${i}`);
    const zones = ['a', 'b', 'c', 'd', 'e'].map((r) => `/zones/{zone_id}/${r}`);
    const customers = ['a', 'b', 'c', 'd', 'e'].map((r) => `/customers/{id}/${r}`);
    expect(scopesOf([...accounts, ...zones])).toEqual(new Set(['/accounts/{}', '/zones/{}']));
    // No owner shares a quarter of the paths: none is a scope, however many resources sit below it (Stripe's customers).
    expect(scopesOf([...customers, ...Array.from({ length: 40 }, (_, i) => `/r${i}`)])).toEqual(new Set());
  });

  it('makes a read-only view in a group of views a method of the group; below a first resource or an item it stays a resource', () => {
    const get = new Set(['get']);
    expect(pathCall('get', '/radar/http/top/browser_family', false, 'x', get)).toEqual([
      'radar',
      'http',
      'top',
      'browserFamily',
    ]);
    expect(pathCall('get', '/fine_tuning/model_limits', false, 'x', get)).toEqual([
      'fineTuning',
      'modelLimits',
      'retrieve',
    ]);
    expect(pathCall('get', '/accounts/{id}/devices/settings', false, 'x', get)).toEqual([
      'accounts',
      'devices',
      'settings',
      'retrieve',
    ]);
    // Written as well as read (`PATCH` beside it), or a list: a resource.
    expect(
      pathCall('get', '/zones/{id}/argo/smart_routing/x', false, 'x', new Set(['get', 'patch'])),
    ).toEqual(['zones', 'argo', 'smartRouting', 'x', 'retrieve']);
    expect(pathCall('get', '/radar/bgp/hijacks/events', true, 'x', get)).toEqual([
      'radar',
      'bgp',
      'hijacks',
      'events',
      'list',
    ]);
  });

  it('names a DELETE on a collection bulkDelete, on an item or a singular resource delete', () => {
    expect(pathCall('delete', '/zones/{id}/api_gateway/operations', false, 'x')).toEqual([
      'zones',
      'apiGateway',
      'operations',
      'bulkDelete',
    ]);
    expect(pathCall('delete', '/zones/{id}/api_gateway/operations/{op}', false, 'x')).toEqual([
      'zones',
      'apiGateway',
      'operations',
      'delete',
    ]);
    expect(pathCall('delete', '/organization/projects/{id}/spend_limit', false, 'x')).toEqual([
      'organization',
      'projects',
      'spendLimit',
      'delete',
    ]);
  });

  it('reads `me` after a collection as one item of it (Box: get_users_me → getUserMe)', () => {
    expect(verbPrefixedMethod('get_users_me')).toBe('getUserMe');
    expect(verbPrefixedMethod('put_terms_of_service_user_statuses_id')).toBe(
      'updateTermsOfServiceUserStatusById',
    );
  });
});
