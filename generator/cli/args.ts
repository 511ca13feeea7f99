/**
 * The one argument layer of every command: a command declares its options in a table (./commands.ts), and this
 * parses them, prints the usage made from that table (`--help`, and after every usage error), suggests the nearest
 * option for a mistyped one, checks the choices, exclusions and number of arguments the table states, and returns
 * the exit code of a usage error. A command module only reads the typed values it gets back.
 */
import { parseArgs } from 'node:util';
import type { Mode } from '../diagnostics.ts';
import { nearest } from '../naming/distance.ts';

export interface Stream {
  write(s: string): unknown;
}

/** Exit codes every command shares; a command adds its own (3 for a stale tree, an unreadable spec…). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The spec a command reads when none is named. */
export const DEFAULT_SPEC = 'openapi.yaml';

export interface Option {
  type: 'string' | 'boolean';
  /** A string option's value as the usage names it: a placeholder (`FILE`, `DIR`, `N`) or the default (`openapi.yaml`). */
  value?: string;
  /** What it does: one line, or several (`\n`), each printed in the help column. */
  help: string;
  /** A one-letter alias (`-h`). */
  short?: string;
  /** The only values a string option takes; another is a usage error naming the nearest. */
  choices?: readonly string[];
  /** Options that cannot be given with this one (a usage error); the usage shows them as `[--a|--b]`. */
  excludes?: readonly string[];
}

export interface Command<O extends Record<string, Option> = Record<string, Option>> {
  /** The command's name, as typed after the tool's. */
  name: string;
  /** How it is invoked, when not as `platform-api-codegen <name>` (a repository script). */
  invocation?: string;
  /** One line for the tool's list of commands. */
  summary: string;
  /** Positional arguments: how the usage writes them (`<base> [<head>]`), how many are taken, and their help lines. */
  args?: { synopsis: string; min: number; max: number; help: readonly [string, string][] };
  /** The options, in the order the usage lists them (`--help` is every command's, added here). */
  options: O;
  /** Lines printed after the options. */
  notes?: string;
  /** What each exit code means, in order. */
  exits: Readonly<Record<number, string>>;
}

/** The typed values of a command's options: a string option's text, a boolean option's `true`. */
export type Values<O extends Record<string, Option>> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

export interface Parsed<O extends Record<string, Option>> {
  values: Values<O>;
  positionals: string[];
}

/** Declares a command (the table's types are kept, so its values are typed). */
export function defineCommand<const O extends Record<string, Option>>(command: Command<O>): Command<O> {
  return command;
}

const HELP: Option = { type: 'boolean', short: 'h', help: 'print this help and do nothing else' };

/** The usage text of a command, from its table. */
export function usageOf(command: Command): string {
  const options = Object.entries(command.options);
  const shown = new Set<string>();
  const synopsis: string[] = [];
  for (const [name, o] of options) {
    if (shown.has(name)) continue;
    const group = [name, ...(o.excludes ?? []).filter((x) => x in command.options && !shown.has(x))];
    group.forEach((g) => shown.add(g));
    synopsis.push(`[${group.map((g) => flag(g, command.options[g]!)).join('|')}]`);
  }
  const rows: [string, string][] = [
    ...(command.args?.help ?? []),
    ...options.map(([name, o]): [string, string] => [flag(name, o), o.help]),
  ];
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  const lines = [
    [
      'usage:',
      command.invocation ?? `platform-api-codegen ${command.name}`,
      command.args?.synopsis,
      ...synopsis,
    ]
      .filter(Boolean)
      .join(' '),
    ...rows.flatMap(([left, help]) =>
      help.split('\n').map((line, i) => `  ${(i === 0 ? left : '').padEnd(width)}${line}`.trimEnd()),
    ),
    ...(command.notes ? [command.notes] : []),
    `exit codes: ${Object.entries(command.exits)
      .map(([code, meaning]) => `${code} ${meaning}`)
      .join(', ')}`,
  ];
  return lines.join('\n');
}

function flag(name: string, o: Option): string {
  const value = o.type === 'string' ? ` ${o.value ?? (o.choices ? o.choices.join('|') : 'VALUE')}` : '';
  return `--${name}${value}`;
}

/**
 * Parses `argv` by the command's table. Returns the values, or the exit code to end with: 0 after `--help` (usage
 * on `out`), 2 after a usage error (the message and the usage on `err`).
 */
export function parseCommand<O extends Record<string, Option>>(
  command: Command<O>,
  argv: string[],
  out: Stream,
  err: Stream,
): Parsed<O> | number {
  const table = { ...command.options, help: HELP } as Record<string, Option>;
  const fail = (message: string) => usageError(command, err, message);
  // Mistyped options first, with the nearest known one (node's own message suggests nothing).
  const { tokens } = parseArgs({ args: argv, options: nodeOptions(table), strict: false, tokens: true });
  for (const t of tokens) {
    if (t.kind !== 'option' || Object.hasOwn(table, t.name)) continue;
    const near = t.rawName.startsWith('--') ? nearest(t.name, Object.keys(table)) : undefined;
    return fail(`unknown option ${t.rawName}${near ? ` (did you mean --${near}?)` : ''}`);
  }
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: nodeOptions(table),
      allowPositionals: command.args !== undefined,
      strict: true,
    });
  } catch (error) {
    return fail((error as Error).message.split('. ')[0]!);
  }
  const { values, positionals } = parsed;
  if (values.help) return (out.write(`${usageOf(command)}\n`), EXIT.ok);
  for (const [name, o] of Object.entries(command.options)) {
    const value = values[name];
    if (value === undefined) continue;
    if (o.choices && typeof value === 'string' && !o.choices.includes(value)) {
      const near = nearest(value, [...o.choices]);
      return fail(
        `--${name} must be ${o.choices.join(' or ')}, not ${value}${near ? ` (did you mean ${near}?)` : ''}`,
      );
    }
    const other = o.excludes?.find((x) => values[x] !== undefined);
    if (other) return fail(`--${name} and --${other} exclude each other`);
  }
  const { args } = command;
  if (args && (positionals.length < args.min || positionals.length > args.max))
    return fail(
      args.min === 1 && args.max === 1
        ? `expected one ${args.synopsis}, got ${positionals.length}`
        : `expected ${args.synopsis}, got ${positionals.length} arguments`,
    );
  return { values: values as Values<O>, positionals };
}

/** The mode `--strict`/`--tolerant` chose (they exclude each other); undefined: the config's, else the command's default. */
export function modeOf(values: { strict?: boolean; tolerant?: boolean }): Mode | undefined {
  return values.strict ? 'strict' : values.tolerant ? 'tolerant' : undefined;
}

/** Prints a usage error (the message, then the command's usage) and returns its exit code. */
export function usageError(command: Command, err: Stream, message: string): number {
  err.write(`error[usage]: ${message}\n${usageOf(command)}\n`);
  return EXIT.usage;
}

function nodeOptions(table: Record<string, Option>) {
  return Object.fromEntries(
    Object.entries(table).map(([name, o]) => [
      name,
      o.short ? { type: o.type, short: o.short } : { type: o.type },
    ]),
  );
}
