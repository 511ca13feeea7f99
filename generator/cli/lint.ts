/**
 * `lint [--spec FILE] [--config FILE] [--tolerant]`: reads the spec as `generate` does, writes nothing, and prints
 * every finding at once (strict by default: each is an error; --tolerant lists them as warnings). Also checks the
 * config against the spec. Exit codes: 0 no error; 1 errors; 2 usage error.
 */
import { parseArgs } from 'node:util';
import { checkConfig, configFor } from '../config/index.ts';
import { findConfig } from '../config/load.ts';
import { DEFAULT_SPEC } from '../diff/specs.ts';
import { Diagnostics, formatWarning, GeneratorError } from '../diagnostics.ts';
import { buildIr } from '../pipeline.ts';

export const USAGE = `usage: platform-api-codegen lint [--spec openapi.yaml] [--config FILE] [--tolerant]
  --spec FILE    the spec (default openapi.yaml)
  --config FILE  codegen config (default codegen.config.json in the working directory, if any)
  --tolerant     list the findings as warnings (exit 0) instead of errors
exit codes: 0 no error, 1 errors (each printed, located), 2 usage error`;

interface Stream {
  write(s: string): unknown;
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        spec: { type: 'string' },
        config: { type: 'string' },
        tolerant: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    err.write(`error[usage]: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) return (out.write(`${USAGE}\n`), 0);
  const spec = values.spec ?? DEFAULT_SPEC;
  const diagnostics = new Diagnostics(values.tolerant ? 'tolerant' : 'strict');
  try {
    const { config, locate } = configFor(values.config ?? findConfig(process.cwd()));
    const api = await buildIr(spec, undefined, diagnostics);
    const warnings = [...diagnostics.warnings, ...checkConfig(config, api, locate)];
    for (const w of warnings) err.write(`${formatWarning(w)}\n`);
    out.write(
      `${spec}: ${api.operations.length} operations, no error${warnings.length ? `, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : ''}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    for (const w of error.warnings.length ? error.warnings : diagnostics.warnings)
      err.write(`${formatWarning(w)}\n`);
    err.write(`${error.format()}\n`);
    return 1;
  }
}
