/**
 * `build`: compiles every generated package in --out into `<dist>/<package>/` (see ../package/compile.ts), ready
 * for `npm pack`. Options and exit codes: BUILD in ./commands.ts.
 */
import path from 'node:path';
import { buildAll, BuildError } from '../package/compile.ts';
import { EXIT, parseCommand, type Stream } from './args.ts';
import { BUILD } from './commands.ts';

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  cwd = process.cwd(),
): Promise<number> {
  const args = parseCommand(BUILD, argv, out, err);
  if (typeof args === 'number') return args;
  const { values } = args;
  const started = performance.now();
  try {
    const dist = path.resolve(cwd, values.dist ?? 'dist');
    // One line per package as soon as it is built (a build takes tens of seconds), with its time.
    let last = started;
    err.write(
      `building ${path.relative(cwd, path.resolve(cwd, values.out ?? 'generated')) || '.'}/ into ${path.relative(cwd, dist) || '.'}/ …\n`,
    );
    buildAll(path.resolve(cwd, values.out ?? 'generated'), dist, (b) => {
      const now = performance.now();
      out.write(
        `built ${path.relative(cwd, b.dir)}/ (dist/esm, dist/cjs) in ${((now - last) / 1000).toFixed(1)} s\n`,
      );
      last = now;
    });
    out.write(`in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    err.write(`error[build]: ${error.message}\n`);
    return EXIT.failed;
  }
}
