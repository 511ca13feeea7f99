/**
 * `lint`: reads the spec as `generate` does, writes nothing, and reports every finding of one run (an unresolved
 * `$ref` too, with the rest still checked), ours and the standard rulesets' alike (--rulesets), under one exit code
 * chosen by --fail-on and --max-warnings, in the --format a CI reads. Options and exit codes: LINT in
 * ./commands.ts.
 */
import { checkConfig, configFor } from '../config/index.ts';
import { findConfig } from '../config/load.ts';
import {
  Diagnostics,
  GeneratorError,
  GeneratorErrors,
  type DiagnosticCode,
  type Warning,
} from '../diagnostics.ts';
import type { Api } from '../ir/api.ts';
import {
  fromLocation,
  renderGithub,
  renderJson,
  renderSarif,
  renderText,
  type Finding,
  type Tool,
} from '../lint/findings.ts';
import { MissingPeerError, RULESETS, runRuleset, type Ruleset } from '../lint/rulesets.ts';
import { buildIr, passOptionsFor } from '../model.ts';
import { nearest } from '../naming/distance.ts';
import { DEFAULT_SPEC, EXIT, modeOf, parseCommand, usageError, type Stream } from './args.ts';
import { LINT } from './commands.ts';
import { version } from './version.ts';

/** Codes that are defects of the spec itself: errors even in tolerant mode. The rest only matter to generation. */
const SPEC_DEFECTS = new Set<DiagnosticCode>([
  'yaml-syntax',
  'file-not-found',
  'invalid-openapi',
  'unresolved-ref',
  'invalid-extension',
  'invalid-config',
  'duplicate-enum-value',
  'invalid-pattern',
  'input-limit',
]);

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
): Promise<number> {
  const args = parseCommand(LINT, argv, out, err);
  if (typeof args === 'number') return args;
  const { values } = args;
  const format = values.format ?? 'text';
  const failOn = values['fail-on'] ?? 'error';
  const maxWarnings = values['max-warnings'] === undefined ? undefined : Number(values['max-warnings']);
  if (maxWarnings !== undefined && !(Number.isInteger(maxWarnings) && maxWarnings >= 0))
    return usageError(LINT, err, `--max-warnings must be a whole number, not ${values['max-warnings']}`);
  const rulesets: Ruleset[] = [];
  for (const name of values.rulesets
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? []) {
    if (!(RULESETS as readonly string[]).includes(name)) {
      const near = nearest(name, RULESETS);
      return usageError(
        LINT,
        err,
        `--rulesets names no ruleset "${name}"${near ? ` (did you mean "${near}"?)` : ''}; they are ${RULESETS.join(', ')}`,
      );
    }
    rulesets.push(name as Ruleset);
  }
  const spec = values.spec ?? DEFAULT_SPEC;

  const findings: Finding[] = [];
  let api: Api | undefined;
  try {
    const { config, locate } = configFor(values.config ?? findConfig(process.cwd()));
    const tolerant = (modeOf(values) ?? config.mode ?? 'strict') === 'tolerant';
    const diagnostics = new Diagnostics(tolerant ? 'tolerant' : 'strict');
    const ours = (w: Warning): Finding =>
      fromLocation(
        'platform-api-codegen',
        w.code,
        tolerant && SPEC_DEFECTS.has(w.code) ? 'error' : 'warning',
        `${w.message}; ${w.fallback}`,
        w.location,
      );
    try {
      api = await buildIr(spec, undefined, diagnostics, undefined, passOptionsFor(config));
      findings.push(...[...diagnostics.warnings, ...checkConfig(config, api, locate)].map(ours));
    } catch (error) {
      if (!(error instanceof GeneratorError)) throw error;
      const errors = error instanceof GeneratorErrors ? error.errors : [error];
      findings.push(...(error.warnings.length ? error.warnings : diagnostics.warnings).map(ours));
      findings.push(
        ...errors.map((e) => fromLocation('platform-api-codegen', e.code, 'error', e.message, e.location)),
      );
    }
  } catch (error) {
    // The config itself could not be read.
    if (!(error instanceof GeneratorError)) throw error;
    findings.push(fromLocation('platform-api-codegen', error.code, 'error', error.message, error.location));
  }
  for (const ruleset of rulesets) {
    try {
      findings.push(...(await runRuleset(ruleset, spec)));
    } catch (error) {
      if (error instanceof MissingPeerError)
        return (err.write(`error[usage]: ${error.message}\n`), EXIT.usage);
      findings.push({
        tool: ruleset,
        rule: 'ruleset-failed',
        severity: 'error',
        message: `${ruleset} could not lint the spec: ${(error as Error).message.split('\n')[0]}`,
        file: spec,
      });
    }
  }

  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const failed =
    errors > 0 ||
    (failOn === 'warn' && warnings > 0) ||
    (maxWarnings !== undefined && warnings > maxWarnings);
  const why =
    errors > 0
      ? ''
      : failOn === 'warn' && warnings > 0
        ? ' (--fail-on warn)'
        : failed
          ? ` (more than --max-warnings ${maxWarnings})`
          : '';
  const tools: Tool[] = ['platform-api-codegen', ...rulesets];
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const summary = `${spec}: ${api ? `${plural(api.operations.length, 'operation')}, ` : ''}${errors ? plural(errors, 'error') : 'no error'}${warnings ? `, ${plural(warnings, 'warning')}` : ''}${failed ? `: failed${why}` : ''}`;
  if (format === 'text') {
    err.write(renderText(findings));
    out.write(`${summary}\n`);
  } else {
    if (format === 'json') out.write(renderJson(findings, { spec, errors, warnings, failed, tools }));
    if (format === 'sarif') out.write(renderSarif(findings, tools, version()));
    if (format === 'github') out.write(renderGithub(findings));
    err.write(`${summary}\n`);
  }
  return failed ? EXIT.failed : EXIT.ok;
}
