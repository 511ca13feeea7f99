/**
 * The standard rulesets beside our own checks: Spectral's `spectral:oas` and Redocly's `recommended`, run on the
 * user's root file (each follows the spec's `$ref`s itself). Their packages are optional peer dependencies of the
 * tool, loaded only when asked for (`lint --rulesets`): together they weigh about 40 MB and Spectral's rulesets run
 * an install script (@scarf/scarf), which every user of `generate` would otherwise pay for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from './findings.ts';

export const RULESETS = ['spectral', 'redocly'] as const;
export type Ruleset = (typeof RULESETS)[number];

/** The packages each ruleset needs, at the versions the tool is tested with. */
export const PEERS: Record<Ruleset, string[]> = {
  spectral: [
    '@stoplight/spectral-core@1.24.1',
    '@stoplight/spectral-rulesets@1.23.1',
    '@stoplight/spectral-parsers@1.0.5',
  ],
  redocly: ['@redocly/openapi-core@2.64.0'],
};

/** A ruleset whose packages are not installed: the message names the install command. */
export class MissingPeerError extends Error {}

async function load<T>(ruleset: Ruleset, name: string): Promise<T> {
  try {
    const mod = (await import(name)) as Record<string, unknown>;
    // A CommonJS package imported from ESM: Node finds its named exports only where its lexer can see them
    // (Spectral's re-exports it cannot), and then they are on `default`.
    const fallback = mod.default;
    return (fallback !== null && typeof fallback === 'object' ? { ...fallback, ...mod } : mod) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new MissingPeerError(
      `--rulesets ${ruleset} needs ${PEERS[ruleset].map((p) => p.replace(/@[^@]+$/, '')).join(', ')}, which are not installed: npm install --save-dev --save-exact ${PEERS[ruleset].join(' ')}`,
    );
  }
}

const relative = (file: string) => path.relative(process.cwd(), file) || file;

export async function runRuleset(ruleset: Ruleset, spec: string): Promise<Finding[]> {
  return ruleset === 'spectral' ? runSpectral(spec) : runRedocly(spec);
}

interface SpectralModule {
  Spectral: new () => {
    setRuleset(ruleset: unknown): void;
    run(document: unknown): Promise<
      {
        code: string | number;
        message: string;
        severity: number;
        path: (string | number)[];
        source?: string;
        range: { start: { line: number; character: number } };
      }[]
    >;
  };
  Document: new (input: string, parser: unknown, source?: string) => unknown;
}

async function runSpectral(spec: string): Promise<Finding[]> {
  const core = await load<SpectralModule>('spectral', '@stoplight/spectral-core');
  const { oas } = await load<{ oas: unknown }>('spectral', '@stoplight/spectral-rulesets');
  const parsers = await load<{ Yaml: unknown; Json: unknown }>('spectral', '@stoplight/spectral-parsers');
  const file = path.resolve(spec);
  const spectral = new core.Spectral();
  spectral.setRuleset({ extends: [[oas, 'recommended']] });
  const text = readFileSync(file, 'utf8');
  const parser = /^\s*\{/.test(text) ? parsers.Json : parsers.Yaml;
  const results = await spectral.run(new core.Document(text, parser, file));
  // Spectral's severities: 0 error, 1 warn, 2 info, 3 hint; info and hints are not findings a gate counts.
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({
      tool: 'spectral' as const,
      rule: String(r.code),
      severity: r.severity === 0 ? ('error' as const) : ('warning' as const),
      message: r.message,
      file: relative(r.source ?? file),
      line: r.range.start.line + 1,
      column: r.range.start.character + 1,
      pointer: `#/${r.path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`,
    }));
}

interface RedoclyModule {
  createConfig(config: { extends: string[] }): Promise<unknown>;
  lint(opts: { ref: string; config: unknown }): Promise<
    {
      ruleId: string;
      severity: 'error' | 'warn';
      message: string;
      location: { source: { absoluteRef: string }; pointer?: string }[];
    }[]
  >;
  getLineColLocation(location: unknown): { start: { line: number; col: number } };
}

async function runRedocly(spec: string): Promise<Finding[]> {
  const redocly = await load<RedoclyModule>('redocly', '@redocly/openapi-core');
  const config = await redocly.createConfig({ extends: ['recommended'] });
  const problems = await redocly.lint({ ref: path.resolve(spec), config });
  return problems.map((p) => {
    const at = p.location[0];
    const position = at ? redocly.getLineColLocation(at).start : undefined;
    return {
      tool: 'redocly' as const,
      rule: p.ruleId,
      severity: p.severity === 'error' ? ('error' as const) : ('warning' as const),
      message: p.message,
      ...(at ? { file: relative(at.source.absoluteRef) } : {}),
      ...(position ? { line: position.line, column: position.col } : {}),
      ...(at?.pointer ? { pointer: at.pointer } : {}),
    };
  });
}
