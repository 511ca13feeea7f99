/**
 * `npm run test:prism`: the generated client of public specs we did not write, judged by Prism 5.14.2 (which
 * validates every request against the spec) and by our generated server's validators. Per spec every operation
 * (calls.ts; `PRISM_SAMPLE` for a seeded sample), each called with its required arguments
 * and again with every optional one: every request is accepted by both. `PRISM_EXTRA_SPECS` adds local specs.
 */
import { describe, expect, it } from 'vitest';
import { drive, prismFaults, refusals, tally, unsatisfiable } from './drive.ts';
import { box, extraSpecs, EXTRA_SPECS_VAR, github, openai, sendgrid, stripe, twilio } from './specs.ts';

/** Every operation of each spec (well under a minute per spec); `PRISM_SAMPLE=n` calls a seeded sample of n. */
export const SAMPLE = process.env.PRISM_SAMPLE ? Number(process.env.PRISM_SAMPLE) : undefined;

const extras = extraSpecs();
if (extras.length === 0) console.log(`${EXTRA_SPECS_VAR}: skipped: not set`);

describe.each([stripe, twilio, openai, box, sendgrid, github, ...extras])('$name', (spec) => {
  it('every request of the client is accepted by Prism and by our server, required and all optional arguments', async () => {
    const results = await drive(spec.name, spec.file(), SAMPLE);
    const t = tally(results);
    const faults = prismFaults(results);
    const prism = (m: 'required' | 'all') =>
      `${t[m].prism}/${t[m].calls} ${m} (+${t[m].prismFaults} Prism faults, confirmed; ${t[m].noValidRequest} with no valid request; ${t[m].calls - t[m].prism - t[m].prismFaults - t[m].noValidRequest} refused)`;
    console.log(
      `${spec.name} (${spec.source}): ${t.required.calls} operations called; Prism accepted ${prism('required')}, ${prism('all')}; server ${t.required.server}/${t.required.calls} required, ${t.all.server}/${t.all.calls} all` +
        faults.map((f) => `\n  Prism fault, confirmed: ${f}`).join('') +
        unsatisfiable(results)
          .map((u) => `\n  No valid request exists (the spec contradicts itself): ${u}`)
          .join(''),
    );
    expect(refusals(results, 'prism')).toEqual([]);
    expect(refusals(results, 'server')).toEqual([]);
  });
});
