/**
 * `emulate --spec FILE [--port N] [--data DIR] [--config FILE]`: serves a stateful emulator of the spec on
 * 127.0.0.1 until interrupted (Ctrl-C or SIGTERM closes it; `--data` keeps what was stored).
 * Exit codes: 0 closed; 1 the spec could not be generated or the emulator could not start; 2 usage or config error.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { GeneratorError, formatWarning } from '../diagnostics.ts';
import { findConfig } from '../config/load.ts';
import { readInput } from '../load/read-file.ts';
import { prepareEmulator } from './prepare.ts';

interface Stream {
  write(s: string): unknown;
}

export const USAGE = `usage: platform-api-codegen emulate [--spec openapi.yaml] [--port 4010] [--data DIR] [--config FILE] [--strict|--tolerant]
  --spec FILE    root OpenAPI 3.0/3.1 document (default openapi.yaml); any spec generate accepts
  --port N       port on 127.0.0.1 (default 4010; 0 picks a free one)
  --data DIR     keep every resource in DIR (SQLite); a restart, even after a crash, finds what was acknowledged.
                 Without it the emulator keeps everything in memory
  --config FILE  the emulator's config (JSON): apiKeys, requestsPerMinute, tokenLifetimeSeconds, subjectTokens,
                 webhooks, webhookAttempts, webhookRetryMs, steps, seed (see the generated emulator README)
  --strict       every finding in the spec is an error (default: tolerant, as for generate)
  --tolerant     findings are warnings with a documented fallback
The emulator is generated into node_modules/.cache/platform-api-codegen/emulate/ and reused while the spec is
unchanged. Control endpoints: POST /_emulator/clock {"advance_ms": N}, GET /_emulator/clock, GET /_emulator/webhooks.
exit codes: 0 closed by a signal; 1 spec or start-up error; 2 usage or config error`;

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
  let values: {
    spec?: string;
    port?: string;
    data?: string;
    config?: string;
    strict?: boolean;
    tolerant?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        spec: { type: 'string' },
        port: { type: 'string' },
        data: { type: 'string' },
        config: { type: 'string' },
        strict: { type: 'boolean' },
        tolerant: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    err.write(`error[usage]: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) return (out.write(`${USAGE}\n`), 0);
  const usage = (message: string) => (err.write(`error[usage]: ${message}\n${USAGE}\n`), 2);
  if (values.strict && values.tolerant) return usage('--strict and --tolerant exclude each other');
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '0') || !Number.isInteger(port) || port < 0 || port > 65535)
    return usage(`--port must be an integer from 0 to 65535, not ${values.port}`);
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
  const spec = values.spec ?? 'openapi.yaml';
  const codegenConfig = findConfig(process.cwd());
  let mod: EmulatorModule;
  let prepared;
  try {
    prepared = await prepareEmulator(spec, {
      ...(codegenConfig ? { config: codegenConfig } : {}),
      ...(values.strict ? { mode: 'strict' as const } : values.tolerant ? { mode: 'tolerant' as const } : {}),
      onStep: (step, ms) => err.write(`  ${step.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms\n`),
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
