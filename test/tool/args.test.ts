/**
 * The one argument layer (generator/cli/args.ts) over every command's table (generator/cli/commands.ts): `--help`
 * per command, "did you mean" for a mistyped option, choices, exclusions, argument counts and exit codes, the same
 * for every command; and the README's command table naming every option a table declares.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCommand, usageOf } from '../../generator/cli/args.ts';
import { COMMANDS, DIFF_CI } from '../../generator/cli/commands.ts';
import { main } from '../../generator/cli/index.ts';
import { capture } from '../helpers/capture.ts';

const tool = (argv: string[]) => capture(main, argv);

const commands = Object.values(COMMANDS);

describe('the command layer', () => {
  it.each(commands.map((c) => [c.name, c] as const))(
    '%s --help prints its own usage, every option of its table, and nothing else',
    async (name, command) => {
      const r = await tool([name, '--help']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(`${usageOf(command)}\n`);
      expect(r.stdout.split('\n')[0]).toMatch(new RegExp(`^usage: platform-api-codegen ${name}\\b`));
      for (const option of Object.keys(command.options)) expect(r.stdout).toContain(`--${option}`);
      expect(r.stdout).toMatch(/^exit codes: 0 /m);
    },
  );

  it('check has options of its own: not those of generate that check makes no sense of', async () => {
    const r = await tool(['check', '--help']);
    expect(r.stdout).toMatch(/^usage: platform-api-codegen check /);
    for (const option of ['watch', 'check', 'force'])
      expect(r.stdout).not.toMatch(new RegExp(`^ *--${option}\\b|\\[--${option}\\]`, 'm'));
    const watched = await tool(['check', '--watch']);
    expect(watched.code).toBe(2);
    expect(watched.stderr).toMatch(/^error\[usage\]: unknown option --watch\n/);
  });

  it.each(commands.map((c) => [c.name, c] as const))(
    '%s: a mistyped option is a usage error naming the nearest option',
    async (name, command) => {
      const option = Object.keys(command.options).find((o) => o.length >= 4)!;
      const typo = `${option.slice(0, 1)}${option.slice(2, 3)}${option.slice(1, 2)}${option.slice(3)}`;
      const r = await tool([name, `--${typo}`]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`error[usage]: unknown option --${typo} (did you mean --${option}?)\n`);
      expect(r.stderr).toContain(usageOf(command));
    },
  );

  it('an option without its value, an argument where none is taken, exclusive options and choices are usage errors', async () => {
    const cases: [string[], string][] = [
      [['lint', '--spec'], "error[usage]: Option '--spec <value>' argument missing"],
      [['lint', 'extra'], "error[usage]: Unexpected argument 'extra'"],
      [['generate', '--strict', '--tolerant'], 'error[usage]: --strict and --tolerant exclude each other'],
      [['generate', '--watch', '--check'], 'error[usage]: --watch and --check exclude each other'],
      [['emulate', '--tolerant', '--strict'], 'error[usage]: --strict and --tolerant exclude each other'],
      [
        ['generate', '--formatter', 'prettyer'],
        '--formatter must be oxfmt or prettier, not prettyer (did you mean prettier?)',
      ],
      [['release'], 'error[usage]: expected one <base>, got 0'],
      [['diff', 'a', 'b', 'c'], 'error[usage]: expected <base> [<head>], got 3 arguments'],
    ];
    for (const [argv, message] of cases) {
      const r = await tool(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toContain(message);
    }
  });

  it('returns the typed values of a table, and the usage of a repository script names how it is run', () => {
    const sink = { write: () => true };
    const parsed = parseCommand(COMMANDS.diff, ['a', '--format', 'json', '--allow-breaking'], sink, sink);
    expect(parsed).toEqual({ values: { format: 'json', 'allow-breaking': true }, positionals: ['a'] });
    expect(usageOf(DIFF_CI)).toMatch(/^usage: npm run diff:ci -- \[--against REF\]\n/);
  });

  it("the README's table of commands names every option of every command", () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const command of commands) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${command.name} `));
      expect(row, command.name).toBeDefined();
      for (const option of Object.keys(command.options)) expect(row, command.name).toContain(`--${option}`);
    }
  });
});
