/**
 * The toolchain's command line, as installed (`npx platform-api-codegen <command>`), and as the repository's npm
 * scripts call it on our spec. Every command works on the user's own spec and config; `<command> --help` prints
 * that command's options and does nothing else.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nearest } from '../naming/distance.ts';

// Each command's module is loaded when it runs: `emulate` on a cached spec then starts without loading the
// generator (ts-morph, prettier, the parsers), which is most of a cold start.
interface Stream {
  write(s: string): unknown;
}
type Main = (argv: string[], out: Stream, err: Stream) => Promise<number>;
const generate = async (a: string[], o: NodeJS.WritableStream, e: NodeJS.WritableStream): Promise<number> =>
  (await import('./generate.ts')).main(a, o, e);
const lint: Main = async (a, o, e) => (await import('./lint.ts')).main(a, o, e);
const diff: Main = async (a, o, e) => (await import('./diff.ts')).main(a, o, e);
const changelog: Main = async (a, o, e) => (await import('./changelog.ts')).main(a, o, e);
const build: Main = async (a, o, e) => (await import('./build.ts')).main(a, o, e);
const release: Main = async (a, o, e) => (await import('./release.ts')).main(a, o, e);
const emulate: Main = async (a, o, e) => (await import('./emulate.ts')).main(a, o, e);

const COMMANDS: Record<
  string,
  { summary: string; run: (argv: string[], out: Stream, err: Stream) => Promise<number> }
> = {
  generate: {
    summary: 'generate types, client, validators, server, tables and docs from an OpenAPI 3.0/3.1 spec',
    run: (a, o, e) => generate(a, o as NodeJS.WritableStream, e as NodeJS.WritableStream),
  },
  check: {
    summary: 'exit 3 when the generated folder differs from what the spec gives (generate --check)',
    run: (a, o, e) =>
      generate(
        a.includes('--help') || a.includes('-h') ? a : ['--check', ...a],
        o as NodeJS.WritableStream,
        e as NodeJS.WritableStream,
      ),
  },
  lint: {
    summary: "report every finding in the spec (and the config's references into it); write nothing",
    run: lint,
  },
  diff: {
    summary: 'the changes between two versions of the spec, breaking ones first (exit 1 when breaking)',
    run: (a, o, e) => diff(a, o, e),
  },
  changelog: {
    summary: 'diff → a changelog entry and the next version, in the release record',
    run: (a, o, e) => changelog(a, o, e),
  },
  build: {
    summary: 'compile the generated packages into publishable folders (dist/client, dist/server)',
    run: (a, o, e) => build(a, o, e),
  },
  emulate: {
    summary:
      'serve a stateful emulator of the spec on 127.0.0.1 (resources, lifecycles, webhooks, --data to keep them)',
    run: (a, o, e) => emulate(a, o, e),
  },
  release: {
    summary: 'diff → changelog → bump → generate → build → pack (never publishes)',
    run: (a, o, e) => release(a, o, e),
  },
};

export function version(): string {
  // lib/generator/cli/index.js in the package, generator/cli/index.ts in the repository: package.json is three
  // folders up from the first and two from the second.
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const up of ['../..', '../../..']) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(here, up, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'platform-api-codegen' && pkg.version) return pkg.version;
    } catch {
      // try the next folder
    }
  }
  return 'unknown';
}

export const HELP = `usage: platform-api-codegen <command> [options]     (platform-api-codegen <command> --help for its options)
commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}
  --version  print the version
exit codes: 0 ok; 1 failure (errors are printed, located); 2 usage error; 3 stale output (check) or an unreadable spec version (diff, changelog, release)`;

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') return (out.write(`${version()}\n`), 0);
  if (command === '--help' || command === '-h' || command === 'help') return (out.write(`${HELP}\n`), 0);
  if (command === undefined) return (err.write(`${HELP}\n`), 2);
  const found = COMMANDS[command];
  if (found) return found.run(rest, out, err);
  const near = nearest(command, Object.keys(COMMANDS));
  err.write(
    `error[usage]: unknown command "${command}"${near ? ` (did you mean "${near}"?)` : ''}\n${HELP}\n`,
  );
  return 2;
}
