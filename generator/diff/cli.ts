/**
 * `diff <base> [<head>] [--format markdown|json] [--allow-breaking]`: each side a spec file, a directory with
 * openapi.yaml, or a git revision of spec/; head defaults to the working tree. Exit codes: 0 no breaking change
 * (or --allow-breaking); 1 breaking changes; 2 usage error; 3 a spec version could not be read or loaded.
 */
import { parseArgs } from 'node:util';
import { GeneratorError } from '../diagnostics.ts';
import { buildIr } from '../pipeline.ts';
import type { Api } from '../ir/types.ts';
import { diffApis } from './index.ts';
import { renderJson, renderMarkdown, type RenderInput } from './render.ts';
import { resolveSpec, SpecSourceError, type SpecSource } from './source.ts';

export const DIFF_EXIT = { ok: 0, breaking: 1, usage: 2, unreadable: 3 } as const;

const USAGE = `usage: npm run diff -- <base> [<head>] [--format markdown|json] [--allow-breaking]
  <base>, <head>     a spec root file, a directory holding openapi.yaml, or a git revision of spec/
                     (head defaults to spec/openapi.yaml in the working tree)
  --format FORMAT    markdown (default) or json
  --allow-breaking   exit 0 even when breaking changes are found
exit codes: 0 no breaking change, 1 breaking changes, 2 usage error, 3 a spec version cannot be read`;

interface Stream {
  write(s: string): unknown;
}


/** Loads both versions and diffs them; throws SpecSourceError or GeneratorError when a side cannot be read. */
export async function diffSpecs(baseRef: string, headRef: string, cwd = process.cwd()): Promise<RenderInput> {
  const sources: SpecSource[] = [];
  try {
    const base = resolveSpec(baseRef, { cwd });
    sources.push(base);
    const head = resolveSpec(headRef, { cwd });
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
    return { result: diffApis(a, b), base: base.label, head: headRef === 'spec/openapi.yaml' ? 'working tree' : head.label, areas };
  } finally {
    for (const s of sources) s.dispose();
  }
}

export async function main(argv: string[], out: Stream = process.stdout, err: Stream = process.stderr, cwd = process.cwd()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string', default: 'markdown' }, 'allow-breaking': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
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
  const format = values.format ?? 'markdown';
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
    input = await diffSpecs(positionals[0]!, positionals[1] ?? 'spec/openapi.yaml', cwd);
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
