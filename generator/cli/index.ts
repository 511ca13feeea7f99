/**
 * The toolchain's command line, as installed (`npx platform-api-codegen <command>`), and as the repository's npm
 * scripts call it on our spec. Every command works on the user's own spec and config; `<command> --help` prints
 * that command's options and does nothing else.
 */
import { nearest } from '../naming/distance.ts';
import { EXIT, type Stream } from './args.ts';
import { COMMANDS, type CommandName } from './commands.ts';
import { version } from './version.ts';

export { version };

// Each command's module is loaded when it runs: `emulate` on a cached spec then starts without loading the
// generator (ts-morph, prettier, the parsers), which is most of a cold start. Their options are in ./commands.ts.
type Main = (argv: string[], out: Stream, err: Stream) => Promise<number>;
const RUN: Record<CommandName, () => Promise<Main>> = {
  generate: async () => (await import('./generate.ts')).main,
  check: async () => (await import('./generate.ts')).check,
  lint: async () => (await import('./lint.ts')).main,
  diff: async () => (await import('./diff.ts')).main,
  changelog: async () => (await import('./changelog.ts')).main,
  build: async () => (await import('./build.ts')).main,
  emulate: async () => (await import('./emulate.ts')).main,
  release: async () => (await import('./release.ts')).main,
};

export const HELP = `usage: platform-api-codegen <command> [options]     (platform-api-codegen <command> --help for its options)
commands:
${Object.values(COMMANDS)
  .map((c) => `  ${c.name.padEnd(10)} ${c.summary}`)
  .join('\n')}
  --version  print the version
exit codes: 0 ok; 1 failure (errors are printed, located); 2 usage error; 3 stale output (check) or an unreadable spec version (diff, changelog, release)`;

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') return (out.write(`${version()}\n`), EXIT.ok);
  if (command === '--help' || command === '-h' || command === 'help')
    return (out.write(`${HELP}\n`), EXIT.ok);
  if (command === undefined) return (err.write(`${HELP}\n`), EXIT.usage);
  if (Object.hasOwn(RUN, command)) return (await RUN[command as CommandName]())(rest, out, err);
  const near = nearest(command, Object.keys(COMMANDS));
  err.write(
    `error[usage]: unknown command "${command}"${near ? ` (did you mean "${near}"?)` : ''}\n${HELP}\n`,
  );
  return EXIT.usage;
}
