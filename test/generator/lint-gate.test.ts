/**
 * `lint` as a CI gate: every finding of a spec with several independent mistakes in one run (an unresolved $ref
 * among them, with "did you mean"), the exit code by --fail-on and --max-warnings, and the machine formats: SARIF
 * validated against the SARIF 2.1.0 schema (Microsoft's, from the pinned @microsoft/jest-sarif), GitHub
 * annotations, JSON.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AjvDraft4 from 'ajv-draft-04';
import { afterAll, describe, expect, it } from 'vitest';
import { main as lint } from '../../generator/cli/lint.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SEVERAL = path.relative(process.cwd(), path.join(ROOT, 'test/fixtures/lint/several/openapi.yaml'));
const dir = mkdtempSync(path.join(os.tmpdir(), 'lint-gate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same spec with its errors fixed: two warnings are left (the unknown keyword, and a list without known paging). */
const warningsOnly = (() => {
  const file = path.join(dir, 'openapi.yaml');
  writeFileSync(
    file,
    readFileSync(path.join(ROOT, 'test/fixtures/lint/several/openapi.yaml'), 'utf8')
      .replace('in: querry', 'in: query')
      .replace("Projet'", "Project'")
      .replace('    get:\n      parameters:', '    get:\n      operationId: listProjects\n      parameters:'),
  );
  return file;
})();

// A config of its own: the repository's codegen.config.json (in the working directory) names our spec's operations.
const CONFIG = path.join(dir, 'codegen.config.json');
writeFileSync(CONFIG, '{}\n');

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await lint(
    [...args, '--config', CONFIG],
    { write: (s: string) => (stdout += s) },
    { write: (s: string) => (stderr += s) },
  );
  return { code, stdout, stderr };
}

describe('lint reports every finding in one run', () => {
  it('a missing operationId, an unresolved $ref (with did you mean), an invalid parameter and a warning', async () => {
    const r = await run(['--spec', SEVERAL]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /:11:7 #\/paths\/~1projects\/get: error\[missing-operation-id\]: GET \/projects has no operationId/,
    );
    expect(r.stderr).toMatch(
      /:25:25 #\/components\/schemas\/Projet: error\[unresolved-ref\]: \$ref '#\/components\/schemas\/Projet' does not resolve.*\(did you mean 'Project'\?\)/,
    );
    expect(r.stderr).toMatch(/:13:15 #\/paths\/~1projects\/get\/parameters\/0\/in: error\[invalid-openapi\]/);
    expect(r.stderr).toMatch(
      /warning\[unknown-keyword\]: unknown schema keyword 'min_items' \(did you mean 'minItems'\?\)/,
    );
    expect(r.stdout).toMatch(/openapi\.yaml: 4 errors, 1 warning: failed\n$/);
  });

  it('--tolerant makes the code-generation finding a warning; the spec defects stay errors', async () => {
    const r = await run(['--spec', SEVERAL, '--tolerant']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/warning\[missing-operation-id\]/);
    expect(r.stderr).toMatch(/error\[unresolved-ref\]/);
    expect(r.stderr).toMatch(/error\[invalid-openapi\]/);
  });
});

describe('exit codes', () => {
  it.each([
    [[], 0],
    [['--fail-on', 'error'], 0],
    [['--fail-on', 'warn'], 1],
    [['--max-warnings', '1'], 1],
    [['--max-warnings', '2'], 0],
  ])('warnings only, with %j: exit %i', async (args, code) => {
    const r = await run(['--spec', warningsOnly, ...args]);
    expect(r.code).toBe(code);
    expect(r.stderr).toContain("warning[unknown-keyword]: unknown schema keyword 'min_items'");
    expect(r.stdout).toMatch(
      code ? /2 warnings: failed \((--fail-on warn|more than --max-warnings 1)\)/ : /no error, 2 warnings\n$/,
    );
  });

  it.each([
    [['--fail-on', 'never'], /--fail-on must be error or warn, not never/],
    [['--max-warnings', 'x'], /--max-warnings must be a whole number, not x/],
    [['--format', 'xml'], /--format must be text or json or sarif or github, not xml/],
    [['--rulesets', 'spectrl'], /--rulesets names no ruleset "spectrl" \(did you mean "spectral"\?\)/],
    [['--strict', '--tolerant'], /--strict and --tolerant exclude each other/],
  ])('%j is a usage error', async (args, message) => {
    const r = await run(['--spec', warningsOnly, ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('machine formats', () => {
  it('SARIF validates against the SARIF 2.1.0 schema and locates every finding', async () => {
    const r = await run(['--spec', SEVERAL, '--format', 'sarif']);
    expect(r.code).toBe(1);
    const sarif = JSON.parse(r.stdout) as {
      version: string;
      runs: {
        tool: { driver: { name: string } };
        results: {
          ruleId: string;
          level: string;
          locations: { physicalLocation: { region: { startLine: number } } }[];
        }[];
      }[];
    };
    const schema = JSON.parse(
      readFileSync(
        path.join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
        'utf8',
      ),
    ) as object;
    // ajv-draft-04 is CommonJS with a `default` export; its types describe the ESM interop the other way round. The
    // schema's language pattern is not a valid unicode-mode expression, so patterns are compiled without the u flag.
    const Draft4 = ((AjvDraft4 as unknown as { default?: unknown }).default ?? AjvDraft4) as new (
      options: object,
    ) => {
      compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
    };
    const validate = new Draft4({
      strict: false,
      allErrors: true,
      validateFormats: false,
      unicodeRegExp: false,
    }).compile(schema);
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(sarif.version).toBe('2.1.0');
    const results = sarif.runs[0]!.results;
    expect(sarif.runs[0]!.tool.driver.name).toBe('platform-api-codegen');
    expect(
      results
        .map((x) => `${x.level} ${x.ruleId} ${x.locations[0]!.physicalLocation.region.startLine}`)
        .sort(),
    ).toEqual([
      'error invalid-openapi 12',
      'error invalid-openapi 13',
      'error missing-operation-id 11',
      'error unresolved-ref 25',
      'warning unknown-keyword 23',
    ]);
  });

  it('github: one workflow annotation per finding, on its file, line and column', async () => {
    const r = await run(['--spec', SEVERAL, '--format', 'github']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines).toContain(
      `::error file=${SEVERAL},line=11,col=7,title=missing-operation-id::GET /projects has no operationId (#/paths/~1projects/get)`,
    );
    expect(lines.find((l) => l.includes('unresolved-ref'))).toMatch(
      /^::error file=.*,line=25,col=25,title=unresolved-ref::\$ref/,
    );
    expect(lines.find((l) => l.includes('unknown-keyword'))).toMatch(
      /^::warning file=.*,line=23,col=28,title=unknown-keyword::/,
    );
  });

  it('json: the findings and the verdict', async () => {
    const r = await run(['--spec', warningsOnly, '--format', 'json', '--fail-on', 'warn']);
    const json = JSON.parse(r.stdout) as {
      errors: number;
      warnings: number;
      failed: boolean;
      findings: { rule: string }[];
    };
    expect(json).toMatchObject({ errors: 0, warnings: 2, failed: true });
    expect(json.findings.map((f) => f.rule).sort()).toEqual(['pagination-fallback', 'unknown-keyword']);
  });
});
