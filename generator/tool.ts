/**
 * The toolchain's command line, as installed (`npx platform-api-codegen <command>`): `generate` is the generator's
 * CLI (generator/cli.ts) with every option; `--help` lists the commands.
 */
import { main as generate } from './cli.ts';

const HELP = `usage: platform-api-codegen <command> [options]
commands:
  generate   generate types, client, validators, server, tables and docs from an OpenAPI 3.0/3.1 spec
             (platform-api-codegen generate --help for its options)`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'generate') return generate(rest);
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${HELP}\n`);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`error[usage]: unknown command "${command}"\n${HELP}\n`);
  return 2;
}
