/**
 * `diff <base> [<head>] [--spec FILE] [--format markdown|json] [--allow-breaking]`: each side a spec file, a
 * directory with openapi.yaml, or a git revision (of the --spec file); head defaults to the --spec file. Exit codes: 0 no breaking change
 * (or --allow-breaking); 1 breaking changes; 2 usage error; 3 a spec version could not be read or loaded.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GeneratorError } from '../diagnostics.ts';
import { buildIr } from '../pipeline.ts';
import type { Api } from '../ir/types.ts';
import { diffApis } from './index.ts';
import { renderJson, renderMarkdown, type RenderInput } from './render.ts';
import { resolveSpec, SpecSourceError, type SpecSource } from './source.ts';

export const DIFF_EXIT = { ok: 0, breaking: 1, usage: 2, unreadable: 3 } as const;

export const DEFAULT_SPEC = 'openapi.yaml';

const USAGE = `usage: platform-api-codegen diff <base> [<head>] [--spec openapi.yaml] [--format markdown|json] [--allow-breaking]
  <base>, <head>     a spec root file, a directory holding openapi.yaml, or a git revision (the --spec file
                     as committed at that revision)
  --spec FILE        the spec in the working tree: the default head, and the file read at a git revision
                     (default openapi.yaml)
  --format FORMAT    markdown (default) or json
  --allow-breaking   exit 0 even when breaking changes are found
exit codes: 0 no breaking change, 1 breaking changes, 2 usage error, 3 a spec version cannot be read`;

interface Stream {
  write(s: string): unknown;
}

/** Loads both versions and diffs them; throws SpecSourceError or GeneratorError when a side cannot be read. */
export async function diffSpecs(
  baseRef: string,
  headRef: string | undefined,
  cwd = process.cwd(),
  spec = DEFAULT_SPEC,
): Promise<RenderInput> {
  const sources: SpecSource[] = [];
  // A git revision names the --spec file as committed then: its folder and file name.
  const where = { cwd, specDir: path.dirname(spec), root: path.basename(spec) };
  try {
    const base = resolveSpec(baseRef, where);
    sources.push(base);
    const head = resolveSpec(headRef ?? spec, where);
    sources.push(head);
    const load = async (s: SpecSource): Promise<Api> => {
      try {
        return await buildIr(s.file);
      } catch (error) {
        if (error instanceof GeneratorError) throw new SpecSourceError(`${s.label}: ${error.format()}`);
        throw error;
      }
    };
    const [a, b] = [await load(base), await load(head)];
    const areas = [...b.areas, ...a.areas.filter((x) => !b.areas.some((y) => y.slug === x.slug))];
    return {
      result: diffApis(a, b),
      base: base.label,
      head: headRef === undefined ? 'working tree' : head.label,
      areas,
    };
  } finally {
    for (const s of sources) s.dispose();
  }
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'markdown' },
        'allow-breaking': { type: 'boolean' },
        spec: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    err.write(`error[usage]: ${(error as Error).message}\n${USAGE}\n`);
    return DIFF_EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out.write(`${USAGE}\n`);
    return DIFF_EXIT.ok;
  }
  const format = values.format;
  if (format !== 'markdown' && format !== 'json') {
    err.write(`error[usage]: --format must be markdown or json, not ${format}\n${USAGE}\n`);
    return DIFF_EXIT.usage;
  }
  if (positionals.length < 1 || positionals.length > 2) {
    err.write(`error[usage]: expected <base> [<head>], got ${positionals.length} arguments\n${USAGE}\n`);
    return DIFF_EXIT.usage;
  }
  let input: RenderInput;
  try {
    input = await diffSpecs(positionals[0]!, positionals[1], cwd, values.spec ?? DEFAULT_SPEC);
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
