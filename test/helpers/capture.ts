/** Runs a command's `main` with its output captured: the exit code and what it wrote to stdout and stderr. */
import type { Stream } from '../../generator/cli/args.ts';

export async function capture<A extends unknown[]>(
  main: (argv: string[], out: Stream, err: Stream, ...rest: A) => Promise<number>,
  argv: string[],
  ...rest: A
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    argv,
    { write: (s: string) => (stdout += s) },
    { write: (s: string) => (stderr += s) },
    ...rest,
  );
  return { code, stdout, stderr };
}
