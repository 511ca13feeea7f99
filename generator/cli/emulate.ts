/**
 * `emulate`: serves a stateful emulator of the spec on 127.0.0.1 until interrupted (Ctrl-C or SIGTERM closes it;
 * `--data` keeps what was stored), made runnable by ../package/emulator.ts. Options and exit codes: EMULATE in
 * ./commands.ts.
 */
import { pathToFileURL } from 'node:url';
import { GeneratorError, formatWarning } from '../diagnostics.ts';
import { findConfig } from '../config/load.ts';
import { readInput } from '../load/read-file.ts';
import { prepareEmulator } from '../package/emulator.ts';
import { DEFAULT_SPEC, parseCommand, usageError, type Stream } from './args.ts';
import { EMULATE } from './commands.ts';

interface Emulator {
  url: string;
  basePath: string;
  close(): Promise<void>;
}
interface EmulatorModule {
  startEmulator(options: { port?: number; dataDir?: string; config?: unknown }): Promise<Emulator>;
  checkConfig(value: unknown, where: string): unknown;
  ConfigError: new (...args: never[]) => Error;
}

export interface EmulateOptions {
  /** Resolves when the emulator should close (default: SIGINT or SIGTERM). */
  until?: Promise<unknown>;
  /** Called once the emulator listens. */
  onListening?: (url: string) => void;
}

export async function main(
  argv: string[],
  out: Stream = process.stdout,
  err: Stream = process.stderr,
  options: EmulateOptions = {},
): Promise<number> {
  const args = parseCommand(EMULATE, argv, out, err);
  if (typeof args === 'number') return args;
  const { values } = args;
  const usage = (message: string) => usageError(EMULATE, err, message);
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '0') || !Number.isInteger(port) || port < 0 || port > 65535)
    return usage(`--port must be an integer from 0 to 65535, not ${values.port}`);
  const unknownIds = values['unknown-ids'];
  let config: unknown = {};
  if (values.config) {
    try {
      config = JSON.parse(readInput(values.config));
    } catch (error) {
      err.write(
        `error[config]: ${values.config}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}\n`,
      );
      return 2;
    }
  }
  const spec = values.spec ?? DEFAULT_SPEC;
  const codegenConfig = findConfig(process.cwd());
  let mod: EmulatorModule;
  let prepared;
  try {
    prepared = await prepareEmulator(spec, {
      ...(codegenConfig ? { config: codegenConfig } : {}),
      ...(values.strict ? { mode: 'strict' as const } : values.tolerant ? { mode: 'tolerant' as const } : {}),
      ...(values.cache ? { cacheDir: values.cache } : {}),
      onStart: (dir) =>
        err.write(
          `First start on ${spec}: generating and compiling its emulator into ${dir} (later starts reuse it)\n`,
        ),
      onStep: (step, ms) => err.write(`  ${step.padEnd(22)} ${ms.toFixed(0).padStart(6)} ms\n`),
    });
    mod = (await import(pathToFileURL(prepared.entry).href)) as EmulatorModule;
  } catch (error) {
    if (error instanceof GeneratorError) {
      for (const w of error.warnings) err.write(`${formatWarning(w)}\n`);
      err.write(`${error.format()}\n`);
      return 1;
    }
    err.write(`error[emulate]: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    if (unknownIds !== undefined && typeof config === 'object' && config !== null && !Array.isArray(config))
      config = { ...config, unknownIds };
    config = mod.checkConfig(config, values.config ?? 'config');
  } catch (error) {
    err.write(`error[config]: ${(error as Error).message}\n`);
    return 2;
  }
  let emulator: Emulator;
  try {
    emulator = await mod.startEmulator({ port, ...(values.data ? { dataDir: values.data } : {}), config });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const message =
      e.code === 'EADDRINUSE'
        ? `port ${port} on 127.0.0.1 is in use (choose another with --port, or 0 for any free port)`
        : e.message;
    err.write(`error[emulate]: ${message}\n`);
    return e.message.startsWith('config ') ? 2 : 1;
  }
  out.write(
    `Emulating ${prepared.title} at ${emulator.url}${emulator.basePath}${values.data ? ` (data in ${values.data})` : ' (in memory)'}\n`,
  );
  options.onListening?.(emulator.url);
  await (options.until ??
    new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }));
  await emulator.close();
  return 0;
}
