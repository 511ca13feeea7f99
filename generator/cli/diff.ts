/**
 * `diff <base> [<head>]`: each side a spec file, a directory with openapi.yaml, or a git revision (of the --spec
 * file); head defaults to the --spec file. Options and exit codes: DIFF in ./commands.ts.
 */
import { renderJson, renderMarkdown, type RenderInput } from '../diff/render.ts';
import { SpecSourceError } from '../diff/source.ts';
import { diffSpecs, loadOptions } from '../diff/specs.ts';
import { DEFAULT_SPEC, EXIT, modeOf, parseCommand, type Stream } from './args.ts';
import { DIFF } from './commands.ts';

export const DIFF_EXIT = { ok: EXIT.ok, breaking: 1, usage: EXIT.usage, unreadable: 3 } as const;

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  const args = parseCommand(DIFF, argv, out, err);
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const format = values.format ?? 'markdown';
  let input: RenderInput;
  try {
    input = await diffSpecs(positionals[0]!, positionals[1], cwd, values.spec ?? DEFAULT_SPEC, {
      ...loadOptions(values.config, modeOf(values), cwd),
      onFindings: (label, n) =>
        err.write(`${label}: read past ${n} finding${n === 1 ? '' : 's'} (tolerant; lint lists them)\n`),
    });
  } catch (error) {
    if (error instanceof SpecSourceError) {
      err.write(`error[unreadable-spec]: ${error.message}\n`);
      return DIFF_EXIT.unreadable;
    }
    throw error;
  }
  out.write(format === 'json' ? renderJson(input) : renderMarkdown(input));
  const { breaking } = input.result.summary;
  if (breaking && !values['allow-breaking']) {
    err.write(`${breaking} breaking change${breaking === 1 ? '' : 's'} (pass --allow-breaking to accept)\n`);
    return DIFF_EXIT.breaking;
  }
  return DIFF_EXIT.ok;
}
