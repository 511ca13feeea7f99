/**
 * `build [--out generated] [--dist dist]`: compiles every generated package in --out into `<dist>/<package>/`
 * (see compile.ts), ready for `npm pack`. Exit codes: 0 built; 1 the compiler refused the sources; 2 usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAll, BuildError } from '../package/compile.ts';

export const USAGE = `usage: platform-api-codegen build [--out generated] [--dist dist]
  --out DIR    the generated tree (default generated): its client/ and server/ packages are built
  --dist DIR   where the publishable packages go (default dist): <dist>/client, <dist>/server, each with
               package.json, README.md, CHANGELOG.md, dist/esm and dist/cjs (.js, .d.ts, source maps);
               pack one with npm pack <dist>/client
exit codes: 0 built, 1 the compiler refused the sources (or no package to build), 2 usage error`;

interface Stream {
  write(s: string): unknown;
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, dist: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    err.write(`error[usage]: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) return (out.write(`${USAGE}\n`), 0);
  const started = performance.now();
  try {
    const dist = path.resolve(cwd, values.dist ?? 'dist');
    for (const b of buildAll(path.resolve(cwd, values.out ?? 'generated'), dist))
      out.write(`built ${path.relative(cwd, b.dir)}/ (dist/esm, dist/cjs)\n`);
    out.write(`in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    err.write(`error[build]: ${error.message}\n`);
    return 1;
  }
}
