/**
 * Our SDK calls against the vendors' own SDKs, on the naming table (test/fixtures/sdk-names: 301 operations of
 * Stripe, Twilio, Cloudflare, OpenAI, Box, GitHub and SendGrid, each with the call its official SDK makes). The
 * figures per vendor and the disagreements that remain are printed, the figures held as floors. Cloudflare's spec is
 * built from the table's own rows (`skeletonSpec`: no npm package holds it). Over the same specs: no call grouped by
 * HTTP method, no version, date or vendor prefix in a resource, no customer data in a name, and the lists of Twilio
 * and Box paged.
 */
import { describe, expect, it } from 'vitest';
import { Diagnostics, formatWarning } from '../../generator/diagnostics.ts';
import type { Api } from '../../generator/ir/api.ts';
import { buildIr } from '../../generator/pipeline.ts';
import { type Agreement, agreement, namingTable, vendorSpec } from './sdk-agreement.ts';

const table = namingTable();
const vendors = Object.keys(table.vendors);
const apis = new Map<string, Promise<{ api: Api; warnings: string[] }>>();
function ir(vendor: string): Promise<{ api: Api; warnings: string[] }> {
  if (!apis.has(vendor)) {
    const diagnostics = new Diagnostics('tolerant');
    apis.set(
      vendor,
      buildIr(vendorSpec(table, vendor), undefined, diagnostics).then((api) => ({
        api,
        warnings: diagnostics.warnings.map(formatWarning),
      })),
    );
  }
  return apis.get(vendor)!;
}

/** The figures last measured (calls agreeing, of the vendor's rows; 241 of 301 in all): they may only rise. */
const FLOORS: Record<string, number> = {
  stripe: 39,
  twilio: 49,
  cloudflare: 23,
  openai: 43,
  box: 37,
  github: 50,
  sendgrid: 0,
};

describe('SDK names against the vendors’ own SDKs', () => {
  it('has at least 150 operations over seven vendors, each with its SDK’s repository and commit', () => {
    expect(table.rows.length).toBeGreaterThanOrEqual(150);
    expect(vendors.sort()).toEqual(['box', 'cloudflare', 'github', 'openai', 'sendgrid', 'stripe', 'twilio']);
    for (const v of vendors) expect(table.vendors[v]!.sdk.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('agrees with each vendor at least as often as when the table was built; prints the figures', async () => {
    const results: Agreement[] = [];
    for (const vendor of vendors) {
      const { api } = await ir(vendor);
      results.push(
        agreement(
          vendor,
          api,
          table.rows.filter((r) => r.vendor === vendor),
        ),
      );
    }
    const total = results.reduce((n, r) => n + r.rows, 0);
    const calls = results.reduce((n, r) => n + r.call, 0);
    const resources = results.reduce((n, r) => n + r.resource, 0);
    console.log(
      [
        ...results.map((r) => `${r.vendor}: call ${r.call}/${r.rows}, resource ${r.resource}/${r.rows}`),
        `all: call ${calls}/${total} (${((100 * calls) / total).toFixed(1)}%), resource ${resources}/${total} (${((100 * resources) / total).toFixed(1)}%)`,
        ...results.flatMap((r) => r.disagreements.map((d) => `  ${r.vendor}: ${d}`)),
        'agreeing but for the casing of an acronym:',
        ...results.flatMap((r) => r.casing.map((d) => `  ${r.vendor}: ${d}`)),
      ].join('\n'),
    );
    for (const r of results)
      expect(r.call, `${r.vendor}\n${r.disagreements.join('\n')}`).toBeGreaterThanOrEqual(FLOORS[r.vendor]!);
  }, 600_000);

  it('groups no call by HTTP method, keeps versions, dates, vendors and customer data out of resources', async () => {
    for (const vendor of vendors) {
      const { api } = await ir(vendor);
      for (const op of api.operations) {
        const call = `${vendor}: client.${op.sdkPath.join('.')} (${op.operationId})`;
        expect(op.sdkPath[0], call).not.toMatch(/^(get|put|post|delete|patch|head|options)$/);
        for (const resource of op.sdkPath.slice(0, -1)) {
          expect(resource, call).not.toMatch(/^(api|n)?\d{6,}|^api\d|^v\d+$/i);
          expect(resource.toLowerCase(), call).not.toMatch(new RegExp(`^${vendor}[A-Z0-9]?`, 'i'));
        }
        // Box's classification template key, an id its customer's account was given.
        expect(op.sdkPath.join('.').toLowerCase(), call).not.toContain('6vmvochwuwo');
      }
    }
  }, 600_000);

  // Cloudflare's envelope is paged over HTTP in test/client/paging-envelopes.test.ts: its skeleton here has no schemas.
  it('pages the lists of Twilio (next_page_uri) and Box (allOf envelopes), or warns', async () => {
    const paged = async (vendor: string) => (await ir(vendor)).api.operations.filter((o) => o.paging);
    const twilio = await paged('twilio');
    expect(twilio.length).toBeGreaterThan(40);
    expect(twilio.every((o) => o.paging!.kind === 'url')).toBe(true);
    expect((await paged('box')).length).toBeGreaterThan(20);
    // Every other list answers one page (it takes no paging parameter: Box's /metadata_templates), or is warned
    // (Box's /files/{id}/collaborations takes `marker` but its answer holds no next marker).
    for (const vendor of ['twilio', 'box']) {
      const { api, warnings } = await ir(vendor);
      for (const op of api.operations.filter((o) => o.list && !o.paging)) {
        const pagingParams = op.parameters.filter(
          (p) => p.in === 'query' && /^(marker|offset|page|cursor|after|start|page_token)$/i.test(p.name),
        );
        const warned = warnings.some((w) => w.includes(`pagination-fallback]: ${op.operationId} `));
        expect(pagingParams.length === 0 || warned, `${vendor}: ${op.method} ${op.path}`).toBe(true);
      }
    }
  }, 600_000);
});
