/**
 * Our spec is readable by other tools, not only by our own loader: Spectral on a Redocly bundle, Redocly lint
 * and openapi-typescript all read spec/openapi.yaml with 0 errors (runner and cache: test/spec/other-tools.ts).
 * The SSE event schemas are reachable from the media type's `schema`, so other tools see them too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonAfter, runOtherTools, type OtherToolsReport, type ToolRun } from './other-tools.ts';

const TIMEOUT = 180_000;
let report: OtherToolsReport;
beforeAll(async () => {
  report = await runOtherTools();
}, TIMEOUT);

const said = (r: ToolRun) =>
  `${r.command} (exit ${r.status}):\n${r.stderr.slice(0, 4000)}\n${r.stdout.slice(0, 4000)}`;

interface SpectralResult {
  code: string | number;
  message: string;
  path: (string | number)[];
  severity: number;
}

describe('Spectral on a Redocly bundle of spec/openapi.yaml', () => {
  const results = (): SpectralResult[] => {
    const parsed = jsonAfter<SpectralResult[]>(report.spectral.lint.stdout, '[');
    expect(parsed, said(report.spectral.lint)).toBeDefined();
    return parsed!;
  };
  const show = (rs: SpectralResult[]) =>
    rs.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`).join('\n');

  it('Redocly bundles the split spec', () => {
    expect(report.spectral.bundle.status, said(report.spectral.bundle)).toBe(0);
  });

  it('reports 0 errors (no reference inside an extension is left unresolved)', () => {
    const errors = results().filter((r) => r.severity === 0);
    expect(show(errors)).toBe('');
    expect(report.spectral.lint.status, said(report.spectral.lint)).toBe(0);
  });

  it('finds every component schema used (the SSE event schemas are reachable from the media type)', () => {
    expect(show(results().filter((r) => r.code === 'oas3-unused-component'))).toBe('');
  });
});

describe('Redocly lint on spec/openapi.yaml', () => {
  it('reports 0 errors', () => {
    const parsed = jsonAfter<{ problems: { ruleId: string; severity: string; message: string }[] }>(
      report.redocly.stdout,
      '{',
    );
    expect(parsed, said(report.redocly)).toBeDefined();
    const errors = parsed!.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message}`).join('\n')).toBe('');
    expect(report.redocly.status, said(report.redocly)).toBe(0);
  });
});

describe('openapi-typescript on spec/openapi.yaml', () => {
  it('reads the split spec (discriminator mappings resolve) with 0 errors', () => {
    expect(report.openapiTypescript.status, said(report.openapiTypescript)).toBe(0);
    expect(report.openapiTypescript.stderr + report.openapiTypescript.stdout).not.toMatch(
      /Can't resolve|error/i,
    );
  });

  it('types each stream with its event schemas', () => {
    const out = report.openapiTypescript.output;
    expect(out).toContain('"text/event-stream": components["schemas"]["CompletionChunk"];');
    expect(out).toContain(
      '"text/event-stream": components["schemas"]["ImageEditPartialImageEvent"] | components["schemas"]["ImageEditCompletedEvent"];',
    );
  });

  it('types a discriminated union by its mapping', () => {
    expect(report.openapiTypescript.output).toMatch(
      /TokenExchangeRequest: components\["schemas"\]\["TokenExchangeJwtRequest"\] \| components\["schemas"\]\["TokenExchangeX509Request"\];/,
    );
  });
});
