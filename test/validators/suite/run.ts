/**
 * Runs suite groups through the generated request validators and through ajv in the same process, and tallies
 * each test: right, wrong behind a located warning (declared), or silently wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft4 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { DEFAULT_CONFIG } from '../../../generator/config/types.ts';
import type { Warning } from '../../../generator/diagnostics.ts';
import { runPipeline } from '../../../generator/pipeline.ts';
import { writeTree } from '../../../generator/render/write.ts';
import { root } from '../fixture.ts';
import { suiteDocument, type Group } from './load.ts';

export interface Outcome {
  group: Group;
  test: string;
  expected: boolean;
  ours: boolean | 'no-validator' | 'error';
  ajv: boolean | 'error';
  /** A warning of the generator located in the group's schema, when there is one. */
  warning?: string;
  /** The `schemaPath` of each error, when ours refused the value. */
  schemaPaths?: string[];
}

export interface RunOptions {
  name: string;
  draft: 'draft2020-12' | 'draft4';
  /** Whether `format` asserts (the optional format tests) or is an annotation (the required tests). */
  formats: boolean;
}

type Validate = (
  operationId: string,
  input: { body: unknown; mediaType: string },
) => { ok: boolean; errors?: { schemaPath: string }[] };

/** Generates validators for the groups (one generator run; halves again only around a group that fails). */
async function generate(
  groups: Group[],
  options: RunOptions,
  dir: string,
  failures: Map<string, string>,
  warnings: Warning[],
): Promise<{ groups: Group[]; validate: Validate }[]> {
  const spec = path.join(dir, 'openapi.json');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    spec,
    JSON.stringify(suiteDocument(groups, options.draft === 'draft4' ? '3.0.3' : '3.1.0')),
  );
  try {
    const config = {
      ...DEFAULT_CONFIG,
      validators: {
        ...DEFAULT_CONFIG.validators,
        formats: options.formats ? ('assert' as const) : ('annotate' as const),
      },
    };
    const result = await runPipeline({
      spec,
      emitters: ['validators'],
      mode: 'tolerant',
      format: false,
      config,
    });
    warnings.push(...result.warnings);
    const out = path.join(dir, 'out');
    writeTree(out, result.files);
    const mod = (await import(pathToFileURL(path.join(out, 'validators/index.ts')).href)) as {
      validateRequest: Validate;
    };
    return [{ groups, validate: mod.validateRequest }];
  } catch (e) {
    if (groups.length === 1) {
      failures.set(groups[0]!.id, (e as Error).message.split('\n')[0]!);
      return [];
    }
    const half = Math.ceil(groups.length / 2);
    return [
      ...(await generate(groups.slice(0, half), options, `${dir}a`, failures, warnings)),
      ...(await generate(groups.slice(half), options, `${dir}b`, failures, warnings)),
    ];
  }
}

function ajvFor(options: RunOptions) {
  const common = {
    strict: false,
    allErrors: false,
    validateFormats: options.formats,
    logger: false as const,
  };
  // ajv-draft-04 is CommonJS with a `default` export; its types describe the ESM interop the other way round.
  const Draft4 = ((AjvDraft4 as unknown as { default?: unknown }).default ?? AjvDraft4) as typeof Ajv2020;
  const ajv = options.draft === 'draft4' ? new Draft4(common) : new Ajv2020(common);
  if (options.formats) addFormats.default(ajv);
  return ajv;
}

export async function runSuite(groups: Group[], options: RunOptions): Promise<Outcome[]> {
  const runnable = groups.filter((g) => !g.skip);
  const dir = path.join(root, '.tmp/test/json-schema-suite', options.name);
  fs.rmSync(dir, { recursive: true, force: true });
  const failures = new Map<string, string>();
  const warnings: Warning[] = [];
  const chunks = await generate(runnable, options, path.join(dir, 'run'), failures, warnings);
  const validators = new Map<string, Validate>();
  for (const chunk of chunks) for (const g of chunk.groups) validators.set(g.id, chunk.validate);
  const warningOf = (g: Group): string | undefined => {
    const at = `#/components/schemas/${g.id}`;
    const w = warnings.find((x) => x.location.pointer === at || x.location.pointer?.startsWith(`${at}/`));
    return w && `${w.code}: ${w.message}`;
  };
  const ajv = ajvFor(options);
  const outcomes: Outcome[] = [];
  for (const g of runnable) {
    let ajvValidate: ((d: unknown) => boolean) | undefined;
    try {
      ajvValidate = ajv.compile(g.schema as never) as (d: unknown) => boolean;
    } catch {
      ajvValidate = undefined;
    }
    const validate = validators.get(g.id);
    const warning =
      warningOf(g) ?? (failures.has(g.id) ? `generation failed: ${failures.get(g.id)}` : undefined);
    for (const t of g.tests) {
      let schemaPaths: string[] | undefined;
      const ours = validate
        ? attempt(() => {
            const result = validate(g.id.toLowerCase(), { body: t.data, mediaType: 'application/json' });
            schemaPaths = result.errors?.map((e) => e.schemaPath);
            return result.ok;
          })
        : 'no-validator';
      const theirs = ajvValidate ? attempt(() => ajvValidate(t.data)) : 'error';
      const outcome: Outcome = { group: g, test: t.description, expected: t.valid, ours, ajv: theirs };
      if (warning) outcome.warning = warning;
      if (schemaPaths) outcome.schemaPaths = schemaPaths;
      outcomes.push(outcome);
    }
  }
  return outcomes;
}

/** A validator that throws (a stack overflow) gives no answer, which is wrong either way. */
function attempt(run: () => boolean): boolean | 'error' {
  try {
    return run();
  } catch {
    return 'error';
  }
}

/** A stable name of one test, for the list of known wrong answers. */
export const testId = (o: Outcome) => `${o.group.keyword} | ${o.group.description} | ${o.test}`;

export interface Row {
  keyword: string;
  tests: number;
  ours: number;
  declared: number;
  /** Wrong because the group did not generate (a located error, e.g. a `$ref` to a document by `$id`). */
  failed: number;
  silent: number;
  ajv: number;
}

/** Per keyword (suite file): tests run, ours right, wrong behind a warning, silently wrong, ajv right. */
export function table(outcomes: Outcome[]): { rows: Row[]; total: Row; text: string } {
  const rows = new Map<string, Row>();
  const total: Row = { keyword: 'total', tests: 0, ours: 0, declared: 0, failed: 0, silent: 0, ajv: 0 };
  for (const o of outcomes) {
    let row = rows.get(o.group.keyword);
    if (!row)
      rows.set(
        o.group.keyword,
        (row = { keyword: o.group.keyword, tests: 0, ours: 0, declared: 0, failed: 0, silent: 0, ajv: 0 }),
      );
    for (const r of [row, total]) {
      r.tests++;
      if (o.ours === o.expected) r.ours++;
      else if (o.ours === 'no-validator') r.failed++;
      else if (o.warning) r.declared++;
      else r.silent++;
      if (o.ajv === o.expected) r.ajv++;
    }
  }
  const list = [...rows.values()];
  const line = (r: Row) =>
    `| ${r.keyword} | ${r.tests} | ${r.ours} | ${r.declared} | ${r.failed} | ${r.silent} | ${r.ajv} |`;
  const text = [
    '| keyword | tests | ours right | ours wrong, warned | not generated (located error) | ours wrong, silent | ajv right |',
    '|---|---|---|---|---|---|---|',
    ...list.map(line),
    line(total),
  ].join('\n');
  return { rows: list, total, text };
}
