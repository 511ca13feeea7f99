/**
 * The spec lint (scripts/lint-spec.ts) end to end:
 *   - on test/fixtures/lint/bad every project rule fires, with its message;
 *   - test/fixtures/lint/good (laid out like spec/, using every extension and the ruleset's exemptions) is clean;
 *   - a root whose refs cannot be resolved fails at bundling with a clean message;
 *   - the real spec lints with zero errors: the gate CI runs as `npm run lint:spec`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding, LintReport } from '../../scripts/lint-spec.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const TIMEOUT = 180_000;

function lint(spec?: string): { status: number | null; report: LintReport; stdout: string } {
  const args = [
    path.join(ROOT, 'scripts', 'lint-spec.ts'),
    '--json',
    ...(spec ? ['--spec', path.join(ROOT, spec)] : []),
  ];
  const r = spawnSync(TSX, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let report: LintReport;
  try {
    report = JSON.parse(r.stdout) as LintReport;
  } catch {
    throw new Error(`lint-spec printed no JSON report (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return { status: r.status, report, stdout: r.stdout };
}

const show = (fs: Finding[]) =>
  fs
    .map((f) => `${f.linter} ${f.severity} ${f.rule} ${f.file ?? ''}:${f.line ?? ''} ${f.message}`)
    .join('\n');

describe('lint rules on test/fixtures/lint/bad', () => {
  let cached: ReturnType<typeof lint> | undefined;
  const bad = () => (cached ??= lint('test/fixtures/lint/bad/openapi.yaml'));

  // [rule, a fragment of its message] for each mistake planted in the fixture
  const expected: [string, string | RegExp][] = [
    ['platform-known-extensions', 'Unknown extension `x-internal` at #/paths/~1things/post/x-internal'],
    ['platform-known-extensions', 'Unknown extension `x-nullable` at #/components/schemas/Thing/x-nullable'],
    [
      'platform-known-extensions',
      '`x-when` at #/paths/~1things/post/requestBody/content/application~1json/x-when: allowed only on a response media type',
    ],
    [
      'platform-known-extensions',
      '`x-sdk-call` at #/components/schemas/CreateThingRequest/x-sdk-call: allowed only on an operation',
    ],
    [
      'platform-known-extensions',
      '`x-not-shown` at #/components/schemas/CreateThingRequest/x-not-shown: must be a non-empty string',
    ],
    [
      'platform-delete-record',
      'deleteThing (DELETE /things/{thing_id}): deletion record #/components/schemas/ThingDeleted: `object` must be a const ending in ".deleted", found ["thing"]',
    ],
    ['platform-delete-record', 'deleteModel (DELETE /models/{model})'],
    ['platform-delete-record', 'exemption plainObject.deleteModel is stale'],
    [
      'platform-state-machines',
      'state machine "thing": states ["queued", "running", "finished"] differ from the enum of #/components/schemas/ThingStatus ["queued", "running", "done"]; missing ["done"]; not in the enum ["finished"]',
    ],
    ['platform-state-machines', 'transition 0 names operation "makeThing", which does not exist'],
    ['platform-state-machines', 'transition 1 `after` must be an ISO 8601 duration'],
    ['platform-state-machines', 'guard 0 target path.id: deleteThing has no path parameter `id`'],
    ['platform-state-machines', 'guard 0 (deleteThing) states ["done"] are not states of the machine'],
    ['platform-state-machines', 'state machine "ghost": schema #/components/schemas/Ghost does not resolve'],
    ['platform-list-parameters', 'listThings (GET /things): list query parameter(s) after missing'],
    [
      'platform-list-parameters',
      'query parameter `limit` #/paths/~1things/get/parameters/0: maximum must be 100 (found 50)',
    ],
    [
      'platform-list-parameters',
      'query parameter `order` #/paths/~1things/get/parameters/1: must be the enum [asc, desc], found ["asc", "desc", "random"]',
    ],
    [
      'platform-list-parameters',
      'listModels (GET /models): query parameter `after` is declared, so the ruleset exemption is stale',
    ],
    [
      'platform-list-parameters',
      'listContainers (GET /containers): query parameter `limit` #/paths/~1containers/get/parameters/1: default must be 20 (the seeds state it for this operation)',
    ],
    [
      'platform-list-envelope',
      'listThings (GET /things): list envelope #/components/schemas/ThingList: missing has_more, first_id, last_id',
    ],
    [
      'platform-operation-fields',
      'createThing (POST /things) at #/paths/~1things/post: missing summary, description',
    ],
    [
      'platform-rate-limit-response',
      'createThing (POST /things): 429 response #/paths/~1things/post/responses/429 has no Retry-After header',
    ],
    [
      'platform-rate-limit-response',
      'deleteThing (DELETE /things/{thing_id}) at #/paths/~1things~1{thing_id}/delete/responses: no 429 response',
    ],
    [
      'platform-x-rules',
      '#/components/schemas/Thing/x-rules/0/kind: `kind` must be compare, subset or dimensions, found "greater"',
    ],
    [
      'platform-x-rules',
      '#/components/schemas/Thing/x-rules/1/other: `other`: the schema has no property `n`',
    ],
    ['platform-x-sse', 'framing must be data-only or named, found "chunked"'],
    ['platform-x-sse', 'event "delta" needs a schema'],
    ['platform-x-when', 'x-when names `streaming`, which is not a property of the request body'],
    ['platform-required-defined', '#/components/schemas/Pair/required: required `rigth` not defined'],
  ];

  it.each(expected)(
    '%s: %s',
    (rule, fragment) => {
      const { report } = bad();
      const hits = report.spectral.findings.filter(
        (f) =>
          f.rule === rule &&
          (typeof fragment === 'string' ? f.message.includes(fragment) : fragment.test(f.message)),
      );
      expect(
        hits.length,
        `no ${rule} finding containing ${String(fragment)}; Spectral reported:\n${show(report.spectral.findings)}`,
      ).toBeGreaterThan(0);
      expect(hits.every((h) => h.severity === 'error')).toBe(true);
      // Mapped back to the fixture file and a line.
      expect(hits[0]!.file).toBe('test/fixtures/lint/bad/openapi.yaml');
      expect(hits[0]!.line).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'reports nothing else from the project rules (no false alarms)',
    () => {
      const { report } = bad();
      const unexpected = report.spectral.findings.filter(
        (f) =>
          f.rule.startsWith('platform-') &&
          !expected.some(
            ([rule, frag]) =>
              f.rule === rule && (typeof frag === 'string' ? f.message.includes(frag) : frag.test(f.message)),
          ),
      );
      expect(unexpected, show(unexpected)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'fails the lint (exit code 1)',
    () => {
      const { status, report } = bad();
      expect(report.ok).toBe(false);
      expect(status).toBe(1);
    },
    TIMEOUT,
  );
});

describe('lint on other fixtures', () => {
  it(
    'test/fixtures/lint/good is clean in both linters',
    () => {
      const { status, report } = lint('test/fixtures/lint/good/openapi.yaml');
      expect(report.bundle.ok, report.bundle.error).toBe(true);
      expect(
        report.spectral.ran && report.redocly.ran,
        `${report.spectral.failure ?? ''} ${report.redocly.failure ?? ''}`,
      ).toBe(true);
      expect(show([...report.spectral.findings, ...report.redocly.findings])).toBe('');
      expect(status).toBe(0);
    },
    TIMEOUT,
  );

  it(
    'a root with a broken $ref fails at bundling with a clean message',
    () => {
      const { status, report } = lint('test/fixtures/lint/broken-ref/openapi.yaml');
      expect(report.bundle.ok).toBe(false);
      expect(report.bundle.error).toMatch(/missing\.yaml/);
      expect(report.bundle.error).not.toMatch(/^\s+at /m);
      expect(report.ok).toBe(false);
      expect(status).toBe(1);
    },
    TIMEOUT,
  );
});

describe('the real spec (spec/openapi.yaml)', () => {
  it(
    'lints with zero errors in Spectral and Redocly',
    () => {
      const { report } = lint();
      expect(report.bundle.ok, `bundling failed: ${report.bundle.error}`).toBe(true);
      expect(report.spectral.ran, report.spectral.failure).toBe(true);
      expect(report.redocly.ran, report.redocly.failure).toBe(true);
      const errors = [...report.spectral.findings, ...report.redocly.findings].filter(
        (f) => f.severity === 'error',
      );
      expect(errors.length, show(errors)).toBe(0);
    },
    TIMEOUT,
  );
});
