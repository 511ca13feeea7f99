/**
 * `lint`: reads the spec as `generate` does, writes nothing, and prints every finding at once (strict by default:
 * each is an error; --tolerant lists them as warnings). Also checks the config against the spec. Options and exit
 * codes: LINT in ./commands.ts.
 */
import { checkConfig, configFor } from '../config/index.ts';
import { findConfig } from '../config/load.ts';
import { Diagnostics, formatWarning, GeneratorError } from '../diagnostics.ts';
import { buildIr } from '../pipeline.ts';
import { DEFAULT_SPEC, parseCommand, type Stream } from './args.ts';
import { LINT } from './commands.ts';

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
): Promise<number> {
  const args = parseCommand(LINT, argv, out, err);
  if (typeof args === 'number') return args;
  const { values } = args;
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
